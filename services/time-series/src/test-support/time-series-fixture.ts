/**
 * Test support: time series next to market data and the catalog on one database and event bus, with a clock the
 * test moves and no timers. Built from the other services' package indexes only.
 */
import type { MarketDataInfoApi } from '@tessera/contracts';
import type { Database, TokenVerifier } from '@tessera/platform';
import { createInProcessEventBus, loadConfig, migrate, type ServiceContext } from '@tessera/platform';
import { buildMarketDataApp, type MarketDataApp } from '@tessera/service-market-data';
import { createMarketDataInfoApi, marketDataInfoService } from '@tessera/service-market-data-info';
import type { FastifyInstance } from 'fastify';
import { buildTimeSeriesApp } from '../app.ts';
import type { TimeSeriesRuntime } from '../modules/candles/time-series-runtime.ts';

export const testConfig = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });

/** A moving test clock. */
export interface TestClock {
  nowMs: number;
  readonly now: () => number;
}

export function testClock(startMs: number): TestClock {
  const clock = { nowMs: startMs, now: () => clock.nowMs };
  return clock;
}

/** Market data and time series started on `database` (left open: the caller's suite closes it). */
export interface Started {
  readonly info: MarketDataInfoApi;
  readonly market: MarketDataApp;
  readonly series: { app: FastifyInstance; runtime: TimeSeriesRuntime };
  close(): Promise<void>;
}

/** Starts the catalog, market data and time series; resolves once the backfill has finished. */
export async function startBoth(
  database: Database,
  clock: TestClock,
  writer = true,
  extra: { auth?: TokenVerifier; clients?: Readonly<Record<string, unknown>> } = {},
): Promise<Started> {
  await migrate(database.db, {
    schema: marketDataInfoService.schema,
    migrations: marketDataInfoService.migrations,
  });
  const infoDb = database.db.withSchema(marketDataInfoService.schema);
  await marketDataInfoService.seed({ db: infoDb } as unknown as ServiceContext);
  const info = createMarketDataInfoApi(infoDb as never);
  const market = await buildMarketDataApp({
    config: testConfig,
    database,
    info,
    settings: { feed: 'simulator', seed: 'tessera', tickMs: 200, connectionsMax: 100 },
    now: clock.now,
    autoTimers: false,
    events: createInProcessEventBus(),
    ownsDatabase: false,
  });
  await market.app.ready();
  const series = await buildTimeSeriesApp({
    config: testConfig,
    database,
    info,
    marketData: market.runtime,
    events: market.events,
    ownsDatabase: false,
    settings: { writer },
    now: clock.now,
    autoTimers: false,
    ...extra,
  });
  await series.runtime.backfillDone();
  return {
    info,
    market,
    series,
    close: async () => {
      await series.app.close();
      await market.app.close();
    },
  };
}

/** Moves the clock by `totalMs` in ticks of `stepMs`, ticking the simulator at each step. */
export function advance(market: MarketDataApp, clock: TestClock, totalMs: number, stepMs = 200): void {
  for (let elapsed = 0; elapsed < totalMs; elapsed += stepMs) {
    clock.nowMs += stepMs;
    market.runtime.tick();
  }
}
