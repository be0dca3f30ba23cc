/**
 * The market-data service's own settings (docs/operations.md, "Market data"), read through the platform's config
 * loader as a config section, so a bad value is reported like any other variable.
 */
import { z } from 'zod';
import { envEnum, envInteger, envString, type Environment, loadConfig } from '@tessera/platform';

/** The variables and their defaults. */
export const marketDataEnvSchema = z.object({
  /** `simulator` runs the market simulator here; `none` serves what another process publishes (scale-out). */
  MARKET_DATA_FEED: envEnum(['simulator', 'none'], 'simulator'),
  /** Another seed, other (equally plausible) markets. */
  MARKET_DATA_SIMULATOR_SEED: envString('tessera', 64),
  /** Time between simulator ticks; must divide a minute. */
  MARKET_DATA_TICK_MS: envInteger(200, { min: 100, max: 1000 }).refine((value) => 60_000 % value === 0, {
    error: 'must divide 60000 (100, 120, 125, 150, 200, 240, 250, 300, 400, 500, 600, 750 or 1000)',
  }),
  /** Websocket connections one process accepts; later ones are closed with 1013. */
  MARKET_DATA_WS_CONNECTIONS_MAX: envInteger(10_000, { min: 1, max: 1_000_000 }),
  /**
   * `on`: simulated participants trade with the venue's market makers every tick (a living market); `off`: only
   * customers trade, for a test or a demonstration that needs a still book (docs/adr/0014-simulated-participants.md).
   */
  MARKET_DATA_PARTICIPANTS: envEnum(['on', 'off'], 'on'),
  /**
   * A test clock for the market: an ISO 8601 instant the simulator's clock starts at when the process starts (then
   * it runs at the real pace), so a journey can open a venue that is closed now. Empty: the real time.
   */
  MARKET_DATA_CLOCK_START: envString('', 40).refine(
    (value) => value === '' || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))),
    { error: 'must be an ISO 8601 instant such as 2026-11-23T15:00:00Z, or empty' },
  ),
});

/** The parsed settings. */
export interface MarketDataSettings {
  readonly feed: 'simulator' | 'none';
  readonly seed: string;
  readonly tickMs: number;
  readonly connectionsMax: number;
  /** Whether simulated participants trade (on by default). */
  readonly participants?: boolean;
  /** The instant the market's test clock starts at, or null for the real time. */
  readonly clockStartMs?: number | null;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadMarketDataSettings(env?: Environment): MarketDataSettings {
  const section = loadConfig(env, { marketData: marketDataEnvSchema }).marketData;
  return {
    feed: section.MARKET_DATA_FEED,
    seed: section.MARKET_DATA_SIMULATOR_SEED,
    tickMs: section.MARKET_DATA_TICK_MS,
    connectionsMax: section.MARKET_DATA_WS_CONNECTIONS_MAX,
    participants: section.MARKET_DATA_PARTICIPANTS === 'on',
    clockStartMs: section.MARKET_DATA_CLOCK_START === '' ? null : Date.parse(section.MARKET_DATA_CLOCK_START),
  };
}
