/**
 * Builds the market-data service alone (no listen) with what it needs from market-data-info: used by its tests,
 * time series' tests, the benchmark and main.ts. The one-process server mounts `marketDataService` instead.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { MARKET_DATA_CLIENT, MARKET_DATA_INFO_CLIENT, type MarketDataInfoApi } from '@tessera/contracts';
import {
  type Config,
  createInProcessEventBus,
  createServiceClientRegistry,
  type Database,
  errorHandlerPlugin,
  type EventBus,
  migrate,
  notFoundHandler,
  requestIdPlugin,
  type ServiceContext,
  type TokenVerifier,
  UnauthenticatedError,
} from '@tessera/platform';
import type { MarketDataRuntime } from './modules/market/market-data-runtime.ts';
import { createMarketDataService, type MarketDataServiceOptions } from './service.ts';

/** Market data is public: a verifier that refuses everything keeps the context honest. */
const noTokens: TokenVerifier = { verifyAccessToken: () => Promise.reject(new UnauthenticatedError()) };

/** The built app and its parts. */
export interface MarketDataApp {
  readonly app: FastifyInstance;
  readonly runtime: MarketDataRuntime;
  readonly events: EventBus;
}

/**
 * Builds the service on an open database (closed with the app). `info` is market-data-info's client, built by the
 * caller over the same database (`createMarketDataInfoApi` after its migrations and seed).
 */
export async function buildMarketDataApp(
  options: MarketDataServiceOptions & {
    config: Config;
    database: Database;
    info: MarketDataInfoApi;
    events?: EventBus;
    logger?: boolean;
    /** Close the database with the app (default true; false when the caller closes it). */
    ownsDatabase?: boolean;
  },
): Promise<MarketDataApp> {
  const { config, database, info } = options;
  const service = createMarketDataService(options);
  const app = Fastify({ logger: options.logger ?? false, trustProxy: config.trustProxy });
  if (options.ownsDatabase ?? true) {
    app.addHook('onClose', async () => database.close());
  }
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  await migrate(database.db, { schema: service.schema, migrations: service.migrations });
  const events = options.events ?? createInProcessEventBus({ log: app.log });
  const registry = createServiceClientRegistry();
  registry.offer(MARKET_DATA_INFO_CLIENT.service, info);
  const context: ServiceContext = {
    config,
    db: database.db.withSchema(service.schema),
    log: app.log,
    events,
    auth: noTokens,
    clients: registry.clients,
  };
  const runtime = (await service.createClient(context)) as MarketDataRuntime;
  registry.offer(MARKET_DATA_CLIENT.service, runtime);
  await app.register(service.plugin, { prefix: service.prefix, context });
  return { app, runtime, events };
}
