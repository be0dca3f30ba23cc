/**
 * Test support: market data on a fresh database with the real catalog (market-data-info's migrations, seed and
 * client), a clock the test moves, and no timers (the test ticks). Also used by time series' tests.
 */
import {
  type Config,
  createInProcessEventBus,
  type Database,
  type EventBus,
  loadConfig,
  migrate,
  type ServiceContext,
} from '@tessera/platform';
import { createMarketDataInfoApi, marketDataInfoService } from '@tessera/service-market-data-info';
import type { MarketDataInfoApi } from '@tessera/contracts';
import { buildMarketDataApp, type MarketDataApp } from '../app.ts';
import type { MarketDataServiceOptions } from '../service.ts';
import type { MarketDataSettings } from '../settings.ts';

export const testConfig: Config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
});

/** The settings tests use: the default seed, 200 ms ticks. */
export const testSettings: MarketDataSettings = {
  feed: 'simulator',
  seed: 'tessera',
  tickMs: 200,
  connectionsMax: 100,
};

/** Migrates and seeds the catalog on `database` and returns its client. */
export async function seedCatalog(database: Database): Promise<MarketDataInfoApi> {
  await migrate(database.db, {
    schema: marketDataInfoService.schema,
    migrations: marketDataInfoService.migrations,
  });
  const db = database.db.withSchema(marketDataInfoService.schema);
  const context = { db } as unknown as ServiceContext;
  await marketDataInfoService.seed(context);
  return createMarketDataInfoApi(db as never);
}

/** A moving test clock. */
export interface TestClock {
  nowMs: number;
  readonly now: () => number;
}

export function testClock(startMs: number): TestClock {
  const clock = { nowMs: startMs, now: () => clock.nowMs };
  return clock;
}

/** Market data on `database` (the catalog seeded first), timers off. */
export async function startMarketData(
  database: Database,
  clock: TestClock,
  options: Partial<MarketDataServiceOptions> & { events?: EventBus } = {},
): Promise<MarketDataApp & { info: MarketDataInfoApi }> {
  const info = await seedCatalog(database);
  const built = await buildMarketDataApp({
    config: testConfig,
    database,
    info,
    settings: testSettings,
    now: clock.now,
    autoTimers: false,
    events: options.events ?? createInProcessEventBus(),
    ...options,
  });
  return { ...built, info };
}

/** Moves the clock by `totalMs` in ticks of `stepMs`, ticking the simulator at each step. */
export function advance(app: MarketDataApp, clock: TestClock, totalMs: number, stepMs = 200): void {
  for (let elapsed = 0; elapsed < totalMs; elapsed += stepMs) {
    clock.nowMs += stepMs;
    app.runtime.tick();
  }
}
