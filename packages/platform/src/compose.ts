/**
 * The composition root's two steps, shared by the one-process server and every service test builder
 * (docs/adr/0012-composition-root-and-service-shape.md): `composeServices` migrates, builds each service's context
 * and the clients services offer each other, then seeds; `mountServices` registers the services' routes. Tests used
 * to copy these loops by hand, so they ran an app production did not.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { registerApiDocuments } from './api-docs.ts';
import type { AccessResolver, TokenVerifier } from './auth.ts';
import type { Config } from './config.ts';
import { migrate, withMigrationLock } from './database/migrate.ts';
import type { Database } from './database/types.ts';
import type { EventBus } from './events.ts';
import { useZodSchemas } from './routes.ts';
import type { ServiceClientKey, ServiceClients, ServiceContext, ServiceDefinition } from './service.ts';

/** What every service of one process shares. */
export interface SharedServiceResources {
  readonly config: Config;
  readonly database: Database;
  readonly events: EventBus;
  readonly auth: TokenVerifier;
  /** The process's logger; each service gets a child with `service: <name>`. */
  readonly log: FastifyBaseLogger;
}

/** The services of one process, migrated and seeded, with their contexts and the clients they offer. */
export interface ComposedServices {
  readonly services: readonly ServiceDefinition[];
  /** The clients offered in this process (the same object every context holds). */
  readonly clients: ServiceClients;
  /** The context of a composed service; throws for a name that was not composed. */
  contextOf(name: string): ServiceContext;
}

/** The offering side of {@link ServiceClients}: `offer` is called once per service that creates a client. */
export interface ServiceClientRegistry {
  readonly clients: ServiceClients;
  offer(service: string, client: unknown): void;
  /** Whether `service` offers a client here. */
  offers(service: string): boolean;
}

/**
 * An empty registry. `get` is for a dependency the caller cannot work without: an unmounted service is a programmer
 * error (the request fails with a 500 and its request id). `find` is for an optional one: it answers undefined.
 */
export function createServiceClientRegistry(): ServiceClientRegistry {
  const offered = new Map<string, unknown>();
  const clients: ServiceClients = {
    get: <Client>(key: ServiceClientKey<Client>): Client => {
      if (!offered.has(key.service)) {
        throw new Error(`Service ${key.service} is not mounted in this process.`);
      }
      return offered.get(key.service) as Client;
    },
    find: <Client>(key: ServiceClientKey<Client>): Client | undefined =>
      offered.get(key.service) as Client | undefined,
  };
  return {
    clients,
    offer: (service, client) => {
      offered.set(service, client);
    },
    offers: (service) => offered.has(service),
  };
}

/** Refuses a list naming a service twice, two services sharing a schema, or a malformed prefix. */
export function assertDistinctServices(services: readonly ServiceDefinition[]): void {
  const names = new Set<string>();
  const schemas = new Set<string>();
  for (const service of services) {
    if (names.has(service.name) || schemas.has(service.schema)) {
      throw new Error(
        `Service ${service.name} (schema ${service.schema}) is listed twice or shares a schema.`,
      );
    }
    if (service.prefix !== '' && !/^\/[a-z0-9/-]*[a-z0-9]$/.test(service.prefix)) {
      throw new Error(`Service ${service.name} has an invalid prefix ${JSON.stringify(service.prefix)}.`);
    }
    names.add(service.name);
    schemas.add(service.schema);
  }
}

/**
 * Migrates every service's schema, builds the contexts, creates the clients, then seeds, in the order of the list.
 * All of it runs under the migrations' lock: two processes starting together on an empty database crashed in the
 * demo seeds (both found no demo data and inserted it), so the second now waits, then finds everything in place.
 */
export async function composeServices(
  services: readonly ServiceDefinition[],
  shared: SharedServiceResources,
): Promise<ComposedServices> {
  assertDistinctServices(services);
  return withMigrationLock(shared.database, (migrationDb) => composeLocked(services, shared, migrationDb));
}

async function composeLocked(
  services: readonly ServiceDefinition[],
  shared: SharedServiceResources,
  migrationDb: Database['db'],
): Promise<ComposedServices> {
  const { config, database, events, auth, log } = shared;
  const contexts = new Map<string, ServiceContext>();
  // Clients services offer each other in this process (docs/adr/0003-ledger.md); filled before the seeds run.
  const registry = createServiceClientRegistry();
  // Every context's verifier reaches the delegations and API keys (access.ts) once their service's client exists.
  let accessResolver: AccessResolver | undefined;
  const contextAuth: TokenVerifier = {
    verifyAccessToken: (token) => auth.verifyAccessToken(token),
    accessResolver: () => accessResolver ?? auth.accessResolver?.(),
  };
  for (const service of services) {
    const { applied } = await migrate(migrationDb, {
      schema: service.schema,
      migrations: service.migrations,
    });
    if (applied.length > 0) {
      log.info({ service: service.name, applied }, 'migrations applied');
    }
    contexts.set(service.name, {
      config,
      db: database.db.withSchema(service.schema),
      log: log.child({ service: service.name }),
      events,
      auth: contextAuth,
      clients: registry.clients,
    });
  }
  const contextOf = (name: string): ServiceContext => {
    const context = contexts.get(name);
    if (context === undefined) {
      throw new Error(`Service ${name} is not composed in this process.`);
    }
    return context;
  };
  for (const service of services) {
    if (service.createClient) {
      const client = await service.createClient(contextOf(service.name));
      registry.offer(service.name, client);
      if (service.offersAccessResolver) {
        accessResolver = client as AccessResolver;
      }
    }
  }
  // Seeds run after every migration, so a seed may rely on another service's tables existing (through its API).
  for (const service of services) {
    await service.seed?.(contextOf(service.name));
  }
  return { services, clients: registry.clients, contextOf };
}

/**
 * Registers the routes of the composed services under their prefixes, in the order of the list; `only` names the
 * services to mount (a test serving some of them over HTTP while the others only offer their clients). Routes are
 * validated with their zod schemas (routes.ts) and published per service as OpenAPI (api-docs.ts).
 */
export async function mountServices(
  app: FastifyInstance,
  composed: ComposedServices,
  options: { readonly only?: readonly string[] } = {},
): Promise<void> {
  const mounted = composed.services.filter(
    (service) => options.only === undefined || options.only.includes(service.name),
  );
  useZodSchemas(app);
  await registerApiDocuments(
    app,
    mounted.map((service) => service.name),
  );
  for (const service of mounted) {
    app.serviceRoutes.current = service.name;
    await app.register(service.plugin, {
      prefix: service.prefix,
      context: composed.contextOf(service.name),
    });
  }
  app.serviceRoutes.current = undefined;
}
