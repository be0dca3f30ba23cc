// Portfolio value history on PGlite and PostgreSQL, over the real ledger, user management, catalog, market data and
// candles: a customer's value is their cash (at the reference rates) plus their positions and crypto at the candle
// closes of each instant; a deposit counts from its own time on; the change over a range leaves out deposits,
// withdrawals (once posted) and transfers with other customers but not fees, own transfers or trades; the snapshot
// job stores the grid points; a customer sees only their own history; bad ranges and missing tokens are refused.
import {
  BANK_TENANT_ID,
  type PortfolioHistoryResponse,
  portfolioHistoryResponseSchema,
  uuidv7,
} from '@tessera/contracts';
import { Decimal, scale } from '@tessera/money';
import type { Database } from '@tessera/platform';
import { createTestTokenIssuer, describeEachDatabase } from '@tessera/platform/testing';
import type { LedgerService } from '@tessera/service-ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { fallbackRates } from './portfolio-valuer.ts';
import { PORTFOLIO_SNAPSHOT_EVERY_MS } from './portfolio-snapshots.ts';
import {
  advance,
  type LedgerClients,
  type Started,
  startBoth,
  startLedgerClients,
  testClock,
  type TestClock,
} from '../../test-support/time-series-fixture.ts';

const MINUTE_MS = 60_000;
// A Monday while every venue trades (the simulator's anchor is the first start).
const MONDAY_15_00 = Date.parse('2026-03-16T15:00:00Z');

