/**
 * Test support (imported by tests only): cash operations with its real neighbours (identity, user management, the
 * ledger, the processor simulator) as the server composes them, with a faulty ledger in front of cash operations'
 * client (faulty-ledger.ts) and a clock the test moves. Several instances may share one database: a fresh instance
 * after one "died" is how a test restarts the service (the database is closed by whoever created it).
 */
import { BANK_TENANT_ID, LEDGER_CLIENT, type LedgerApi } from '@tessera/contracts';
import { identityService } from '@tessera/service-identity';
import { ledgerService } from '@tessera/service-ledger';
import { userManagementService } from '@tessera/service-user-management';
import { type Database, type ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { defineCashOperationsService } from '../../service.ts';
import type { CashCore } from '../accounts/cash-core.ts';
import { processorSimulatorService } from '../card/processor-simulator.service.ts';
import { overrideRailsSettings, railsOf, type RailsInstance } from '../rails/rails.routes.ts';
import type { FaultyLedger } from './faulty-ledger.ts';

/** One instance of the service under test. */
export interface FaultTestApp {
  readonly app: FastifyInstance;
  /** The real ledger (not the faulty one): what the ledger truly holds. */
  readonly ledger: LedgerApi;
  readonly rails: RailsInstance;
  readonly core: CashCore;
  /** A customer token; `stepUp` adds a fresh second factor. */
  token(userId: string, options?: { stepUp?: boolean }): Promise<string>;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options?: { token?: string; body?: unknown; key?: string },
  ): Promise<LightMyRequestResponse>;
}

/** Builds an instance on `database` (not closed with the app), its ledger client wrapped by `faulty`. */
export async function buildFaultTestApp(
  database: Database,
  faulty: FaultyLedger,
  now: () => Date,
): Promise<FaultTestApp> {
  const issuer = await createTestTokenIssuer();
  const cash = defineCashOperationsService({ now, wrapLedger: faulty.wrap });
  const services: ServiceDefinition[] = [
    identityService,
    userManagementService,
    ledgerService,
    processorSimulatorService,
    cash,
  ];
  const { app, composed } = await buildServiceTestApp({
    services,
    database,
    auth: issuer.verifier,
    mount: [processorSimulatorService.name, cash.name],
    beforeMount: (composed) => overrideRailsSettings(composed.contextOf(cash.name), {}),
  });
  const cashContext = composed.contextOf(cash.name);
  await app.ready();
  const rails = railsOf(cashContext);
  return {
    app,
    ledger: composed.clients.get(LEDGER_CLIENT),
    rails,
    core: rails.rails.core,
    // The second factor's time: the service's clock (transfers read it) but never more than a minute ahead of the
    // real one (the rails read that), so a test may move the clock a few minutes and still step up.
    token: (userId, options = {}) => {
      const realS = Math.floor(Date.now() / 1000);
      const authTimeS = Math.min(Math.floor(now().getTime() / 1000), realS + 60);
      return issuer.sign(userId, options.stepUp ? { amr: ['pwd', 'mfa'], authTimeS } : {});
    },

    call: (method, url, options = {}) =>
      app.inject({
        method,
        url,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
        },
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      }),
  };
}

/** The bank tenant, for tests reading the ledger. */
export const TENANT = BANK_TENANT_ID;
