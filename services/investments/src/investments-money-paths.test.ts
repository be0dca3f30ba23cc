/**
 * Issue #21, model tests on both databases: NAV x units equals the holdings' value within the documented rounding;
 * invest then redeem returns the value less fees; a trading engine that throws after the cash moved ends refunded;
 * a retry with the same key answers the first operation; a process that died midway is finished by recovery once
 * its lease ran out, exactly once; another customer can neither see nor redeem my holding; fees move once a day.
 */
import {
  BANK_TENANT_ID,
  type FundDetail,
  type FundHolding,
  type FundOperation,
  FUND_OPERATION_LEASE_MS,
  type InvestPreview,
  type RedeemPreview,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { formatFixed, parseFixed } from './modules/fixed.ts';
import { chargeFees } from './modules/fees.ts';
import { escrowAccountId, feeAccountId } from './modules/fund-ledger.ts';
import { loadFund, fundState } from './modules/funds.ts';
import { invest, LeaseLostError, recoverOperations } from './modules/operations.ts';
import {
  type Customer,
  type InvestmentsFixture,
  startInvestmentsFixture,
} from './test-support/investments-fixture.ts';

const COMPOSITION = [
  { productId: 'SAP_xetra', weight: '50' },
  { productId: 'SIE_xetra', weight: '30' },
  { productId: 'ASML_euronext', weight: '20' },
];

const cents = (text: string) => parseFixed(text, 2);

describeEachDatabase('investments: money paths through the ledger', ({ createDatabase }) => {
  let fixture: InvestmentsFixture;
  let manager: Customer;
  let fundId: string;
  let keyCounter = 0;
  const key = () => `test-key-${++keyCounter}-${Date.now()}`;

  beforeAll(async () => {
    fixture = await startInvestmentsFixture(await createDatabase());
    fixture.venue.prices.set('SAP_xetra', '200.00');
    fixture.venue.prices.set('SIE_xetra', '150.00');
    fixture.venue.prices.set('ASML_euronext', '700.00');
    manager = await fixture.customer(2);
    const created = await fixture.call(manager, 'POST', '/funds', {
      name: 'Model fund',
      managementFeePercent: '0.50',
      components: COMPOSITION,
    });
    expect(created.statusCode, created.body).toBe(201);
    fundId = created.json<FundDetail>().id;
    return () => fixture.app.close();
  });

  const investAs = (customer: Customer, amount: string, idempotencyKey = key()) =>
    fixture.call(
      customer,
      'POST',
      `/funds/${fundId}/invest`,
      { amount },
      { 'idempotency-key': idempotencyKey },
    );
  const redeemAs = (customer: Customer, units: string, idempotencyKey = key()) =>
    fixture.call(
      customer,
      'POST',
      `/funds/${fundId}/redeem`,
      { units },
      { 'idempotency-key': idempotencyKey },
    );

  it('lists the curated funds of the seed and the community fund', async () => {
    const curated = await fixture.call(manager, 'GET', '/funds?scope=curated');
    expect(curated.json<{ items: Array<{ name: string; kind: string }> }>().items.map((f) => f.name)).toEqual(
      ['Tessera Europe Leaders', 'Tessera Global Core', 'Tessera Digital Assets'],
    );
    const mine = await fixture.call(manager, 'GET', '/funds?scope=mine');
    expect(mine.json<{ items: Array<{ id: string; managedByMe: boolean; nav: string }> }>().items).toEqual([
      expect.objectContaining({ id: fundId, managedByMe: true, nav: '10.000000' }),
    ]);
  });

  it("gives a curated fund's description in English and French, and a community fund's as its manager wrote it", async () => {
    const curated = await fixture.call(manager, 'GET', '/funds?scope=curated');
    const europe = curated
      .json<{ items: Array<{ id: string; name: string }> }>()
      .items.find((fund) => fund.name === 'Tessera Europe Leaders')!;
    const page = await fixture.call(manager, 'GET', `/funds/${europe.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const { description, descriptions } = page.json<{
      description: string;
      descriptions: { en: string; fr: string } | null;
    }>();
    expect(descriptions?.en).toBe(description);
    expect(descriptions?.fr).toMatch(/^Quatre grandes entreprises européennes/);
    const own = await fixture.call(manager, 'GET', `/funds/${fundId}`);
    expect(own.json<{ descriptions: unknown }>().descriptions).toBeNull();
  });

  it('invests: cash to the pool, instruments bought pro rata, units minted; NAV x units equals the net assets', async () => {
    const investor = await fixture.customer(2, '1000.00');
    const answer = await investAs(investor, '500.00');
    expect(answer.statusCode, answer.body).toBe(201);
    const operation = answer.json<FundOperation>();
    expect(operation).toMatchObject({ status: 'minted', amount: '500.00', nav: '10.000000' });
    expect(await fixture.walletBalance(investor)).toBe('500.00');
    // 500 at a 10 bp fee: 499.50 of instruments bought, less what the quantities' cut to the millionth loses
    // (0.0002): at NAV 10, 49.94998 units.
    expect(operation.units).toBe('49.949980');

    const fund = await loadFund(fixture.runtime.core, fundId);
    const state = await fundState(fixture.runtime.core, fund);
    const navTimesUnits = state.nav * state.units; // 12 digits
    const netAssets = state.valuation.netAssets * 10_000n; // 8 -> 12 digits
    // Rounded down: never above the net assets, and short by less than one unit of the NAV's last digit per unit.
    expect(navTimesUnits <= netAssets).toBe(true);
    expect(netAssets - navTimesUnits < state.units).toBe(true);

    // The holder's side: the holding's value is units x NAV cut to the cent; as the only holder, it is the net
    // assets (cut to the cent) or one cent less, never more.
    const holdings = (await fixture.call(investor, 'GET', '/holdings')).json<{ items: FundHolding[] }>()
      .items;
    expect(holdings.map((holding) => [holding.units, holding.nav])).toEqual([
      [operation.units, formatFixed(state.nav, 6)],
    ]);
    const value = cents(holdings[0]!.value);
    expect(value).toBe((parseFixed(holdings[0]!.units, 6) * state.nav) / 10n ** 10n);
    const netAssetsCents = state.valuation.netAssets / 10n ** 6n;
    expect(value <= netAssetsCents && netAssetsCents - value <= 1n).toBe(true);

    const page = (await fixture.call(investor, 'GET', `/funds/${fundId}`)).json<FundDetail>();
    expect(page.components.map((c) => [c.productId, c.targetWeight, c.actualWeight])).toEqual([
      ['SAP_xetra', '50.00', '50.00'],
      ['SIE_xetra', '30.00', '30.00'],
      ['ASML_euronext', '20.00', '20.00'],
    ]);
    expect(page.holdersCount).toBe(1);
    expect(page.navHistory.length).toBe(1);
  });

  it('invest then redeem everything returns the value less the trading fees', async () => {
    const investor = await fixture.customer(2, '300.00');
    const invested = (await investAs(investor, '300.00')).json<FundOperation>();
    expect(invested.status).toBe('minted');
    const redeemed = await redeemAs(investor, 'all');
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const paid = redeemed.json<FundOperation>();
    expect(paid).toMatchObject({ status: 'paid', units: invested.units });
    // Buy fee 10 bp and sell fee 10 bp, plus cent and lot rounding: between 299.35 and 299.41 back.
    const back = cents(await fixture.walletBalance(investor));
    expect(back).toBe(cents(paid.amount));
    expect(back <= cents('299.41') && back >= cents('299.35')).toBe(true);
    const holdings = (await fixture.call(investor, 'GET', '/holdings')).json<{ items: FundHolding[] }>();
    expect(holdings.items).toEqual([]);
  });

  it('follows the market: the NAV moves with the prices', async () => {
    const before = (await fixture.call(manager, 'GET', `/funds/${fundId}`)).json<FundDetail>();
    fixture.venue.prices.set('SAP_xetra', '220.00');
    const after = (await fixture.call(manager, 'GET', `/funds/${fundId}`)).json<FundDetail>();
    // SAP is half the fund: +10 % on it is about +5 % on the NAV.
    const ratio = (parseFixed(after.nav, 6) * 1000n) / parseFixed(before.nav, 6);
    expect(ratio >= 1049n && ratio <= 1051n).toBe(true);
    fixture.venue.prices.set('SAP_xetra', '200.00');
  });

  it('a trading engine that throws after the cash moved ends refunded, with nothing left in the escrow', async () => {
    const investor = await fixture.customer(2, '200.00');
    let seen = 0;
    fixture.venue.before = (order) => (order.side === 'buy' && ++seen === 2 ? 'throw-after' : null);
    try {
      const answer = await investAs(investor, '200.00');
      expect(answer.statusCode, answer.body).toBe(201);
      const operation = answer.json<FundOperation>();
      expect(operation).toMatchObject({
        status: 'refunded',
        reason: 'INVESTMENTS_TRADING_UNAVAILABLE',
        units: '0.000000',
      });
      const back = cents(await fixture.walletBalance(investor));
      // The two buys that filled were sold back: only their fees (10 bp each way) are gone.
      expect(back).toBe(cents(operation.amount));
      expect(back < cents('200.00') && back >= cents('199.30')).toBe(true);
      const escrow = await fixture.ledger.getAccount(BANK_TENANT_ID, escrowAccountId(operation.id));
      expect(escrow.balance.posted).toBe('0.00');
      const holder = await fixture.call(investor, 'GET', '/holdings');
      expect(holder.json<{ items: FundHolding[] }>().items).toEqual([]);
    } finally {
      fixture.venue.before = () => null;
    }
  });

  it('a refused order ends refunded too, and a refused sell keeps the units', async () => {
    const investor = await fixture.customer(2, '100.00');
    fixture.venue.before = (order) =>
      order.productId === 'ASML_euronext' && order.side === 'buy' ? 'reject' : null;
    const refused = (await investAs(investor, '100.00')).json<FundOperation>();
    expect(refused).toMatchObject({ status: 'refunded', reason: 'TRADING_VENUE_REJECTED' });
    fixture.venue.before = () => null;
    const minted = (await investAs(investor, '50.00')).json<FundOperation>();
    expect(minted.status).toBe('minted');
    fixture.venue.before = (order) => (order.side === 'sell' ? 'reject' : null);
    const restored = (await redeemAs(investor, minted.units)).json<FundOperation>();
    expect(restored).toMatchObject({ status: 'restored', reason: 'TRADING_VENUE_REJECTED' });
    fixture.venue.before = () => null;
    const holdings = (await fixture.call(investor, 'GET', '/holdings')).json<{ items: FundHolding[] }>();
    expect(holdings.items[0]?.units).toBe(minted.units);
  });

  it('a closed market: both previews say so, and invest and redeem are refused before anything moves', async () => {
    const investor = await fixture.customer(2, '100.00');
    const minted = (await investAs(investor, '50.00')).json<FundOperation>();
    expect(minted.status).toBe('minted');
    const opens = '2026-11-30T08:00:00.000Z';
    fixture.venue.closed.set('SIE_xetra', opens);
    try {
      const investPreview = await fixture.call(investor, 'POST', `/funds/${fundId}/invest/preview`, {
        amount: '20.00',
      });
      expect(investPreview.statusCode, investPreview.body).toBe(200);
      expect(investPreview.json<InvestPreview>().closedMarkets).toEqual([
        { productId: 'SIE_xetra', nextOpenAt: opens },
      ]);
      const refused = await investAs(investor, '20.00');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'INVESTMENTS_MARKET_CLOSED', details: { productId: 'SIE_xetra', nextOpenAt: opens } },
      });
      expect(await fixture.walletBalance(investor)).toBe('50.00');

      const redeemPreview = await fixture.call(investor, 'POST', `/funds/${fundId}/redeem/preview`, {
        units: 'all',
      });
      expect(redeemPreview.json<RedeemPreview>().closedMarkets).toEqual([
        { productId: 'SIE_xetra', nextOpenAt: opens },
      ]);
      const kept = await redeemAs(investor, 'all');
      expect(kept.statusCode, kept.body).toBe(409);
      expect(kept.json()).toMatchObject({ error: { code: 'INVESTMENTS_MARKET_CLOSED' } });
      const holdings = (await fixture.call(investor, 'GET', '/holdings')).json<{ items: FundHolding[] }>();
      expect(holdings.items.find((holding) => holding.fundId === fundId)?.units).toBe(minted.units);
    } finally {
      fixture.venue.closed.clear();
    }
    const open = await fixture.call(investor, 'POST', `/funds/${fundId}/invest/preview`, { amount: '20.00' });
    expect(open.json<InvestPreview>().closedMarkets).toEqual([]);
  });

  it('a retry with the same key answers the first operation; the same key with another body is refused', async () => {
    const investor = await fixture.customer(2, '100.00');
    const idempotencyKey = key();
    const first = await investAs(investor, '40.00', idempotencyKey);
    const again = await investAs(investor, '40.00', idempotencyKey);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await fixture.walletBalance(investor)).toBe('60.00');
    const other = await investAs(investor, '41.00', idempotencyKey);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'INVESTMENTS_IDEMPOTENCY_KEY_REUSED' } });
  });

  it('a process that died midway is finished by the next once the lease ran out, exactly once', async () => {
    const investor = await fixture.customer(2, '100.00');
    fixture.venue.before = (order) => (order.side === 'buy' ? 'hang' : null);
    const idempotencyKey = key();
    // The first process never gets its answer (it "died" while the engine worked).
    const dead = invest(fixture.runtime.core, investor.userId, fundId, '100.00', idempotencyKey).catch(
      (error: unknown) => error,
    );
    await fixture.venue.whenHung();
    expect(await fixture.walletBalance(investor)).toBe('0.00');
    fixture.venue.before = () => null;
    const next = await fixture.restart();
    try {
      // Before the lease runs out the other process leaves it alone; after, it takes it over.
      expect(await recoverOperations(next.runtime.core)).toBe(0);
      fixture.clock.nowMs += FUND_OPERATION_LEASE_MS + 1;
      expect(await recoverOperations(next.runtime.core)).toBe(1);
      expect(await recoverOperations(next.runtime.core)).toBe(0);
      const retried = await next.call(
        investor,
        'POST',
        `/funds/${fundId}/invest`,
        { amount: '100.00' },
        {
          'idempotency-key': idempotencyKey,
        },
      );
      expect(retried.statusCode).toBe(200);
      expect(retried.json<FundOperation>()).toMatchObject({ status: 'minted', amount: '100.00' });
      const buys = fixture.venue.calls.filter((call) =>
        call.order.clientOrderId.startsWith(retried.json<FundOperation>().id),
      );
      // Three buys, each asked twice (the hung one first), each executed once: the units equal one subscription's.
      expect(new Set(buys.map((call) => call.order.clientOrderId)).size).toBe(3);
      expect(retried.json<FundOperation>().units).not.toBe('0.000000');
      // The "dead" process wakes up: its lease was taken over, so it writes nothing.
      fixture.venue.release();
      expect(await dead).toBeInstanceOf(LeaseLostError);
      const after = await next.call(investor, 'GET', `/funds/${fundId}/operations`);
      expect(after.json<{ items: FundOperation[] }>().items[0]).toEqual(retried.json());
      expect(await fixture.walletBalance(investor)).toBe('0.00');
    } finally {
      await next.app.close();
    }
  });

  it('another customer can neither see nor redeem my holding', async () => {
    const owner = await fixture.customer(2, '100.00');
    expect((await investAs(owner, '100.00')).json<FundOperation>().status).toBe('minted');
    const stranger = await fixture.customer(2, '10.00');
    expect((await fixture.call(stranger, 'GET', '/holdings')).json<{ items: unknown[] }>().items).toEqual([]);
    const operations = await fixture.call(stranger, 'GET', `/funds/${fundId}/operations`);
    expect(operations.json<{ items: unknown[] }>().items).toEqual([]);
    const redeem = await redeemAs(stranger, '1');
    expect(redeem.statusCode).toBe(422);
    expect(redeem.json()).toMatchObject({ error: { code: 'INVESTMENTS_INSUFFICIENT_UNITS' } });
    const stranger2 = await fixture.call(stranger, 'PATCH', `/funds/${fundId}`, { name: 'Mine now' });
    expect(stranger2.json()).toMatchObject({ error: { code: 'INVESTMENTS_NOT_FUND_MANAGER' } });
  });

  it('answers hostile input with documented 4xx codes, never a 500', async () => {
    const base = { name: 'Hostile', managementFeePercent: '0.50', components: COMPOSITION };
    const cases: Array<[unknown, number, string]> = [
      [{ ...base, components: [{ productId: 'SAP_xetra', weight: '99.99' }] }, 400, 'VALIDATION_FAILED'],
      [
        {
          ...base,
          components: [
            { productId: 'SAP_xetra', weight: '50' },
            { productId: 'SAP_xetra', weight: '50' },
          ],
        },
        400,
        'VALIDATION_FAILED',
      ],
      [{ ...base, components: [{ productId: 'SAP_xetra', weight: 100 }] }, 400, 'VALIDATION_FAILED'],
      [{ ...base, components: [{ productId: 'SAP_xetra', weight: '-100' }] }, 400, 'VALIDATION_FAILED'],
      [{ ...base, managementFeePercent: '9.00' }, 400, 'VALIDATION_FAILED'],
      [{ ...base, leverage: '10' }, 400, 'VALIDATION_FAILED'],
      [{ ...base, name: 'x'.repeat(81) }, 400, 'VALIDATION_FAILED'],
      [
        { ...base, components: [{ productId: 'NOPE_xetra', weight: '100' }] },
        422,
        'INVESTMENTS_INSTRUMENT_NOT_TRADABLE',
      ],
      [
        { ...base, components: [{ productId: 'HALT_xetra', weight: '100' }] },
        422,
        'INVESTMENTS_INSTRUMENT_NOT_TRADABLE',
      ],
      [
        { ...base, components: [{ productId: 'AAPL_cboe', weight: '100' }] },
        422,
        'INVESTMENTS_CURRENCY_MISMATCH',
      ],
    ];
    for (const [payload, status, code] of cases) {
      const answer = await fixture.call(manager, 'POST', '/funds', payload);
      expect(answer.body).toContain('"code"');
      expect(
        [answer.statusCode, answer.json<{ error: { code: string } }>().error.code],
        JSON.stringify(payload),
      ).toEqual([status, code]);
    }
    const basic = await fixture.customer(1, '100.00');
    const unverified = await fixture.call(basic, 'POST', '/funds', base);
    expect(unverified.json()).toMatchObject({ error: { code: 'INVESTMENTS_KYC_LEVEL_REQUIRED' } });
    expect((await investAs(basic, '20.00')).json()).toMatchObject({
      error: { code: 'INVESTMENTS_KYC_LEVEL_REQUIRED' },
    });

    const investor = await fixture.customer(2, '20.00');
    const noKey = await fixture.call(investor, 'POST', `/funds/${fundId}/invest`, { amount: '20.00' });
    expect([noKey.statusCode, noKey.json<{ error: { code: string } }>().error.code]).toEqual([
      400,
      'INVESTMENTS_IDEMPOTENCY_KEY_REQUIRED',
    ]);
    const answers: Array<[Awaited<ReturnType<typeof investAs>>, number, string]> = [
      [await investAs(investor, '5.00'), 422, 'INVESTMENTS_AMOUNT_TOO_SMALL'],
      [await investAs(investor, '100001.00'), 422, 'INVESTMENTS_AMOUNT_TOO_LARGE'],
      [await investAs(investor, '1e3'), 400, 'VALIDATION_FAILED'],
      [await investAs(investor, '20.001'), 400, 'VALIDATION_FAILED'],
      [await investAs(investor, '30.00'), 422, 'INVESTMENTS_INSUFFICIENT_FUNDS'],
      [await investAs(await fixture.customer(2), '20.00'), 422, 'INVESTMENTS_NO_WALLET'],
      [await fixture.call(investor, 'GET', '/funds/not-a-fund'), 404, 'INVESTMENTS_FUND_NOT_FOUND'],
      [
        await fixture.call(investor, 'GET', '/funds/0190f1d2-7c3a-7b4e-9f00-0123456789ab'),
        404,
        'INVESTMENTS_FUND_NOT_FOUND',
      ],
      [await fixture.call(investor, 'GET', '/funds?scope=everything'), 400, 'VALIDATION_FAILED'],
    ];
    for (const [answer, status, code] of answers) {
      expect([answer.statusCode, answer.json<{ error: { code: string } }>().error.code]).toEqual([
        status,
        code,
      ]);
    }
    const curated = (await fixture.call(manager, 'GET', '/funds?scope=curated')).json<{
      items: Array<{ id: string }>;
    }>();
    const patch = await fixture.call(manager, 'PATCH', `/funds/${curated.items[0]!.id}`, {
      name: 'Taken over',
    });
    expect(patch.json()).toMatchObject({ error: { code: 'INVESTMENTS_CURATED_FUND_READ_ONLY' } });
    expect(await fixture.walletBalance(investor)).toBe('20.00');
  });

  it('a new composition answers its rebalance trades, and applying it rebalances through the engine', async () => {
    const preview = await fixture.call(manager, 'PATCH', `/funds/${fundId}`, {
      components: [
        { productId: 'SAP_xetra', weight: '50' },
        { productId: 'SIE_xetra', weight: '50' },
      ],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<{
      rebalance: { applied: boolean; trades: Array<{ productId: string; side: string }> };
    }>();
    expect(body.rebalance.applied).toBe(false);
    expect(body.rebalance.trades.map((t) => [t.productId, t.side])).toEqual([
      ['ASML_euronext', 'sell'],
      ['SIE_xetra', 'buy'],
    ]);
    const applied = await fixture.call(manager, 'PATCH', `/funds/${fundId}`, {
      components: [
        { productId: 'SAP_xetra', weight: '50' },
        { productId: 'SIE_xetra', weight: '50' },
      ],
      apply: true,
    });
    const fund = applied.json<{ fund: FundDetail; rebalance: { applied: boolean } }>();
    expect(fund.rebalance.applied).toBe(true);
    const weights = Object.fromEntries(
      fund.fund.components.map((c) => [c.productId, Number(c.actualWeight)]),
    );
    expect(weights['ASML_euronext']).toBe(0);
    expect(Math.abs(weights['SIE_xetra']! - 50)).toBeLessThan(0.2);
  });

  it('the management fee moves once per fund and day, from the pool to Tessera', async () => {
    const fees = feeAccountId('EUR');
    const before = (await fixture.ledger.getAccount(BANK_TENANT_ID, fees)).balance.posted;
    const day = new Date(fixture.clock.nowMs).toISOString().slice(0, 10);
    await chargeFees(fixture.runtime.core, day);
    const once = (await fixture.ledger.getAccount(BANK_TENANT_ID, fees)).balance.posted;
    await chargeFees(fixture.runtime.core, day);
    const twice = (await fixture.ledger.getAccount(BANK_TENANT_ID, fees)).balance.posted;
    expect(cents(once) > cents(before)).toBe(true);
    expect(twice).toBe(once);
    const verified = await fixture.ledger.verifyLedger(BANK_TENANT_ID, 'EUR');
    expect(verified.ok).toBe(true);
    void formatFixed;
  });
});
