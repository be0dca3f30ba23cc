/**
 * Issue #21: the investments service against the REAL trading engine (FUND_TRADING_CLIENT is trading's in-process
 * client, as in the server): a customer invests in a fund of BTC and ETH, the pool buys through trading's orders
 * (positions in the ledger under the pool's owner), units are minted; a retry with the same key answers the first
 * operation and trades nothing more; redeeming sells the pool's instruments and pays the customer.
 */
import {
  BANK_TENANT_ID,
  CASH_OPERATIONS_CLIENT,
  type FundDetail,
  type FundOperation,
  LEDGER_CLIENT,
  type LedgerApi,
  USER_MANAGEMENT_CLIENT,
  uuidv7,
} from '@tessera/contracts';
import type { ServiceDefinition } from '@tessera/platform';
import { buildServiceTestApp, createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import { defineCashOperationsService } from '@tessera/service-cash-operations';
import { defineInvestmentsService } from '@tessera/service-investments';
import { ledgerService } from '@tessera/service-ledger';
import { marketDataInfoService } from '@tessera/service-market-data-info';
import { userManagementService, type UserManagementService } from '@tessera/service-user-management';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { positionAccountId } from './modules/accounts/trading-accounts.ts';
import type { TradingRuntime } from './modules/runtime/trading-runtime.ts';
import { defineTradingService } from './service.ts';

const BTC_EUR = 'BTC-EUR_tessera';
const ETH_EUR = 'ETH-EUR_tessera';

const minorOf = (text: string, scale: number) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
};

