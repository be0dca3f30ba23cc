/**
 * The contract between a service and the processes that run it (the one-process server, or the service alone).
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { AnyKysely } from './database/types.ts';
import type { Migrations } from './database/migrate.ts';
import type { EventBus } from './events.ts';
import type { TokenVerifier } from './auth.ts';
import { installServiceGuards } from './service-guards.ts';

/** What a service receives: the config, its database handle, a logger and the event bus. */
export interface ServiceContext {
  readonly config: Config;
  /**
   * Kysely bound to the service's own schema (`withSchema`), so unqualified table names are the service's tables.
   * On PGlite there is one connection: inside a transaction use only the transaction object.
   */
  readonly db: AnyKysely;
  /** A child logger with `service: <name>`. */
  readonly log: FastifyBaseLogger;
  /** The event bus (in-process by default, NATS at scale). */
  readonly events: EventBus;
  /** Verifies bearer access tokens (use `authenticate(request, context.auth)` in a route). */
  readonly auth: TokenVerifier;
  /**
   * The in-process clients other services offer (`context.clients?.get(LEDGER_CLIENT)`), see docs/adr/0003-ledger.md.
   * Optional until every context is built by the composition root (compose.ts); it always sets it.
   */
  readonly clients?: ServiceClients;
}

/** The typed name of a client a service offers others in this process, e.g. `LEDGER_CLIENT` in contracts. */
export interface ServiceClientKey<Client> {
  /** The offering service's `name`. */
  readonly service: string;
  /** Type only, never set: carries the client's type to `get`. */
  readonly __client?: Client;
}

/** The clients services offer each other in this process. */
export interface ServiceClients {
  /**
   * The client of a service the caller cannot work without; throws when that service is not mounted here (a
   * programmer error: the request fails with a 500 and its request id, never a customer-facing code).
   */
  get<Client>(key: ServiceClientKey<Client>): Client;
  /** The client of an optional dependency, or `undefined` when that service is not mounted here. */
  find<Client>(key: ServiceClientKey<Client>): Client | undefined;
}

/** The options every service plugin is registered with. */
export interface ServicePluginOptions {
  readonly context: ServiceContext;
}

/** A person the demo data lets sign in, printed at start-up. */
export interface DemoSignIn {
  readonly email: string;
  readonly password: string;
  /** e.g. `customer`, `support`, `admin`: the group that decides what they see. */
  readonly role: string;
}

/** A service as the server mounts it. */
export interface ServiceDefinition {
  /** kebab-case, e.g. `user-management`. */
  readonly name: string;
  /** The database schema it owns, lower snake case, e.g. `user_management`. */
  readonly schema: string;
  /** Where its routes live, e.g. `/api/ledger`; `''` for services that own root paths (identity's /oauth2). */
  readonly prefix: string;
  readonly migrations: Migrations;
  /** Its routes, registered under `prefix` with `{ context }`. */
  readonly plugin: FastifyPluginAsync<ServicePluginOptions>;
  /**
   * Builds the client this service offers other services in-process (after every migration, before any seed).
   * The service's own plugin gets the same instance through `context.clients`.
   */
  createClient?(context: ServiceContext): Promise<unknown>;
  /**
   * Its client is also the process's AccessResolver (auth.ts): the delegations and API keys every service's
   * `requireSignIn` resolves (access.ts). One service at most (user-management).
   */
  readonly offersAccessResolver?: boolean;
  /** Inserts demo data after migrations; runs at every start, so it must be idempotent. */
  seed?(context: ServiceContext): Promise<void>;
  /** The demo sign-ins its seed creates, for the start-up banner. */
  demoSignIns?(): readonly DemoSignIn[];
  /**
   * Whether the platform refuses NUL and lone surrogates in this service's requests before its handlers
   * (service-guards.ts). Default: on for a service under a prefix, whose routes answer in the platform's error
   * shape; off for a service owning root paths (identity), which speaks another protocol (Cognito's errors) and
   * checks its own text.
   */
  readonly textGuard?: boolean;
}

/**
 * Declares a service: checks the shape, keeps literal types, and wraps its plugin so that every route of the
 * service, in the one-process server or alone, gets the platform's guards (demo-only routes, safe text, no-store
 * on authenticated answers: service-guards.ts) before the service's own hooks and handlers.
 */
export function defineService<const S extends ServiceDefinition>(service: S): S {
  const plugin = service.plugin;
  const textGuard = service.textGuard ?? service.prefix !== '';
  const guarded: FastifyPluginAsync<ServicePluginOptions> = async (app, options) => {
    installServiceGuards(app, options.context.config, { textGuard });
    await plugin(app, options);
  };
  return { ...service, plugin: guarded };
}
