/**
 * Test support (imported by tests only): the cash operations service with its real neighbours, composed as the
 * server composes them: identity (its directory and demo users), user management (KYC levels), the ledger, and
 * cash operations itself, on one fresh database, with a real RS256 token issuer.
 */
import { identityService } from '@tessera/service-identity';
import { ledgerService } from '@tessera/service-ledger';
import { userManagementService } from '@tessera/service-user-management';
import {
  type Config,
  createInProcessEventBus,
  type Database,
  errorHandlerPlugin,
  loadConfig,
  migrate,
  notFoundHandler,
  requestIdPlugin,
  type ServiceClientKey,
  type ServiceContext,
  type ServiceDefinition,
} from '@tessera/platform';
import { createTestTokenIssuer } from '@tessera/platform/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { type CashCoreOptions, defineCashOperationsService } from '../../app.ts';

/** What a test gets. */
export interface CashTestApp {
  readonly app: FastifyInstance;
  readonly issuer: Awaited<ReturnType<typeof createTestTokenIssuer>>;
  /** The in-process clients (ledger, user management, identity). */
  client<Client>(key: ServiceClientKey<Client>): Client;
  /** Runs cash operations' seed again (it must change nothing). */
  reseed(): Promise<void>;
}

const testConfig: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });

/** Builds the app on `database` (closed with the app). `options` reach cash operations' core (rates, clock). */
export async function buildCashTestApp(
  database: Database,
  options: CashCoreOptions = {},
): Promise<CashTestApp> {
  const issuer = await createTestTokenIssuer();
  const app = Fastify({ logger: false });
  app.addHook('onClose', async () => database.close());
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  const cash = defineCashOperationsService(options);
  const services: ServiceDefinition[] = [identityService, userManagementService, ledgerService, cash];
  const offered = new Map<string, unknown>();
  const clients = {
    get: <Client>(key: ServiceClientKey<Client>) => {
      if (!offered.has(key.service)) {
        throw new Error(`Service ${key.service} is not mounted in this process.`);
      }
      return offered.get(key.service) as Client;
    },
  };
  const events = createInProcessEventBus({ log: app.log });
  const contexts = new Map<string, ServiceContext>();
  for (const service of services) {
    await migrate(database.db, { schema: service.schema, migrations: service.migrations });
    contexts.set(service.name, {
      config: testConfig,
      db: database.db.withSchema(service.schema),
      log: app.log,
      events,
      auth: issuer.verifier,
      clients,
    });
  }
  for (const service of services) {
    if (service.createClient) {
      offered.set(service.name, await service.createClient(contexts.get(service.name)!));
    }
  }
  for (const service of services) {
    await service.seed?.(contexts.get(service.name)!);
  }
  app.addHook('onClose', async () => {
    const ledger = offered.get('ledger') as { close?: () => Promise<void> } | undefined;
    await ledger?.close?.();
  });
  await app.register(cash.plugin, { prefix: cash.prefix, context: contexts.get(cash.name)! });
  return { app, issuer, client: clients.get, reseed: async () => cash.seed(contexts.get(cash.name)!) };
}
