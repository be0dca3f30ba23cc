/**
 * Test support: market data on a fresh database with the real catalog (market-data-info composed beside it, only
 * market data's routes served), built through the platform's composition root, a clock the test moves, and no
 * timers (the test ticks).
 */
import type { FastifyInstance } from 'fastify';
import { MARKET_DATA_CLIENT, MARKET_DATA_INFO_CLIENT, type MarketDataInfoApi } from '@tessera/contracts';
import { type Config, type Database, type EventBus, loadConfig, refuseEveryToken } from '@tessera/platform';
import { buildServiceTestApp } from '@tessera/platform/testing';
import { createMarketDataInfoService } from '@tessera/service-market-data-info';
import type { MarketDataRuntime } from '../modules/market/market-data-runtime.ts';
import { createMarketDataService, type MarketDataServiceOptions } from '../service.ts';
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

/** The built app and its parts. */
export interface MarketDataApp {
  readonly app: FastifyInstance;
  readonly runtime: MarketDataRuntime;
  readonly events: EventBus;
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

/** Market data on `database` (the catalog migrated and seeded first), timers off; the suite closes the database. */
export async function startMarketData(
  database: Database,
  clock: TestClock,
  options: Partial<MarketDataServiceOptions> = {},
): Promise<MarketDataApp & { info: MarketDataInfoApi }> {
  const { app, composed, events } = await buildServiceTestApp({
    services: [
      createMarketDataInfoService(),
      createMarketDataService({
        settings: testSettings,
        now: clock.now,
        autoTimers: false,
        ...options,
      }),
    ],
    mount: ['market-data'],
    database,
    auth: refuseEveryToken,
    config: testConfig,
  });
  await app.ready();
  return {
    app,
    runtime: composed.clients.get(MARKET_DATA_CLIENT) as MarketDataRuntime,
    events,
    info: composed.clients.get(MARKET_DATA_INFO_CLIENT),
  };
}

/** Moves the clock by `totalMs` in ticks of `stepMs`, ticking the simulator at each step. */
export function advance(app: MarketDataApp, clock: TestClock, totalMs: number, stepMs = 200): void {
  for (let elapsed = 0; elapsed < totalMs; elapsed += stepMs) {
    clock.nowMs += stepMs;
    app.runtime.tick();
  }
}
