/**
 * Test support (imported by tests only): the cash operations service with its real neighbours, composed as the
 * server composes them: identity (its directory and demo users), user management (KYC levels), the ledger, and
 * cash operations itself, on one fresh database, with a real RS256 token issuer.
 */
import { identityService } from '@tessera/service-identity';
import { ledgerService } from '@tessera/service-ledger';
import { userManagementService } from '@tessera/service-user-management';
import { type Database, type ServiceClientKey, type ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import type { FastifyInstance } from 'fastify';
import { type CashCoreOptions, defineCashOperationsService } from '../../service.ts';

/** What a test gets. */
export interface CashTestApp {
  readonly app: FastifyInstance;
  readonly issuer: Awaited<ReturnType<typeof createTestTokenIssuer>>;
  /** The in-process clients (ledger, user management, identity). */
  client<Client>(key: ServiceClientKey<Client>): Client;
  /** Runs cash operations' seed again (it must change nothing). */
  reseed(): Promise<void>;
}

/** Builds the app on `database` (closed with the app). `options` reach cash operations' core (rates, clock). */
export async function buildCashTestApp(
  database: Database,
  options: CashCoreOptions = {},
): Promise<CashTestApp> {
  const issuer = await createTestTokenIssuer();
  const cash = defineCashOperationsService(options);
  const services: ServiceDefinition[] = [identityService, userManagementService, ledgerService, cash];
  const { app, composed } = await buildServiceTestApp({
    services,
    database,
    auth: issuer.verifier,
    mount: [cash.name],
    closeDatabase: true,
  });
  return {
    app,
    issuer,
    client: composed.clients.get,
    reseed: async () => cash.seed(composed.contextOf(cash.name)),
  };
}
