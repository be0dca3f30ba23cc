/**
 * Apps that serve some services without the one-process server: a service run alone in its own process (each
 * service's `src/main.ts` calls {@link runServiceAlone}), and the service test builder (testing.ts). Both go
 * through the composition root (compose.ts) with the production request-id plugin, error and not-found handlers and
 * router refusals, so what a test runs is what production runs (docs/adr/0012-composition-root-and-service-shape.md).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerApiDocsPage } from './api-docs.ts';
import type { TokenVerifier } from './auth.ts';
import { type ComposedServices, composeServices, mountServices } from './compose.ts';
import { compressionPlugin } from './compression.ts';
import { ConfigError, type Config, loadConfig, loadEnvFileIfPresent } from './config.ts';
import { createDatabase } from './database/index.ts';
import type { Database } from './database/types.ts';
import { errorHandlerPlugin, frameworkErrorHandler, notFoundHandler } from './error-handler.ts';
import { UnauthenticatedError } from './errors.ts';
import { createInProcessEventBus, type EventBus } from './events.ts';
import { createReadiness, healthPlugin } from './health.ts';
import { createFastifyLoggingOptions, requestIdPlugin } from './logging.ts';
import { securityPlugin } from './security.ts';
import type { ServiceDefinition } from './service.ts';

/**
 * How long a plugin may take to start. Fastify's 10 s default is too short on a loaded two-core machine: the identity
 * service creates its first RSA signing key as it starts, which took over 10 s with the load average at 30.
 */
export const PLUGIN_TIMEOUT_MS = 120_000;

/** The largest JSON body accepted, as in the one-process server. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** What {@link buildServiceApp} needs. */
export interface ServiceAppOptions {
  /** Composed in this order, as the server composes its list. */
  readonly services: readonly ServiceDefinition[];
  readonly config: Config;
  readonly database: Database;
  /** How routes verify bearer tokens; a function when the verifier needs the open database (identity's keys). */
  readonly auth: TokenVerifier | ((database: Database) => TokenVerifier);
  /** The services whose routes are served; default all. The others only offer their clients. */
  readonly mount?: readonly string[];
  /** Close `database` with the app. */
  readonly closeDatabase?: boolean;
  /** Trust X-Forwarded-For; default `config.trustProxy`. */
  readonly trustProxy?: boolean | string;
  /** Fastify's logging options (createFastifyLoggingOptions); default silent. */
  readonly logging?: Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'>;
  /**
   * Serve as a process of its own does: security headers, compression, /health and /ready, and the API
   * documentation page. Tests leave it off (their answers stay as they were before these plugins existed).
   */
  readonly standalone?: boolean;
  /** Runs after the seeds and before any route is registered (a test's settings on a service's context). */
  beforeMount?(composed: ComposedServices): void | Promise<void>;
}

/** A built, not yet listening app. */
export interface ServiceApp {
  readonly app: FastifyInstance;
  readonly composed: ComposedServices;
  readonly events: EventBus;
}

/**
 * Builds an app serving `services`: request ids, the error and not-found handlers and the router's own refusals,
 * then `composeServices` and `mountServices`. A service composed but not mounted has no plugin to close its client,
 * so its client's `close()` (the ledger's expiry sweep) runs with the app. On failure, whatever opened is closed.
 */
export async function buildServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const { config, database } = options;
  const app = Fastify({
    ...(options.logging ?? { logger: false }),
    trustProxy: options.trustProxy ?? config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: frameworkErrorHandler,
    pluginTimeout: PLUGIN_TIMEOUT_MS,
  });
  if (options.closeDatabase) {
    app.addHook('onClose', async () => database.close());
  }
  try {
    await app.register(requestIdPlugin);
    if (options.standalone) {
      await app.register(securityPlugin, { hsts: config.publicUrl?.startsWith('https://') ?? false });
      await app.register(compressionPlugin);
    }
    await app.register(errorHandlerPlugin);
    app.setNotFoundHandler(notFoundHandler);
    const events = createInProcessEventBus({ log: app.log });
    const auth = typeof options.auth === 'function' ? options.auth(database) : options.auth;
    const composed = await composeServices(options.services, {
      config,
      database,
      events,
      auth,
      log: app.log,
    });
    const mounted = (name: string) => options.mount === undefined || options.mount.includes(name);
    app.addHook('onClose', async () => {
      for (const service of options.services.filter((service) => !mounted(service.name))) {
        const client = composed.clients.find<{ close?: () => Promise<void> }>({ service: service.name });
        await client?.close?.();
      }
    });
    await options.beforeMount?.(composed);
    await mountServices(app, composed, options.mount === undefined ? {} : { only: options.mount });
    if (options.standalone) {
      await app.register(healthPlugin, { db: database.db, readiness: createReadiness() });
      await registerApiDocsPage(
        app,
        options.services.filter((service) => mounted(service.name)).map((s) => s.name),
      );
    }
    return { app, composed, events };
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
}

/** Refuses every token: for a process with no identity service to trust. */
export const refuseEveryToken: TokenVerifier = {
  verifyAccessToken: () => Promise.reject(new UnauthenticatedError('User is not authenticated')),
};

/** What {@link runServiceAlone} needs. */
export interface RunServiceAloneOptions {
  /** The service run alone first, then any it needs in process (e.g. the ledger beside cash operations). */
  readonly services: readonly ServiceDefinition[];
  /** The name printed in `<displayName> listening at http://host:port` (tools read this line). */
  readonly displayName: string;
  /** How routes verify bearer tokens; default {@link refuseEveryToken}. */
  readonly auth?: TokenVerifier | ((config: Config, database: Database) => TokenVerifier);
  /** The services whose routes are served; default all. */
  readonly mount?: readonly string[];
}

/**
 * Runs services in a process of their own: reads `.env` and the environment, opens the database, builds the app
 * as {@link buildServiceApp} does with the standalone plugins, listens on PORT and HOST, prints one line with the
 * address, and closes on SIGTERM or SIGINT. Exits 1 with the reason when it cannot start.
 */
export async function runServiceAlone(options: RunServiceAloneOptions): Promise<FastifyInstance> {
  let config: Config;
  try {
    loadEnvFileIfPresent('.env');
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await createDatabase(config);
  const auth = options.auth;
  const { app } = await buildServiceApp({
    services: options.services,
    config,
    database,
    auth:
      auth === undefined ? refuseEveryToken : typeof auth === 'function' ? (db) => auth(config, db) : auth,
    closeDatabase: true,
    logging: createFastifyLoggingOptions(config),
    standalone: true,
    ...(options.mount === undefined ? {} : { mount: options.mount }),
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  console.log(`${options.displayName} listening at http://${config.host}:${port}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return app;
}
