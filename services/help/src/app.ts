/**
 * Builds the help service alone (no listen): platform plugins, its migrations and seed, its routes. Used by the
 * service's tests (`app.inject()`) and by main.ts; the one-process server mounts `helpService` instead.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type Config,
  createInProcessEventBus,
  type Database,
  errorHandlerPlugin,
  migrate,
  requestIdPlugin,
  type ServiceContext,
  type TokenVerifier,
  UnauthenticatedError,
} from '@tessera/platform';
import { createHelpService } from './service.ts';
import type { HelpContent } from './modules/content/content.loader.ts';

/** The help service needs no sign-in; a verifier that refuses everything keeps the context honest. */
const noTokens: TokenVerifier = { verifyAccessToken: () => Promise.reject(new UnauthenticatedError()) };

/** Builds the service on an open database; the database is closed with the app. */
export async function buildHelpApp(options: {
  config: Config;
  database: Database;
  content?: () => Promise<HelpContent>;
}): Promise<FastifyInstance> {
  const { config, database } = options;
  const service = createHelpService(options.content ? { content: options.content } : {});
  const app = Fastify({ logger: false, trustProxy: config.trustProxy });
  app.addHook('onClose', async () => database.close());
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
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
