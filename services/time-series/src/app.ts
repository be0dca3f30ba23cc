/**
 * Builds the time-series service alone (no listen) on market data and the catalog given as clients: used by its
 * tests, the benchmark and main.ts. The one-process server mounts `timeSeriesService` instead.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  MARKET_DATA_CLIENT,
  MARKET_DATA_INFO_CLIENT,
  type MarketDataApi,
  type MarketDataInfoApi,
} from '@tessera/contracts';
import {
  type Config,
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
import { createTimeSeriesService, type TimeSeriesServiceOptions } from './service.ts';
import type { TimeSeriesRuntime } from './modules/candles/time-series-runtime.ts';

/** Candles are public: without a verifier given, one that refuses everything keeps the context honest. */
const noTokens: TokenVerifier = { verifyAccessToken: () => Promise.reject(new UnauthenticatedError()) };

/** Builds the service on an open database, with market data's events and clients. */
export async function buildTimeSeriesApp(
  options: TimeSeriesServiceOptions & {
    config: Config;
    database: Database;
    info: MarketDataInfoApi;
    marketData: MarketDataApi;
    events: EventBus;
    /** Verifies customers' tokens (portfolio history); without it every signed-in route answers 401. */
    auth?: TokenVerifier;
    /** More in-process clients (ledger, user management) for portfolio history. */
    clients?: Readonly<Record<string, unknown>>;
    /** Close the database with the app (default true; false when another app on it closes it). */
    ownsDatabase?: boolean;
    logger?: boolean;
  },
): Promise<{ app: FastifyInstance; runtime: TimeSeriesRuntime }> {
  const { config, database } = options;
  let runtime: TimeSeriesRuntime | undefined;
  const service = createTimeSeriesService({
    ...options,
    onRuntime: (created) => {
      runtime = created;
      options.onRuntime?.(created);
    },
  });
  const app = Fastify({ logger: options.logger ?? false, trustProxy: config.trustProxy });
  if (options.ownsDatabase ?? true) {
    app.addHook('onClose', async () => database.close());
  }
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  await migrate(database.db, { schema: service.schema, migrations: service.migrations });
  const registry = createServiceClientRegistry();
  registry.offer(MARKET_DATA_INFO_CLIENT.service, options.info);
  registry.offer(MARKET_DATA_CLIENT.service, options.marketData);
  for (const [service, client] of Object.entries(options.clients ?? {})) {
    registry.offer(service, client);
  }
  const context: ServiceContext = {
    config,
    db: database.db.withSchema(service.schema),
    log: app.log,
    events: options.events,
    auth: options.auth ?? noTokens,
    clients: registry.clients,
  };
  await app.register(service.plugin, { prefix: service.prefix, context });
  await app.ready();
  return { app, runtime: runtime! };
}
