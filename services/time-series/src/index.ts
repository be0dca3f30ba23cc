/**
 * @tessera/service-time-series: candles (1m, 5m, 15m, 1h, 1d, 1w) with range queries, backfilled from market
 * data's history at start and kept current from its live candles (docs/adr/0009-market-data.md).
 */
export { createTimeSeriesService, timeSeriesService, type TimeSeriesServiceOptions } from './service.ts';
export { TimeSeriesRuntime } from './modules/candles/time-series-runtime.ts';
export { loadTimeSeriesSettings, type TimeSeriesSettings } from './settings.ts';
