/**
 * Test support (imported by tests only): cash operations with its real neighbours as the server composes them
 * (identity, user management, the ledger, the processor simulator), on one fresh database, with a real RS256 token
 * issuer, and a handle on the rails (job queue, chains) so a test drives time and blocks itself.
 */
import {
  BANK_TENANT_ID,
  type LedgerApi,
  LEDGER_CLIENT,
  type LedgerVerification,
  type Wallet,
} from '@tessera/contracts';
import { ASSET_REGISTRY } from '@tessera/money';
import { identityService } from '@tessera/service-identity';
import { ledgerService } from '@tessera/service-ledger';
import { userManagementService } from '@tessera/service-user-management';
import { type Config, type Database, loadConfig, type ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, serviceTestConfig } from '@tessera/platform/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { defineCashOperationsService } from '../../service.ts';
import { processorSimulatorService } from '../card/processor-simulator.service.ts';
import { overrideRailsSettings, railsOf, type RailsInstance } from './rails.routes.ts';
import type { RailsSettings } from './rails.ts';

export interface RailsTestApp {
  readonly app: FastifyInstance;
  readonly issuer: Awaited<ReturnType<typeof createTestTokenIssuer>>;
  readonly ledger: LedgerApi;
  readonly rails: RailsInstance;
  /** A customer token; `stepUp` adds a fresh second factor (amr mfa, auth_time now). */
  token(userId: string, options?: { stepUp?: boolean; groups?: string[] }): Promise<string>;
  /** An authenticated JSON request. */
  call(
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    options?: {
      token?: string;
      body?: unknown;
      key?: string;
      headers?: Record<string, string>;
      payload?: string;
    },
  ): Promise<LightMyRequestResponse>;
  /** The customer's current wallet of `asset` as GET /wallets lists it, or undefined when they have none. */
  currentWallet(token: string, asset: string): Promise<Wallet | undefined>;
  /** A processor token of test card `number` (expiring in two years), as the hosted card field gets one. */
  cardToken(number: string): Promise<string>;
  /** POST /card/deposits of `amount` to `walletId` with test card `card`, as the wallet's card form sends it. */
  cardDeposit(deposit: {
    token: string;
    key: string;
    walletId: string;
    amount: string;
    card: string;
  }): Promise<LightMyRequestResponse>;
  /** Available balance of a ledger account, as decimal text. */
  available(accountId: string): Promise<string>;
  /** verifyLedger for every asset ledger of the bank. */
  verifyAll(): Promise<LedgerVerification[]>;
}

/** Builds the app on `database` (closed with the app). */
export async function buildRailsTestApp(
  database: Database,
  settings: Partial<RailsSettings> = {},
  options: { readonly nodeEnv?: Config['nodeEnv'] } = {},
): Promise<RailsTestApp> {
  const config =
    options.nodeEnv === undefined
      ? serviceTestConfig
      : loadConfig({ NODE_ENV: options.nodeEnv, LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
  const issuer = await createTestTokenIssuer();
  const cash = defineCashOperationsService();
  const services: ServiceDefinition[] = [
    identityService,
    userManagementService,
    ledgerService,
    processorSimulatorService,
    cash,
  ];
  const { app, composed } = await buildServiceTestApp({
    services,
    config,
    database,
    auth: issuer.verifier,
    mount: [processorSimulatorService.name, cash.name],
    closeDatabase: true,
    beforeMount: (composed) => overrideRailsSettings(composed.contextOf(cash.name), settings),
  });
  const cashContext = composed.contextOf(cash.name);
  await app.ready();
  const ledger = composed.clients.get(LEDGER_CLIENT);
  const testApp: RailsTestApp = {
    app,
    issuer,
    ledger,
    rails: railsOf(cashContext),
    token: (userId, options = {}) =>
      issuer.sign(userId, {
        ...(options.groups ? { groups: options.groups } : {}),
        ...(options.stepUp ? { amr: ['pwd', 'mfa'], authTimeS: Math.floor(Date.now() / 1000) } : {}),
      }),
    async currentWallet(token, asset) {
      const wallets: Wallet[] = (await testApp.call('GET', '/api/cash-operations/wallets', { token })).json()
        .items;
      return wallets.find((wallet) => wallet.asset === asset && wallet.kind === 'current');
    },
    async cardToken(number) {
      const response = await testApp.call('POST', '/processor-sim/v1/tokens', {
        body: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
      });
      if (response.statusCode !== 201) {
        throw new Error(`The processor simulator refused test card ${number}: ${response.body}`);
      }
      return (response.json() as { token: string }).token;
    },
    async cardDeposit({ token, key, walletId, amount, card }) {
      return testApp.call('POST', '/api/cash-operations/card/deposits', {
        token,
        key,
        body: { walletId, amount, token: await testApp.cardToken(card) },
      });
    },
    call: (method, url, options = {}) =>
      app.inject({
        method,
        url,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
          ...options.headers,
        },
        ...(options.payload !== undefined
          ? { payload: options.payload }
          : options.body !== undefined
            ? { payload: options.body as object }
            : {}),
      }),
    available: async (accountId) => (await ledger.getAccount(BANK_TENANT_ID, accountId)).balance.available,
    verifyAll: () =>
      Promise.all([...ASSET_REGISTRY.keys()].map((code) => ledger.verifyLedger(BANK_TENANT_ID, code))),
  };
  return testApp;
}
