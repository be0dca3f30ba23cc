/**
 * @tessera/service-trading: orders with pre-trade checks, ledger reservation and settlement, the internal venue
 * (matching engine and simulated market makers), positions, watchlists, price alerts and the customer's trading
 * websocket (PRODUCT.md, "Trading"; docs/adr/0007-trading-reservation-and-settlement.md).
 */
export { defineTradingService, tradingService } from './service.ts';
export type { TradingRuntime, TradingRuntimeOptions } from './modules/runtime/trading-runtime.ts';
export type { VenueAdapter, VenueExecutionReport, VenueOrder } from './modules/venue/venue-adapter.ts';
/** The matching engine and trigger book (pure; used by bench/matching). */
export * from './modules/matching/index.ts';
