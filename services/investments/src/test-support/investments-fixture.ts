/**
 * Test support: the investments service composed as the server composes it, on one database: the real ledger, user
 * management (KYC levels), the real cash operations service (the customers' wallets), and a ledger-backed stand-in
 * for the trading engine's fund port (test-venue.ts). Customers are funded by a ledger transfer from cash
 * operations' SEPA settlement account to their wallet (the account an incoming transfer is booked from).
 */
import {
  BANK_TENANT_ID,
  type CashOperationsApi,
  type IdentityDirectoryApi,
  CASH_OPERATIONS_CLIENT,
  type InvestmentsApi,
  INVESTMENTS_CLIENT,
  type LedgerApi,
  LEDGER_CLIENT,
  USER_MANAGEMENT_CLIENT,
  uuidv7,
} from '@tessera/contracts';
import type { Database, ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import { defineCashOperationsService } from '@tessera/service-cash-operations';
import { ledgerService } from '@tessera/service-ledger';
import { userManagementService, type UserManagementService } from '@tessera/service-user-management';
import type { FastifyInstance } from 'fastify';
import { defineInvestmentsService, type InvestmentsRuntime } from '../service.ts';
import { TestVenue } from './test-venue.ts';

export type Issuer = Awaited<ReturnType<typeof createTestTokenIssuer>>;

export interface Customer {
  readonly userId: string;
  readonly token: string;
}

export interface InvestmentsFixture {
  readonly app: FastifyInstance;
  readonly ledger: LedgerApi;
  readonly cash: CashOperationsApi;
  /** Investments' in-process client (INVESTMENTS_CLIENT), as other services find it. */
  readonly client: InvestmentsApi;
  readonly venue: TestVenue;
  readonly runtime: InvestmentsRuntime;
  readonly issuer: Issuer;
  readonly clock: { nowMs: number };
  customer(level: 0 | 1 | 2 | 3, eur?: string): Promise<Customer>;
  /** The customer's EUR wallet balance (posted). */
  walletBalance(customer: Customer): Promise<string>;
  /** A request to /api/investments as the customer. */
  call(
    customer: Customer,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ statusCode: number; json: <T = Record<string, unknown>>() => T; body: string }>;
  /** Another process on the same database (a restart): its own core and process id, the same venue. */
  restart(options?: { processId?: string }): Promise<InvestmentsFixture>;
}

export async function startInvestmentsFixture(
  database: Database,
  shared: {
    venue?: TestVenue;
    issuer?: Issuer;
    clock?: { nowMs: number };
    processId?: string;
    /** The identity directory (customers by e-mail) for token transfers; none by default. */
    directory?: IdentityDirectoryApi;
  } = {},
): Promise<InvestmentsFixture> {
  const issuer = shared.issuer ?? (await createTestTokenIssuer());
  const clock = shared.clock ?? { nowMs: Date.now() };
  const now = () => new Date(clock.nowMs);
  let venue = shared.venue;
  let runtime: InvestmentsRuntime | undefined;
  const cashOperations = defineCashOperationsService({ now });
  const investments = defineInvestmentsService({
    now,
    // Resolved once the ledger is up (the venue needs it): the getter below.
    get trading() {
      return venue;
    },
    processId: shared.processId ?? `test-${uuidv7()}`,
    autoStartJobs: false,
    recoverAtStart: false,
    ...(shared.directory === undefined ? {} : { directory: shared.directory }),
    onStart: (started) => {
      runtime = started;
    },
  });
  const services: ServiceDefinition[] = [userManagementService, ledgerService, cashOperations, investments];
  const { app, composed } = await buildServiceTestApp({
    services,
    database,
    auth: issuer.verifier,
    mount: [cashOperations.name, investments.name],
  });
  const ledger = composed.clients.get(LEDGER_CLIENT);
  venue ??= new TestVenue(ledger);
  await app.ready();
  const customers = composed.clients.get(USER_MANAGEMENT_CLIENT) as unknown as UserManagementService;
  const cash = composed.clients.get(CASH_OPERATIONS_CLIENT);
  const client = composed.clients.get(INVESTMENTS_CLIENT);

  const sepaAccount = async () => {
    const page = await ledger.listAccounts(BANK_TENANT_ID, {
      ownerId: 'tessera',
      ledger: 'EUR',
      limit: 1000,
    });
    const id = page.items.find((account) => account.metadata['purpose'] === 'cash-operations:sepa')?.id;
    if (id === undefined) {
      throw new Error('Cash operations has no SEPA account in EUR.');
    }
    return id;
  };

  const fixture: InvestmentsFixture = {
    app,
    ledger,
    cash,
    client,
    venue,
    runtime: runtime as unknown as InvestmentsRuntime,
    issuer,
    clock,
    async customer(level, eur) {
      const userId = uuidv7();
      if (level > 0) {
        await customers.grantKycLevel(userId, level, level >= 2 ? 'approved' : 'not_started', 'test');
      }
      if (eur !== undefined) {
        const wallet = await cash.currentWallet(userId, 'EUR', { create: true });
        await ledger.createTransfer(BANK_TENANT_ID, {
          id: uuidv7(),
          ledger: 'EUR',
          debitAccountId: await sepaAccount(),
          creditAccountId: wallet!.accountId,
          amount: eur,
          code: 1,
          metadata: { description: 'Test funding' },
        });
      }
      return { userId, token: await issuer.sign(userId) };
    },
    async walletBalance(customer) {
      const wallet = await cash.currentWallet(customer.userId, 'EUR');
      return wallet === null
        ? '0.00'
        : (await ledger.getAccount(BANK_TENANT_ID, wallet.accountId)).balance.posted;
    },
    async call(customer, method, url, payload, headers = {}) {
      const response = await app.inject({
        method,
        url: `/api/investments${url}`,
        headers: { authorization: `Bearer ${customer.token}`, ...headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      return { statusCode: response.statusCode, json: <T>() => response.json<T>(), body: response.body };
    },
    restart: (options = {}) =>
      startInvestmentsFixture(database, {
        venue,
        issuer,
        clock,
        ...(options.processId === undefined ? {} : { processId: options.processId }),
      }),
  };
  return fixture;
}
