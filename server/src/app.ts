/**
 * The composition root: one Fastify process that mounts every service and serves the built apps.
 * `buildServer` builds everything but does not listen (tests call `app.inject()`; main.ts listens).
 */
import {
  AppError,
  compressionPlugin,
  assertDistinctServices,
  composeServices,
  type Config,
  createDatabase,
  createFastifyLoggingOptions,
  createInProcessEventBus,
  createReadiness,
  type Database,
  type DemoSignIn,
  errorHandlerPlugin,
  frameworkErrorHandler,
  type EventBus,
  healthPlugin,
  metricsPlugin,
  mountServices,
  PLUGIN_TIMEOUT_MS,
  registerApiDocsPage,
  rateLimitPlugin,
  type Readiness,
  requestIdPlugin,
  securityPlugin,
  type ServiceDefinition,
  type TokenVerifier,
} from '@tessera/platform';
import Fastify, { type FastifyInstance } from 'fastify';
import { externalOrigins, runtimeConfigRoutes } from './runtime-config.ts';
import { staticAppsRoutes } from './static-apps.ts';

/** What {@link buildServer} needs. */
export interface BuildServerOptions {
  config: Config;
  services: readonly ServiceDefinition[];
  /** The built web app (apps/web/dist). */
  webDist: string;
  /** The built console (apps/console/dist). */
  consoleDist: string;
  /** An already open database to use instead of opening one from the config (tests); closed with the server. */
  database?: Database;
  /** Human-readable logs (a developer's terminal). */
  prettyLogs?: boolean;
  /** How services verify access tokens; without one, no token is accepted (no identity service is mounted). */
  tokenVerifier?: TokenVerifier;
  /**
   * Builds the verifier once the database is open (the identity service's keys and revocations live in it);
   * used instead of `tokenVerifier` when given.
   */
  createTokenVerifier?: (database: Database) => TokenVerifier;
}

/** A built, not yet listening server. */
export interface TesseraServer {
  app: FastifyInstance;
  database: Database;
  readiness: Readiness;
  events: EventBus;
  /** The demo sign-ins of every service, for the start-up banner. */
  demoSignIns: DemoSignIn[];
}

/** The largest JSON body accepted; uploads (pictures, KYC documents) will get their own limit on their routes. */
const bodyLimitBytes = 1024 * 1024;

/** Builds the server: platform plugins, database and migrations, seeds, services, runtime config and the apps. */
export async function buildServer(options: BuildServerOptions): Promise<TesseraServer> {
  const { config, services } = options;
  assertDistinctServices(services);
  const app = Fastify({
    ...createFastifyLoggingOptions(config, { pretty: options.prettyLogs ?? false }),
    trustProxy: config.trustProxy,
    bodyLimit: bodyLimitBytes,
    frameworkErrors: frameworkErrorHandler,
    pluginTimeout: PLUGIN_TIMEOUT_MS,
  });
  try {
    await app.register(requestIdPlugin);
    await app.register(securityPlugin, {
      hsts: config.publicUrl?.startsWith('https://') ?? false,
      cspExtensions: { connectSrc: externalOrigins(config) },
    });
    await app.register(errorHandlerPlugin);
    // Before every route, so each is counted, limited and compressed (docs/operations.md).
    await app.register(metricsPlugin, { token: config.metricsToken });
    await app.register(rateLimitPlugin, { max: config.rateLimitMax, exemptLoopback: config.mode === 'demo' });
    await app.register(compressionPlugin);

    const database =
      options.database ??
      (await createDatabase(config, {
        onIdleError: (error) => app.log.error({ err: error }, 'database connection lost'),
      }));
    app.addHook('onClose', async () => database.close());
    const events = createInProcessEventBus({ log: app.log });
    app.addHook('onClose', async () => events.close());
    const readiness = createReadiness();
    app.addHook('preClose', async () => readiness.markNotReady('closing'));
    await app.register(healthPlugin, { db: database.db, readiness });

    const auth = options.createTokenVerifier?.(database) ?? options.tokenVerifier ?? noIdentityVerifier;
    const composed = await composeServices(services, { config, database, events, auth, log: app.log });
    await mountServices(app, composed);
    await registerApiDocsPage(
      app,
      services.map((service) => service.name),
    );
    await app.register(runtimeConfigRoutes, { config });
    await app.register(staticAppsRoutes, {
      webDist: options.webDist,
      consoleDist: options.consoleDist,
      publicUrl: config.publicUrl,
    });

    const demoSignIns = services.flatMap((service) => [...(service.demoSignIns?.() ?? [])]);
    return { app, database, readiness, events, demoSignIns };
  } catch (error) {
    await app.close().catch(() => {});
    await options.database?.close();
    throw error;
  }
}

/** Until an identity service is mounted there is no key to trust, so every token is refused. */
const noIdentityVerifier: TokenVerifier = {
  verifyAccessToken: () => Promise.reject(new AppError('UNAUTHENTICATED', 401, 'User is not authenticated')),
};