describeEachDatabase('portfolio value history', ({ createDatabase }) => {
  let database: Database;
  let clock: TestClock;
  let both: Started;
  let app: FastifyInstance;
  let ledger: LedgerService;
  let issuer: Awaited<ReturnType<typeof createTestTokenIssuer>>;
  const ana = uuidv7();
  const leo = uuidv7();
  // Mia holds euros only (prices cannot move her value); Zoe sends her money; Noa buys a share.
  const mia = uuidv7();
  const zoe = uuidv7();
  const noa = uuidv7();
  let miaToken: string;
  let noaToken: string;
  let miaWithdrawal: { principal: string; fee: string };
  let noaCryptoDepositMs: number;
  let anaToken: string;
  let leoToken: string;
  let secondDepositMs: number;
  // The instant the scenario's setup ends: every test starts there, whichever ran before (the snapshot job's test
  // moves the clock to the next slot), so no test depends on the order the tests run in.
  let setUpEndMs: number;

  let wallet: LedgerClients['wallet'];
  let credit: LedgerClients['credit'];
  let external: LedgerClients['externalAccount'];
  /** A bank account of `type` in `asset` (the fee revenue account, trading's settlement account). */
  const bankAccounts = new Map<string, string>();
  const bankAccount = async (asset: string, type: 'fees' | 'trading_settlement') => {
    const key = `${asset}:${type}`;
    const id = bankAccounts.get(key) ?? uuidv7();
    bankAccounts.set(key, id);
    await ledger.createAccount(BANK_TENANT_ID, { id, ledger: asset, ownerId: BANK_TENANT_ID, type });
    return id;
  };
  const move = async (
    asset: string,
    debitAccountId: string,
    creditAccountId: string,
    amount: string,
    metadata: Record<string, string>,
    flags: { pending?: boolean } = {},
  ) => {
    const id = uuidv7();
    await ledger.createTransfer(BANK_TENANT_ID, {
      id,
      ledger: asset,
      debitAccountId,
      creditAccountId,
      amount,
      code: 1,
      metadata,
      flags,
    });
    return id;
  };
  /** Cash operations' metadata of an operation's ledger legs (operationMetadata in its activity service). */
  const operation = (kind: string, description?: string) => ({
    operationId: uuidv7(),
    kind,
    ...(description === undefined ? {} : { description }),
  });

  beforeAll(async () => {
    database = await createDatabase();
    clock = testClock(MONDAY_15_00);
    const clients = await startLedgerClients(database, clock);
    ({ ledger, wallet, credit, externalAccount: external } = clients);
    const customers = clients.customers;
    issuer = await createTestTokenIssuer();
    both = await startBoth(database, clock, true, {
      auth: issuer.verifier,
      clients: { ledger, 'user-management': customers },
    });
    app = both.series.app;
    anaToken = await issuer.sign(ana);
    leoToken = await issuer.sign(leo);
    miaToken = await issuer.sign(mia);
    noaToken = await issuer.sign(noa);

    // Ana: EUR 1,000 and USD 100 now, 0.5 BTC, 10 AAPL in a trading position; EUR 500 more 12 minutes later.
    const eur = await wallet(ana, 'EUR');
    await credit('EUR', eur, '1000.00');
    await credit('USD', await wallet(ana, 'USD'), '100.00');
    await credit('BTC', await wallet(ana, 'BTC'), '0.50000000');
    await ledger.createLedger(BANK_TENANT_ID, { code: 'AAPL.CBOE', assetKind: 'security' });
    const position = uuidv7();
    await ledger.createAccount(BANK_TENANT_ID, {
      id: position,
      ledger: 'AAPL.CBOE',
      ownerId: ana,
      type: 'customer_wallet',
      flags: { debitsMustNotExceedCredits: true },
      metadata: { role: 'trading_position', productId: 'AAPL_cboe' },
    });
    await credit('AAPL.CBOE', position, '10');
    advance(both.market, clock, 12 * MINUTE_MS, 1000);
    secondDepositMs = clock.nowMs;
    await credit('EUR', eur, '500.00', operation('sepa_deposit'));

    // Mia: EUR 1,000 first; then, later, a SEPA deposit of 500 whose fee leg (1.00, same kind, to the bank's fee
    // account) is a cost, 50 to her own second wallet, 25 from Zoe, and a withdrawal of 200 (fee 2.00) still held.
    const miaEur = await wallet(mia, 'EUR');
    const miaSavings = await wallet(mia, 'EUR');
    const zoeEur = await wallet(zoe, 'EUR');
    const fees = await bankAccount('EUR', 'fees');
    await credit('EUR', miaEur, '1000.00', operation('card_deposit'));
    await credit('EUR', zoeEur, '100.00', operation('sepa_deposit'));
    advance(both.market, clock, 6 * MINUTE_MS, 1000);
    const deposit = operation('sepa_deposit', 'depositSepa');
    await credit('EUR', miaEur, '500.00', deposit);
    await move('EUR', miaEur, fees, '1.00', { ...deposit, description: 'depositSepa' });
    await move('EUR', miaEur, miaSavings, '50.00', operation('own_transfer'));
    await move('EUR', zoeEur, miaEur, '25.00', operation('customer_transfer'));
    const withdrawal = operation('sepa_withdrawal');
    miaWithdrawal = {
      principal: await move('EUR', miaEur, await external('EUR'), '200.00', withdrawal, { pending: true }),
      fee: await move(
        'EUR',
        miaEur,
        fees,
        '2.00',
        { ...withdrawal, description: 'withdrawalSepa' },
        {
          pending: true,
        },
      ),
    };

    // Noa: EUR 1,000, then buys 2 AAPL for EUR 300 through trading's settlement accounts (kind trade).
    const noaEur = await wallet(noa, 'EUR');
    await credit('EUR', noaEur, '1000.00', operation('sepa_deposit'));
    const noaPosition = uuidv7();
    await ledger.createAccount(BANK_TENANT_ID, {
      id: noaPosition,
      ledger: 'AAPL.CBOE',
      ownerId: noa,
      type: 'customer_wallet',
      flags: { debitsMustNotExceedCredits: true },
      metadata: { role: 'trading_position', productId: 'AAPL_cboe' },
    });
    await credit('AAPL.CBOE', await bankAccount('AAPL.CBOE', 'trading_settlement'), '100');
    advance(both.market, clock, 6 * MINUTE_MS, 1000);
    const trade = { tradeId: uuidv7(), kind: 'trade', description: 'AAPL_cboe' };
    await move('EUR', noaEur, await bankAccount('EUR', 'trading_settlement'), '300.00', trade);
    await move('AAPL.CBOE', await bankAccount('AAPL.CBOE', 'trading_settlement'), noaPosition, '2', trade);
    // … and later receives 0.1 BTC from outside (a crypto deposit, once confirmed: a flow valued at its time).
    advance(both.market, clock, 6 * MINUTE_MS + 30_000, 1000);
    noaCryptoDepositMs = clock.nowMs;
    await credit('BTC', await wallet(noa, 'BTC'), '0.10000000', operation('crypto_deposit'));
    advance(both.market, clock, 12 * MINUTE_MS, 1000);
    await both.series.runtime.flush();
    setUpEndMs = clock.nowMs;
  }, 240_000);
  beforeEach(() => {
    clock.nowMs = setUpEndMs;
  });
  afterAll(async () => both.close());

  const history = async (range: string, token = anaToken) => {
    const response = await app.inject({
      url: `/api/time-series/portfolio?range=${range}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return portfolioHistoryResponseSchema.parse(response.json()) as PortfolioHistoryResponse;
  };

  /** What Ana holds at `timeMs`, valued at the given AAPL and BTC-EUR prices (the formula the ADR states). */
  const expected = async (timeMs: number, aapl: string, btc: string) => {
    const usd = await fallbackRates.midRate('USD', 'EUR');
    const cash = Decimal.from(timeMs >= secondDepositMs ? '1500' : '1000');
    return cash
      .add(Decimal.from('100').mul(usd))
      .add(Decimal.from('10').mul(Decimal.from(aapl)).mul(usd))
      .add(Decimal.from('0.5').mul(Decimal.from(btc)))
      .rescale(scale(2), 'half_even')
      .toString();
  };

  const closeAt = async (productId: string, endMs: number) => {
    const response = await app.inject(
      `/api/time-series/candles/${productId}?interval=5m&from=${endMs - 5 * MINUTE_MS}&to=${endMs}`,
    );
    const candle = (response.json() as { candles: Array<{ close: string; openTimeMs: number }> }).candles[0]!;
    expect(candle.openTimeMs).toBe(endMs - 5 * MINUTE_MS);
    return candle.close;
  };

  it("values the customer's cash, crypto and positions now, in the reference currency", async () => {
    const day = await history('1D');
    expect(day.currency).toBe('EUR');
    const aapl = (await both.market.runtime.getReferencePrice('AAPL_cboe' as never))!;
    const btc = (await both.market.runtime.getReferencePrice('BTC-EUR_tessera' as never))!;
    expect(day.value).toBe(await expected(clock.nowMs, aapl, btc));
    expect(day.points.at(-1)).toEqual({ timeMs: clock.nowMs, value: day.value });
  });

  it('leaves the deposits inside the range out of the change: it is the price moves only', async () => {
    const day = await history('1D');
    // Ana's first deposits are in the first point; her second (EUR 500, a SEPA deposit) is a flow of the range.
    expect(day.netFlows).toBe('500.00');
    const first = day.points[0]!;
    const moves = Decimal.from(day.value).sub(Decimal.from(first.value)).sub(Decimal.from('500'));
    expect(day.change).toBe(moves.toString());
    // What moved is her AAPL and BTC, from the closes of the first point to the prices now; her cash held still.
    const aaplNow = (await both.market.runtime.getReferencePrice('AAPL_cboe' as never))!;
    const btcNow = (await both.market.runtime.getReferencePrice('BTC-EUR_tessera' as never))!;
    const atFirst = await expected(
      first.timeMs,
      await closeAt('AAPL_cboe', first.timeMs),
      await closeAt('BTC-EUR_tessera', first.timeMs),
    );
    expect(first.value).toBe(atFirst);
    const priceMoves = Decimal.from(await expected(clock.nowMs, aaplNow, btcNow))
      .sub(Decimal.from(atFirst))
      .sub(Decimal.from('500'));
    expect(day.change).toBe(priceMoves.toString());
    expect(day.changePercent).toBe(
      moves
        .mul(Decimal.of(100n, 0))
        .div(Decimal.from(first.value).add(Decimal.from('500')), scale(2), 'half_even')
        .toString(),
    );
  });

  it('counts fees against the change, own transfers not at all, and a withdrawal once its rail posts it', async () => {
    // Held: the withdrawal is still Mia's money (posted balance), so it is neither a flow nor a loss yet.
    const held = await history('1D', miaToken);
    expect(held.points[0]!.value).toBe('1000.00');
    expect(held.value).toBe('1524.00');
    expect(held.netFlows).toBe('525.00');
    expect(held.change).toBe('-1.00');
    expect(held.changePercent).toBe('-0.07');

    // The rail settles: both legs are posted (no metadata of their own, as cash operations posts them).
    await ledger.createTransfers(BANK_TENANT_ID, [
      {
        id: uuidv7(),
        ledger: 'EUR',
        pendingId: miaWithdrawal.principal,
        flags: { postPendingTransfer: true, linked: true },
      },
      { id: uuidv7(), ledger: 'EUR', pendingId: miaWithdrawal.fee, flags: { postPendingTransfer: true } },
    ]);
    const posted = await history('1D', miaToken);
    expect(posted.value).toBe('1322.00');
    expect(posted.netFlows).toBe('325.00');
    // Only the two fees are a change: 1,322 − 1,000 − 325 = −3, over 1,000 + the 525 that came in.
    expect(posted.change).toBe('-3.00');
    expect(posted.changePercent).toBe('-0.20');
  });

  it('does not count a trade as a flow, and values a crypto deposit at the candle close of its time', async () => {
    const day = await history('1D', noaToken);
    expect(day.points[0]!.value).toBe('1000.00');
    // The deposit: 0.1 BTC at the close of the last complete minute before it (BTC-EUR, no conversion).
    const minuteEnd = Math.floor(noaCryptoDepositMs / MINUTE_MS) * MINUTE_MS;
    const minute = await app.inject(
      `/api/time-series/candles/BTC-EUR_tessera?interval=1m&from=${minuteEnd - MINUTE_MS}&to=${minuteEnd}`,
    );
    const btcThen = (minute.json() as { candles: Array<{ close: string }> }).candles[0]!.close;
    const deposit = Decimal.from('0.1').mul(Decimal.from(btcThen)).rescale(scale(2), 'half_even');
    expect(day.netFlows).toBe(deposit.toString());
    // EUR 700 left, 2 AAPL and 0.1 BTC at the prices now: the EUR 300 paid for the shares is not a withdrawal.
    const aapl = (await both.market.runtime.getReferencePrice('AAPL_cboe' as never))!;
    const btc = (await both.market.runtime.getReferencePrice('BTC-EUR_tessera' as never))!;
    const usd = await fallbackRates.midRate('USD', 'EUR');
    expect(day.value).toBe(
      Decimal.from('700')
        .add(Decimal.from('2').mul(Decimal.from(aapl)).mul(usd))
        .add(Decimal.from('0.1').mul(Decimal.from(btc)))
        .rescale(scale(2), 'half_even')
        .toString(),
    );
    expect(day.change).toBe(Decimal.from(day.value).sub(Decimal.from('1000.00')).sub(deposit).toString());
  });

  it('values each 5-minute point at that instant: the balances then and the candle closes then', async () => {
    const day = await history('1D');
    // The first movement, then 15:05 … 15:40 every 5 minutes, then now.
    expect(day.points[0]!.timeMs).toBe(MONDAY_15_00);
    const grid = day.points.slice(1, -1);
    expect(grid.map((point) => point.timeMs)).toEqual(
      Array.from({ length: 8 }, (_, index) => MONDAY_15_00 + (index + 1) * 5 * MINUTE_MS),
    );
    for (const point of grid) {
      const aapl = await closeAt('AAPL_cboe', point.timeMs);
      const btc = await closeAt('BTC-EUR_tessera', point.timeMs);
      expect(point.value, new Date(point.timeMs).toISOString()).toBe(await expected(point.timeMs, aapl, btc));
    }
    // The second deposit shows from its own time on, not before.
    const before = grid.find((point) => point.timeMs === MONDAY_15_00 + 10 * MINUTE_MS)!;
    const after = grid.find((point) => point.timeMs === MONDAY_15_00 + 15 * MINUTE_MS)!;
    // Between them the value moved by the deposit and by the prices: without the price moves, it is the EUR 500 (to a
    // cent: each point is rounded on its own). The market moves on its own, so the price part is not small.
    expect(before.timeMs < secondDepositMs && secondDepositMs <= after.timeMs).toBe(true);
    const usd = await fallbackRates.midRate('USD', 'EUR');
    const moved = async (productId: string) =>
      Decimal.from(await closeAt(productId, after.timeMs)).sub(
        Decimal.from(await closeAt(productId, before.timeMs)),
      );
    const priceMoves = Decimal.from('10')
      .mul(await moved('AAPL_cboe'))
      .mul(usd)
      .add(Decimal.from('0.5').mul(await moved('BTC-EUR_tessera')));
    const deposit = Decimal.from(after.value).sub(Decimal.from(before.value)).sub(priceMoves);
    expect(
      deposit.sub(Decimal.from('500')).abs().compare(Decimal.from('0.01')),
      deposit.toString(),
    ).toBeLessThan(1);
  });

  it('stores final points once and answers the same values from them', async () => {
    const first = await history('1D');
    const rows = await database.db
      .withSchema('time_series')
      .selectFrom('portfolio_point' as never)
      .select(['time_ms' as never])
      .where('user_id' as never, '=', ana as never)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const again = await history('1D');
    expect(again.points.slice(0, -1)).toEqual(first.points.slice(0, -1));
  });

  it('the snapshot job brings every customer with a balance up to date, on the platform job queue', async () => {
    const jobs = both.series.runtime.jobs!;
    clock.nowMs =
      (Math.floor(clock.nowMs / PORTFOLIO_SNAPSHOT_EVERY_MS) + 1) * PORTFOLIO_SNAPSHOT_EVERY_MS + 1;
    expect(await jobs.worker.drain()).toBeGreaterThanOrEqual(1);
    const users = await database.db
      .withSchema('time_series')
      .selectFrom('portfolio_point' as never)
      .select(['user_id' as never, 'step_ms' as never])
      .distinct()
      .execute();
    const keys = users.map(
      (row) => `${(row as { user_id: string }).user_id}:${(row as { step_ms: number }).step_ms}`,
    );
    expect(keys).toContain(`${ana}:300000`);
    // No hourly or daily point is final yet: Ana's first movement was under an hour ago.
    expect(keys.filter((key) => key.startsWith(ana))).toEqual([`${ana}:300000`]);
    expect(keys.some((key) => key.startsWith(leo))).toBe(false);
    // The next slot is queued, once.
    const queued = await database.db
      .withSchema('time_series')
      .selectFrom('jobs' as never)
      .select(['key' as never])
      .where('status' as never, '=', 'queued' as never)
      .execute();
    expect(queued).toHaveLength(1);
  });

  it("shows a customer only their own history: another customer with nothing sees nothing of Ana's", async () => {
    const leoHistory = await history('1Y', leoToken);
    expect(leoHistory).toMatchObject({
      points: [],
      value: '0.00',
      change: '0.00',
      changePercent: null,
      netFlows: '0.00',
    });
  });

  it('refuses a missing token and a bad range, with their codes', async () => {
    const anonymous = await app.inject('/api/time-series/portfolio?range=1D');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const bad = await app.inject({
      url: '/api/time-series/portfolio?range=2D',
      headers: { authorization: `Bearer ${anaToken}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const other = await app.inject({
      url: `/api/time-series/portfolio?range=1D&userId=${leo}`,
      headers: { authorization: `Bearer ${anaToken}` },
    });
    expect(other.statusCode).toBe(400);
  });
});
