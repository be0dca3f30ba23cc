/**
 * Test support: time series next to market data and the catalog on one database and event bus, with a clock the
 * test moves and no timers, each app built through the platform's composition root (buildServiceTestApp). Built
 * from the other services' package indexes only.
 */
import {
  BANK_TENANT_ID,
  MARKET_DATA_CLIENT,
  MARKET_DATA_INFO_CLIENT,
  type MarketDataApi,
  type MarketDataInfoApi,
  type UserManagementApi,
  uuidv7,
} from '@tessera/contracts';
import {
  type Config,
  type Database,
  type EventBus,
  loadConfig,
  migrate,
  refuseEveryToken,
  type ServiceClientKey,
  type ServiceClients,
  type ServiceContext,
  type ServiceDefinition,
  type TokenVerifier,
} from '@tessera/platform';
import { buildServiceTestApp } from '@tessera/platform/testing';
import { createLedgerApi, ledgerService, type LedgerService } from '@tessera/service-ledger';
import { createMarketDataService, type MarketDataRuntime } from '@tessera/service-market-data';
import { createMarketDataInfoService } from '@tessera/service-market-data-info';
import { createUserManagementApi, userManagementService } from '@tessera/service-user-management';
import type { FastifyInstance } from 'fastify';
import type { TimeSeriesRuntime } from '../modules/candles/time-series-runtime.ts';
import { createTimeSeriesService, type TimeSeriesServiceOptions } from '../service.ts';

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

/** Market data's app and what the tests drive it with. */
export interface MarketDataApp {
  readonly app: FastifyInstance;
  readonly runtime: MarketDataRuntime;
  readonly events: EventBus;
}

/** A time-series app and its runtime. */
export interface TimeSeriesApp {
  readonly app: FastifyInstance;
  readonly runtime: TimeSeriesRuntime;
}

/** Market data and time series started on `database` (left open: the caller's suite closes it). */
export interface Started {
  readonly info: MarketDataInfoApi;
  readonly market: MarketDataApp;
  readonly series: TimeSeriesApp;
  close(): Promise<void>;
}

/**
 * The service with clients (by service name) and an event bus of the test's in its context: the market data of
 * another app, hand-made ledger and user-management clients on the test's clock.
 */
function withContext(
  service: ServiceDefinition,
  given: { readonly clients: Readonly<Record<string, unknown>>; readonly events: EventBus },
): ServiceDefinition {
  const overlay = (clients: ServiceClients | undefined): ServiceClients => ({
    get: <Client>(key: ServiceClientKey<Client>): Client =>
      key.service in given.clients
        ? (given.clients[key.service] as Client)
        : (clients?.get(key) ?? missing(key.service)),
    find: <Client>(key: ServiceClientKey<Client>): Client | undefined =>
      key.service in given.clients ? (given.clients[key.service] as Client) : clients?.find(key),
  });
  return {
    ...service,
    plugin: (app, options) =>
      service.plugin(app, {
        ...options,
        context: { ...options.context, events: given.events, clients: overlay(options.context.clients) },
      }),
  };
}

function missing(service: string): never {
  throw new Error(`Service ${service} is not mounted in this process.`);
}

/** Builds time series alone on `database` over the given catalog, market data and events; timers as the options say. */
export async function buildTimeSeriesTestApp(
  options: TimeSeriesServiceOptions & {
    config?: Config;
    database: Database;
    info: MarketDataInfoApi;
    marketData: MarketDataApi;
    events: EventBus;
    /** Verifies customers' tokens (portfolio history); without it every signed-in route answers 401. */
    auth?: TokenVerifier;
    /** More in-process clients (ledger, user management) for portfolio history. */
    clients?: Readonly<Record<string, unknown>>;
  },
): Promise<TimeSeriesApp> {
  let runtime: TimeSeriesRuntime | undefined;
  const service = createTimeSeriesService({
    ...options,
    onRuntime: (created) => {
      runtime = created;
      options.onRuntime?.(created);
    },
  });
  const clients = {
    [MARKET_DATA_INFO_CLIENT.service]: options.info,
    [MARKET_DATA_CLIENT.service]: options.marketData,
    ...options.clients,
  };
  const { app } = await buildServiceTestApp({
    services: [withContext(service, { clients, events: options.events })],
    database: options.database,
    auth: options.auth ?? refuseEveryToken,
    config: options.config ?? testConfig,
  });
  await app.ready();
  return { app, runtime: runtime! };
}

