/** The trading websocket lives in lib/markets/trading-stream.ts (the home page uses it too). */
export { applyTradingMessage, useTradingStream } from '#/shared/trading/trading-stream.ts';
