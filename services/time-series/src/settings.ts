/** The time-series service's own settings (docs/operations.md, "Time series"), a config section of the platform. */
import { z } from 'zod';
import { envBoolean, type Environment, loadConfig } from '@tessera/platform';

export const timeSeriesEnvSchema = z.object({
  /**
   * Backfill missing candles at start (a year of daily, 30 days of minute candles at the first start; the gap
   * since the last stored candle after that), and store live candles. Off: a read-only process at scale.
   */
  TIME_SERIES_WRITER: envBoolean(true),
});

export interface TimeSeriesSettings {
  readonly writer: boolean;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadTimeSeriesSettings(env?: Environment): TimeSeriesSettings {
  return { writer: loadConfig(env, { timeSeries: timeSeriesEnvSchema }).timeSeries.TIME_SERIES_WRITER };
}
