/**
 * Test support: the trading service composed as the server composes it (server/src/app.ts), on one fresh database:
 * the real ledger, user management (KYC levels), the instrument catalog and the real cash operations service, whose
 * in-process client (CASH_OPERATIONS_CLIENT) gives trading the customers' current wallets. Every order settles
 * against the wallets cash operations opened.
 *
 * A test customer is funded through real paths only: EUR by an incoming SEPA credit to their wallet's IBAN (the SEPA
 * simulator's route, as the demo and the e2e journeys do); another asset, which has no simulator that books a plain
 * amount, by a ledger transfer from cash operations' SEPA settlement account of that asset to the wallet (the
 * account an incoming transfer is booked from). The identity service is not mounted: test customers are tokens from
 * a test issuer, and cash operations treats its identity directory as optional (names only).
 */
import {
  BANK_TENANT_ID,
  type CashOperationsApi,
  CASH_OPERATIONS_CLIENT,
  FUND_TRADING_CLIENT,
  type FundTradingApi,
  type LedgerApi,
  LEDGER_CLIENT,
  type SepaDepositDetails,
  USER_MANAGEMENT_CLIENT,
  uuidv7,
  type Wallet,
} from '@tessera/contracts';
import { type Database, type EventBus, type ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer } from '@tessera/platform/testing';
import { defineCashOperationsService } from '@tessera/service-cash-operations';
import { ledgerService } from '@tessera/service-ledger';
import { createMarketDataService } from '@tessera/service-market-data';
import { marketDataInfoService } from '@tessera/service-market-data-info';
import { userManagementService, type UserManagementService } from '@tessera/service-user-management';
import type { FastifyInstance } from 'fastify';
import { defineTradingService } from '../service.ts';
import type { TradingRuntime, TradingRuntimeOptions } from '../modules/runtime/trading-runtime.ts';

export type Issuer = Awaited<ReturnType<typeof createTestTokenIssuer>>;

/** A running trading service and what tests need around it. */
export interface TradingFixture {
  /** Trading under /api/trading and cash operations under /api/cash-operations. */
  readonly app: FastifyInstance;
  readonly ledger: LedgerApi;
  /** Cash operations' in-process client, the one trading uses. */
  readonly cash: CashOperationsApi;
  readonly events: EventBus;
  readonly issuer: Issuer;
  readonly runtime: TradingRuntime;
  /** Trading's in-process client as investments finds it (FUND_TRADING_CLIENT): the fund port. */
  readonly fundTrading: FundTradingApi;
  /** A signed-in customer at KYC level `level`, with `funds` (`{ EUR: '1000.00' }`) in their wallets. */
  customer(level: 0 | 1 | 2 | 3, funds?: Record<string, string>): Promise<{ userId: string; token: string }>;
  /** Credits `amount` of `asset` to the customer's current wallet (opened if needed) through a real path. */
  fund(customer: { userId: string; token: string }, asset: string, amount: string): Promise<void>;
  /** The customer's current wallet of `asset` as cash operations shows it to them (GET /wallets/{walletId}). */
  wallet(customer: { userId: string; token: string }, asset: string): Promise<Wallet>;
  /** The clock the services see; tests move it. */
  clock: { nowMs: number };
}

/** Market data with no feed of its own and the given test clock (its settings, as MARKET_DATA_CLOCK_START sets them). */
function marketDataWithClock(clockStartMs: number | null): ServiceDefinition {
  return createMarketDataService({
    settings: {
      feed: 'none',
      seed: 'tessera',
      tickMs: 200,
      connectionsMax: 10,
      participants: false,
      clockStartMs,
    },
    autoTimers: false,
  });
}

