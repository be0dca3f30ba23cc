import { BANK_TENANT_ID, type FundPool, uuidv7 } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { positionAccountId } from './modules/accounts/trading-accounts.ts';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
/** Exact minor units of a decimal text: cents of EUR, and hundred-millionths of BTC. */
const minorOf = (text: string, scale: number) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
};
const cents = (text: string) => minorOf(text, 2);
const units = (text: string) => minorOf(text, 8);

/**
 * The fund port (FUND_TRADING_CLIENT, issue #21) over the real engine: a fund pool (not a customer: no KYC record at
 * all) buys by notional from its cash account and sells by quantity, settled through the ledger as customers'
 * orders are; a repeated clientOrderId answers the first order; an unknown product is refused.
 */
describeEachDatabase('trading: the fund port trades for fund pools', ({ createDatabase }) => {
  let fixture: TradingFixture;
  let pool: FundPool;

  const balance = async (accountId: string) =>
    (await fixture.ledger.getAccount(BANK_TENANT_ID, accountId)).balance;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 1,
      timeMs: Date.now(),
    });
    // The pool's cash account as investments opens it, funded from a customer's wallet by a ledger transfer.
    const fundId = uuidv7();
    pool = { ownerId: `fund:${fundId}`, cashAccountId: uuidv7() };
    await fixture.ledger.createAccount(BANK_TENANT_ID, {
      id: pool.cashAccountId,
      ledger: 'EUR',
      ownerId: pool.ownerId,
      type: 'fund_pool',
    });
    const payer = await fixture.customer(2, { EUR: '5000.00' });
    const wallet = await fixture.cash.currentWallet(payer.userId, 'EUR');
    await fixture.ledger.createTransfer(BANK_TENANT_ID, {
      id: uuidv7(),
      ledger: 'EUR',
      debitAccountId: wallet!.accountId,
      creditAccountId: pool.cashAccountId,
      amount: '5000.00',
      code: 6001,
    });
    return () => fixture.app.close();
  }, 300_000);

  it('knows instruments and their reference prices, and opens the pool position account', async () => {
    expect(await fixture.fundTrading.instrument(BTC_EUR)).toEqual({ currency: 'EUR', tradable: true });
    expect(await fixture.fundTrading.instrument('NOPE_xetra')).toBeNull();
    expect(await fixture.fundTrading.referencePrice(BTC_EUR)).toBe('60000');
    const position = await fixture.fundTrading.positionAccount(pool.ownerId, BTC_EUR);
    expect(position).toBe(positionAccountId(pool.ownerId, BTC_EUR));
    expect((await balance(position)).posted).toBe('0.00000000');
  });

  it('buys by notional from the pool cash account, once per clientOrderId, and sells by quantity', async () => {
    const position = positionAccountId(pool.ownerId, BTC_EUR);
    const bought = await fixture.fundTrading.marketOrder(pool, {
      clientOrderId: 'op-1.b0',
      productId: BTC_EUR,
      side: 'buy',
      notional: '1000.00',
    });
    expect(bought.status).toBe('filled');
    expect(bought.reason).toBeNull();
    expect(units(bought.filledQuantity)).toBeGreaterThan(0n);
    // Paid, fee included: the notional, never more (each round's hold at the collar fits in what is left, so
    // rounds after the first spend what the first's collar kept back: docs/adr/0019); nothing stays held.
    expect(cents(bought.notionalFilled)).toBeGreaterThanOrEqual(99_900n);
    expect(cents(bought.notionalFilled)).toBeLessThanOrEqual(100_000n);
    const cashAfterBuy = await balance(pool.cashAccountId);
    expect(cashAfterBuy.debitsPending).toBe('0.00');
    expect(500_000n - cents(cashAfterBuy.posted)).toBe(cents(bought.notionalFilled));
    expect(units((await balance(position)).posted)).toBe(units(bought.filledQuantity));

    // The same clientOrderId: the first result, no second order, nothing moves.
    const again = await fixture.fundTrading.marketOrder(pool, {
      clientOrderId: 'op-1.b0',
      productId: BTC_EUR,
      side: 'buy',
      notional: '1000.00',
    });
    expect(again).toEqual(bought);
    expect(await balance(pool.cashAccountId)).toEqual(cashAfterBuy);

    const sold = await fixture.fundTrading.marketOrder(pool, {
      clientOrderId: 'op-2.s0',
      productId: BTC_EUR,
      side: 'sell',
      quantity: bought.filledQuantity,
    });
    expect(sold).toMatchObject({ status: 'filled', filledQuantity: bought.filledQuantity, reason: null });
    expect((await balance(position)).posted).toBe('0.00000000');
    const cashAfterSell = await balance(pool.cashAccountId);
    expect(cents(cashAfterSell.posted) - cents(cashAfterBuy.posted)).toBe(cents(sold.notionalFilled));
    // Bought and sold back at the market makers' spread, both fees paid: less comes back than went out.
    expect(cents(sold.notionalFilled)).toBeLessThan(cents(bought.notionalFilled));
  });

  it('refuses an unknown product and a sell of units the pool does not hold, moving nothing', async () => {
    const before = await balance(pool.cashAccountId);
    expect(
      await fixture.fundTrading.marketOrder(pool, {
        clientOrderId: 'op-3.b0',
        productId: 'NOPE_xetra',
        side: 'buy',
        notional: '100.00',
      }),
    ).toEqual({
      status: 'rejected',
      filledQuantity: '0',
      notionalFilled: '0',
      averagePrice: null,
      reason: 'TRADING_UNKNOWN_PRODUCT',
    });
    expect(
      await fixture.fundTrading.marketOrder(pool, {
        clientOrderId: 'op-4.s0',
        productId: BTC_EUR,
        side: 'sell',
        quantity: '1',
      }),
    ).toMatchObject({ status: 'rejected', reason: 'TRADING_INSUFFICIENT_POSITION' });
    expect(await balance(pool.cashAccountId)).toEqual(before);
  });
});
