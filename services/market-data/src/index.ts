/**
 * @tessera/service-market-data: quotes, trades, books and live candles from the market simulator (or another
 * feed), over HTTP and a websocket (docs/adr/0009-market-data.md). Other services use `MARKET_DATA_CLIENT` of
 * @tessera/contracts and the market events.
 */
export { MarketDataRuntime } from './modules/market/market-data-runtime.ts';
export { createMarketDataService, marketDataService, type MarketDataServiceOptions } from './service.ts';
export { loadMarketDataSettings, type MarketDataSettings } from './settings.ts';
export type {
  MarketFeed,
  FeedSink,
  FeedUpdate,
  FeedSession,
  FeedLevel,
  FeedTrade,
} from './modules/feed/market-feed.ts';