/** Builds the fixture on `database`. */
export async function startTradingFixture(
  database: Database,
  options: {
    nowMs?: number;
    /** Trading's options on top of the fixture's (e.g. `wrapLedger` to inject faults, `ledgerCallTimeoutMs`). */
    trading?: Pick<TradingRuntimeOptions, 'wrapLedger' | 'ledgerCallTimeoutMs'>;
    /**
     * Composes market data too (its client only, with no feed: reference prices still come from the test's
     * events), with this as its settings' test clock (MARKET_DATA_CLOCK_START); null: the real time.
     */
    marketDataClockStartMs?: number | null;
    /** Serves user management's HTTP routes too (e.g. /api/user-management/me/legal). */
    mountUserManagement?: boolean;
  } = {},
): Promise<TradingFixture> {
  const issuer = await createTestTokenIssuer();
  const clock = { nowMs: options.nowMs ?? Date.now() };
  const now = () => new Date(clock.nowMs);
  let runtime: TradingRuntime | undefined;
  const cashOperations = defineCashOperationsService({ now });
  const trading = defineTradingService({
    now,
    expirySweepIntervalMs: 0,
    reservationSweepIntervalMs: 0,
    bookThrottleMs: 0,
    ...options.trading,
    onStart: (started) => {
      runtime = started;
    },
  });
  // In the server's order (server/src/services.ts); only cash operations and trading serve HTTP here (and user
  // management when asked).
  const services: ServiceDefinition[] = [
    userManagementService,
    ledgerService,
    cashOperations,
    marketDataInfoService,
    ...(options.marketDataClockStartMs === undefined
      ? []
      : [marketDataWithClock(options.marketDataClockStartMs)]),
    trading,
  ];
  const { app, composed, events } = await buildServiceTestApp({
    services,
    database,
    auth: issuer.verifier,
    mount: [
      cashOperations.name,
      trading.name,
      ...(options.mountUserManagement ? [userManagementService.name] : []),
    ],
  });
  const clients = composed.clients;
  const ledger = clients.get(LEDGER_CLIENT);
  await app.ready();
  const customers = clients.get(USER_MANAGEMENT_CLIENT) as unknown as UserManagementService;
  const cash = clients.get(CASH_OPERATIONS_CLIENT);

  const call = async <T>(
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url: `/api/cash-operations${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': uuidv7() },
      ...(payload === undefined ? {} : { payload }),
    });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json<T>();
  };
  /** Cash operations' SEPA settlement account of `asset`, found by its purpose as any reader of the ledger could. */
  const sepaAccounts = new Map<string, string>();
  const sepaAccountOf = async (asset: string) => {
    let id = sepaAccounts.get(asset);
    if (id === undefined) {
      const page = await ledger.listAccounts(BANK_TENANT_ID, {
        ownerId: 'tessera',
        ledger: asset,
        limit: 1000,
      });
      id = page.items.find((account) => account.metadata['purpose'] === 'cash-operations:sepa')?.id;
      if (id === undefined) {
        throw new Error(`Cash operations has no SEPA account in ${asset}.`);
      }
      sepaAccounts.set(asset, id);
    }
    return id;
  };

  const fixture: TradingFixture = {
    app,
    ledger,
    cash,
    events,
    issuer,
    runtime: runtime as unknown as TradingRuntime,
    fundTrading: clients.get(FUND_TRADING_CLIENT),
    clock,
    async customer(level, funds = {}) {
      const userId = uuidv7();
      if (level > 0) {
        await customers.grantKycLevel(userId, level, level >= 2 ? 'approved' : 'not_started', 'test');
      }
      const customer = { userId, token: await issuer.sign(userId) };
      for (const [asset, amount] of Object.entries(funds)) {
        await fixture.fund(customer, asset, amount);
      }
      return customer;
    },
    async fund(customer, asset, amount) {
      const wallet = await cash.currentWallet(customer.userId, asset, { create: true });
      if (wallet === null) {
        throw new Error(`Cash operations opens no ${asset} wallet.`);
      }
      if (asset === 'EUR') {
        const { iban } = await call<SepaDepositDetails>(customer.token, 'GET', '/sepa/details');
        const credit = await call<{ outcome: string }>(customer.token, 'POST', '/dev/sepa/incoming', {
          iban,
          amount,
          debtorName: 'Test payer',
        });
        if (credit.outcome !== 'credited') {
          throw new Error(`The SEPA credit was booked to ${credit.outcome}.`);
        }
        return;
      }
      await ledger.createTransfer(BANK_TENANT_ID, {
        id: uuidv7(),
        ledger: asset,
        debitAccountId: await sepaAccountOf(asset),
        creditAccountId: wallet.accountId,
        amount,
        code: 1,
        metadata: { description: 'Test funding' },
      });
    },
    async wallet(customer, asset) {
      const ref = await cash.currentWallet(customer.userId, asset);
      if (ref === null) {
        throw new Error(`No ${asset} wallet.`);
      }
      return call<Wallet>(customer.token, 'GET', `/wallets/${ref.walletId}`);
    },
  };
  return fixture;
}
