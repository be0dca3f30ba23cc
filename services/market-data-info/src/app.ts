/**
 * Builds the market-data-info service alone (no listen): platform plugins, its migrations and seed, its routes.
 * Used by the service's tests (`app.inject()`) and by main.ts; the one-process server mounts
 * `marketDataInfoService` instead.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type Config,
  createInProcessEventBus,
  type Database,
  errorHandlerPlugin,
  migrate,
  notFoundHandler,
  requestIdPlugin,
  type ServiceContext,
  type TokenVerifier,
  UnauthenticatedError,
} from '@tessera/platform';
import { createMarketDataInfoService } from './service.ts';

/** The catalog is public: a verifier that refuses everything keeps the context honest. */
const noTokens: TokenVerifier = { verifyAccessToken: () => Promise.reject(new UnauthenticatedError()) };

/** Builds the service on an open database; the database is closed with the app. */
export async function buildMarketDataInfoApp(options: {
  config: Config;
  database: Database;
  now?: () => Date;
}): Promise<FastifyInstance> {
  const { config, database } = options;
  const service = createMarketDataInfoService(options.now ? { now: options.now } : {});
  const app = Fastify({ logger: false, trustProxy: config.trustProxy });
  app.addHook('onClose', async () => database.close());
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  await migrate(database.db, { schema: service.schema, migrations: service.migrations });
  const context: ServiceContext = {
    config,
    db: database.db.withSchema(service.schema),
    log: app.log,
    events: createInProcessEventBus({ log: app.log }),
    auth: noTokens,
  };
  await service.seed(context);
  await app.register(service.plugin, { prefix: service.prefix, context });
  return app;
}