/** Starts the catalog, market data and time series; resolves once the backfill has finished. */
export async function startBoth(
  database: Database,
  clock: TestClock,
  writer = true,
  extra: { auth?: TokenVerifier; clients?: Readonly<Record<string, unknown>> } = {},
): Promise<Started> {
  const built = await buildServiceTestApp({
    services: [
      createMarketDataInfoService(),
      createMarketDataService({
        settings: { feed: 'simulator', seed: 'tessera', tickMs: 200, connectionsMax: 100 },
        now: clock.now,
        autoTimers: false,
      }),
    ],
    mount: ['market-data'],
    database,
    auth: refuseEveryToken,
    config: testConfig,
  });
  await built.app.ready();
  const info = built.composed.clients.get(MARKET_DATA_INFO_CLIENT);
  const market: MarketDataApp = {
    app: built.app,
    runtime: built.composed.clients.get(MARKET_DATA_CLIENT) as MarketDataRuntime,
    events: built.events,
  };
  const series = await buildTimeSeriesTestApp({
    database,
    info,
    marketData: market.runtime,
    events: market.events,
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

/** The ledger and user management of portfolio history, on the test's clock, and ways to fund a customer. */
export interface LedgerClients {
  readonly ledger: LedgerService;
  readonly customers: UserManagementApi;
  /** The bank's external SEPA account of `asset` (the outside world deposits come from and withdrawals go to). */
  externalAccount(asset: string): Promise<string>;
  /** Opens a `customer_wallet` of `asset` for `userId`; answers its account id. */
  wallet(userId: string, asset: string): Promise<string>;
  /** Credits `amount` to `accountId` from the bank's external SEPA account of `asset` (a deposit from outside). */
  credit(asset: string, accountId: string, amount: string, metadata?: Record<string, string>): Promise<void>;
}

/** Migrates and seeds the ledger and user management on `database` and offers their in-process clients. */
export async function startLedgerClients(database: Database, clock: TestClock): Promise<LedgerClients> {
  for (const service of [ledgerService, userManagementService]) {
    await migrate(database.db, { schema: service.schema, migrations: service.migrations });
  }
  const ledger = createLedgerApi(database.db.withSchema(ledgerService.schema), { now: clock.now });
  await ledgerService.seed({
    db: database.db.withSchema(ledgerService.schema),
    clients: { get: <Client>() => ledger as Client },
  } as unknown as ServiceContext);
  const customers = createUserManagementApi(database.db.withSchema(userManagementService.schema), {
    directory: () => undefined,
  });
  const externals = new Map<string, string>();
  const external = async (asset: string) => {
    let id = externals.get(asset);
    if (id === undefined) {
      id = uuidv7();
      externals.set(asset, id);
      await ledger.createAccount(BANK_TENANT_ID, {
        id,
        ledger: asset,
        ownerId: BANK_TENANT_ID,
        type: 'external_sepa',
      });
    }
    return id;
  };
  return {
    ledger,
    customers,
    externalAccount: external,
    async wallet(userId, asset) {
      const id = uuidv7();
      await ledger.createAccount(BANK_TENANT_ID, {
        id,
        ledger: asset,
        ownerId: userId,
        type: 'customer_wallet',
        flags: { debitsMustNotExceedCredits: true },
      });
      return id;
    },
    async credit(asset, accountId, amount, metadata = {}) {
      await ledger.createTransfer(BANK_TENANT_ID, {
        id: uuidv7(),
        ledger: asset,
        debitAccountId: await external(asset),
        creditAccountId: accountId,
        amount,
        code: 1,
        metadata,
      });
    },
  };
}