describeEachDatabase('trading: the fund port serves investments', ({ createDatabase }) => {
  let app: FastifyInstance;
  let runtime: TradingRuntime;
  let ledger: LedgerApi;
  let customer: (level: 2, eur?: string) => Promise<{ userId: string; token: string }>;
  let walletPosted: (userId: string) => Promise<string>;
  let fundId: string;

  const call = (
    who: { token: string },
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `/api/investments${url}`,
      headers: { authorization: `Bearer ${who.token}`, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    const issuer = await createTestTokenIssuer();
    const trading = defineTradingService({
      expirySweepIntervalMs: 0,
      reservationSweepIntervalMs: 0,
      bookThrottleMs: 0,
      onStart: (started) => {
        runtime = started;
      },
    });
    const cashOperations = defineCashOperationsService({});
    const investments = defineInvestmentsService({
      processId: `test-${uuidv7()}`,
      autoStartJobs: false,
      recoverAtStart: false,
    });
    const services: ServiceDefinition[] = [
      userManagementService,
      ledgerService,
      cashOperations,
      marketDataInfoService,
      trading,
      investments,
    ];
    const built = await buildServiceTestApp({
      services,
      database: await createDatabase(),
      auth: issuer.verifier,
      mount: [cashOperations.name, trading.name, investments.name],
    });
    app = built.app;
    await app.ready();
    const clients = built.composed.clients;
    const ledgerApi = clients.get(LEDGER_CLIENT);
    ledger = ledgerApi;
    const users = clients.get(USER_MANAGEMENT_CLIENT) as unknown as UserManagementService;
    const cash = clients.get(CASH_OPERATIONS_CLIENT);
    for (const [productId, price] of [
      [BTC_EUR, '60000'],
      [ETH_EUR, '3000'],
    ] as const) {
      await runtime.onReference({ productId: productId as never, price, sequence: 1, timeMs: Date.now() });
    }
    customer = async (level, eur) => {
      const userId = uuidv7();
      await users.grantKycLevel(userId, level, 'approved', 'test');
      if (eur !== undefined) {
        const wallet = await cash.currentWallet(userId, 'EUR', { create: true });
        const page = await ledgerApi.listAccounts(BANK_TENANT_ID, {
          ownerId: 'tessera',
          ledger: 'EUR',
          limit: 1000,
        });
        const sepa = page.items.find((account) => account.metadata['purpose'] === 'cash-operations:sepa')!.id;
        await ledgerApi.createTransfer(BANK_TENANT_ID, {
          id: uuidv7(),
          ledger: 'EUR',
          debitAccountId: sepa,
          creditAccountId: wallet!.accountId,
          amount: eur,
          code: 1,
        });
      }
      return { userId, token: await issuer.sign(userId) };
    };
    walletPosted = async (userId) => {
      const wallet = await cash.currentWallet(userId, 'EUR');
      return (await ledgerApi.getAccount(BANK_TENANT_ID, wallet!.accountId)).balance.posted;
    };
    const manager = await customer(2);
    const created = await call(manager, 'POST', '/funds', {
      name: 'Crypto pair',
      managementFeePercent: '0.50',
      components: [
        { productId: BTC_EUR, weight: '60' },
        { productId: ETH_EUR, weight: '40' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    fundId = created.json<FundDetail>().id;
    return () => app.close();
  }, 300_000);

  const position = async (productId: string) => {
    return (await ledger.getAccount(BANK_TENANT_ID, positionAccountId(`fund:${fundId}`, productId))).balance
      .posted;
  };

  it('invests through real orders, once per idempotency key, and redeems by selling', async () => {
    const investor = await customer(2, '1000.00');
    const invest = () =>
      call(
        investor,
        'POST',
        `/funds/${fundId}/invest`,
        { amount: '500.00' },
        { 'idempotency-key': 'invest-1' },
      );
    const answer = await invest();
    expect(answer.statusCode, answer.body).toBe(201);
    const operation = answer.json<FundOperation>();
    expect(operation).toMatchObject({ status: 'minted', amount: '500.00', reason: null });
    expect(minorOf(operation.units, 6)).toBeGreaterThan(0n);
    expect(await walletPosted(investor.userId)).toBe('500.00');
    const btc = await position(BTC_EUR);
    const eth = await position(ETH_EUR);
    expect(minorOf(btc, 8)).toBeGreaterThan(0n);
    expect(minorOf(eth, 8)).toBeGreaterThan(0n);
    // The pool's orders are trading's orders, under the pool's owner (no customer's): filled buys, per instrument
    // a first one and the rounds that spend what the collar held back (docs/adr/0019).
    const poolOrders = await runtime.core.db
      .selectFrom('orders')
      .select(['status', 'side', 'product_id'])
      .where('user_id', '=', `fund:${fundId}`)
      .execute();
    expect(new Set(poolOrders.map((order) => order.product_id))).toEqual(new Set([BTC_EUR, ETH_EUR]));
    expect(poolOrders.every((order) => order.status === 'filled' && order.side === 'buy')).toBe(true);

    // The same key: the first operation, nothing trades again.
    const again = await invest();
    expect(again.json<FundOperation>()).toEqual(operation);
    expect(await position(BTC_EUR)).toBe(btc);
    expect(await walletPosted(investor.userId)).toBe('500.00');

    const redeemed = await call(
      investor,
      'POST',
      `/funds/${fundId}/redeem`,
      { units: 'all' },
      { 'idempotency-key': 'redeem-1' },
    );
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const paid = redeemed.json<FundOperation>();
    expect(paid.status, paid.reason ?? '').toBe('paid');
    const back = minorOf(await walletPosted(investor.userId), 2);
    // Paid back the value less both trades' fees and the spread: more than 500 + 450, at most 1000.
    expect(back).toBeGreaterThan(95_000n);
    expect(back).toBeLessThanOrEqual(100_000n);
  }, 120_000);

  it('refuses a fund of an unknown instrument', async () => {
    const manager = await customer(2);
    const created = await call(manager, 'POST', '/funds', {
      name: 'Nothing',
      managementFeePercent: '0.50',
      components: [{ productId: 'NOPE_xetra', weight: '100' }],
    });
    expect(created.statusCode).toBeGreaterThanOrEqual(400);
    expect(created.statusCode).toBeLessThan(500);
  });
});
