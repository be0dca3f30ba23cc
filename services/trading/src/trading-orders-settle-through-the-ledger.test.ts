import { type ActivityItem, BANK_TENANT_ID, type Order, type Position } from '@tessera/contracts';
import { addAmounts, amountFromDecimal, Decimal, EUR, formatAmount, subtractAmounts } from '@tessera/money';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { positionAccountId } from './modules/accounts/trading-accounts.ts';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';

describeEachDatabase('trading: orders settle through the ledger', ({ createDatabase }) => {
  let fixture: TradingFixture;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 1,
      timeMs: Date.now(),
    });
    return () => fixture.app.close();
  });

  const place = (token: string, body: Record<string, unknown>) =>
    fixture.app.inject({
      method: 'POST',
      url: '/api/trading/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  const get = (token: string, url: string) =>
    fixture.app.inject({
      method: 'GET',
      url: `/api/trading${url}`,
      headers: { authorization: `Bearer ${token}` },
    });
  // The customer's EUR wallet as cash operations shows it to them: trading moved money in the real wallet.
  const wallet = async (customer: { userId: string; token: string }) =>
    (await fixture.wallet(customer, 'EUR')).balance;
  const reference = (price: string) =>
    fixture.runtime.onReference({ productId: BTC_EUR as never, price, sequence: 2, timeMs: Date.now() });

  it('a resting limit buy fills when the market makers quote through it: wallet debited, position credited', async () => {
    const customer = await fixture.customer(2, { EUR: '10000.00' });
    const { userId, token } = customer;
    const placed = await place(token, {
      clientOrderId: 'buy-1',
      productId: BTC_EUR,
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      limitPrice: '59000.00',
      timeInForce: 'GTC',
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    expect(order.status).toBe('working');
    // 0.01 × 59,000 = 590.00, fee 0.5 % = 2.95: reserved, not spent.
    expect(order.reserved).toBe('592.95');
    expect(await wallet(customer)).toMatchObject({
      posted: '10000.00',
      available: '9407.05',
      pendingOutgoing: '592.95',
    });

    await reference('58900');
    const filled = (await get(token, `/orders/${order.id}`)).json<Order>();
    expect(filled).toMatchObject({
      status: 'filled',
      filledQuantity: '0.01',
      filledAmount: '590.00',
      fees: '2.95',
      reserved: '0.00',
    });
    expect(filled.fills).toHaveLength(1);
    expect(filled.fills[0]).toMatchObject({ price: '59000.00', liquidity: 'maker' });
    expect(await wallet(customer)).toMatchObject({
      posted: '9407.05',
      available: '9407.05',
      pendingOutgoing: '0.00',
    });
    const units = await fixture.ledger.getAccount(BANK_TENANT_ID, positionAccountId(userId, BTC_EUR));
    expect(units.balance.posted).toBe('0.01000000');
    // The customer's wallet activity (cash operations) shows the SEPA deposit and the trade as paid.
    const walletId = (await fixture.cash.currentWallet(userId, 'EUR'))!.walletId;
    const activity = await fixture.app.inject({
      method: 'GET',
      url: `/api/cash-operations/wallets/${walletId}/activity`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(activity.json<{ items: ActivityItem[] }>().items).toMatchObject([
      { kind: 'trade', status: 'posted', amount: '-592.95', details: { product: BTC_EUR } },
      { kind: 'sepa_deposit', status: 'posted', amount: '10000.00' },
    ]);
    const position = (await get(token, `/positions/${BTC_EUR}`)).json<Position>();
    expect(position).toMatchObject({ quantity: '0.01', costBasis: '592.95', realisedPnl: '0.00' });
  });

  it('a marketable IOC buy takes the asks; the unused reservation is released', async () => {
    await reference('60000');
    const customer = await fixture.customer(2, { EUR: '10000.00' });
    const { token } = customer;
    const response = await place(token, {
      clientOrderId: 'ioc-1',
      productId: BTC_EUR,
      side: 'buy',
      type: 'limit',
      quantity: '0.02',
      limitPrice: '61000.00',
      timeInForce: 'IOC',
    });
    const order = response.json<Order>();
    expect(order.status).toBe('filled');
    expect(Decimal.from(order.averagePrice!).compare(Decimal.from('61000'))).toBe(-1);
    const balance = await wallet(customer);
    expect(balance.pendingOutgoing).toBe('0.00');
    const spent = addAmounts(amountFromDecimal(order.filledAmount, EUR), amountFromDecimal(order.fees, EUR));
    expect(balance.posted).toBe(
      formatAmount(subtractAmounts(amountFromDecimal('10000.00', EUR), spent), EUR.scale),
    );
  });

  it('FOK that cannot fill completely trades nothing and holds nothing', async () => {
    const customer = await fixture.customer(2, { EUR: '100000.00' });
    const { token } = customer;
    const response = await place(token, {
      clientOrderId: 'fok-1',
      productId: BTC_EUR,
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      limitPrice: '60010.00',
      timeInForce: 'FOK',
    });
    const order = response.json<Order>();
    expect(order).toMatchObject({ status: 'cancelled', reason: 'fill_or_kill', filledQuantity: '0' });
    expect(await wallet(customer)).toMatchObject({ posted: '100000.00', pendingOutgoing: '0.00' });
  });

  it('cancel voids the remainder; replace moves the reservation; clientOrderId retry answers the first order', async () => {
    const customer = await fixture.customer(2, { EUR: '5000.00' });
    const { token } = customer;
    const body = {
      clientOrderId: 'rest-1',
      productId: BTC_EUR,
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      limitPrice: '50000.00',
      timeInForce: 'GTC',
    };
    const first = (await place(token, body)).json<Order>();
    const again = await place(token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<Order>().id).toBe(first.id);
    const reused = await place(token, { ...body, quantity: '0.02' });
    expect(reused.json<{ error: { code: string } }>().error.code).toBe('TRADING_CLIENT_ORDER_ID_REUSED');
    expect((await wallet(customer)).pendingOutgoing).toBe('502.50');

    const replaced = await fixture.app.inject({
      method: 'POST',
      url: `/api/trading/orders/${first.id}/replace`,
      headers: { authorization: `Bearer ${token}` },
      payload: { limitPrice: '40000.00' },
    });
    expect(replaced.json<Order>()).toMatchObject({
      status: 'working',
      limitPrice: '40000.00',
      reserved: '402.00',
    });
    expect((await wallet(customer)).pendingOutgoing).toBe('402.00');

    const tooBig = await fixture.app.inject({
      method: 'POST',
      url: `/api/trading/orders/${first.id}/replace`,
      headers: { authorization: `Bearer ${token}` },
      payload: { quantity: '1' },
    });
    expect(tooBig.json<{ error: { code: string } }>().error.code).toBe('TRADING_INSUFFICIENT_BUYING_POWER');
    expect((await wallet(customer)).pendingOutgoing).toBe('402.00');

    const cancelled = await fixture.app.inject({
      method: 'POST',
      url: `/api/trading/orders/${first.id}/cancel`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.json<Order>()).toMatchObject({
      status: 'cancelled',
      reason: 'requested',
      reserved: '0.00',
    });
    expect(await wallet(customer)).toMatchObject({
      posted: '5000.00',
      available: '5000.00',
      pendingOutgoing: '0.00',
    });
    const twice = await fixture.app.inject({
      method: 'POST',
      url: `/api/trading/orders/${first.id}/cancel`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(twice.json<{ error: { code: string } }>().error.code).toBe('TRADING_ORDER_NOT_OPEN');
  });

  it('a sell reserves units, fills against the bids, credits the wallet and realises P&L; no short selling', async () => {
    await reference('60000');
    const customer = await fixture.customer(2, { EUR: '10000.00' });
    const { userId, token } = customer;
    await place(token, {
      clientOrderId: 'b',
      productId: BTC_EUR,
      side: 'buy',
      type: 'market',
      quantity: '0.05',
      timeInForce: 'IOC',
    });
    const short = await place(token, {
      clientOrderId: 's0',
      productId: BTC_EUR,
      side: 'sell',
      type: 'market',
      quantity: '0.06',
      timeInForce: 'IOC',
    });
    expect(short.json<{ error: { code: string } }>().error.code).toBe('TRADING_INSUFFICIENT_POSITION');
    const resting = (
      await place(token, {
        clientOrderId: 's1',
        productId: BTC_EUR,
        side: 'sell',
        type: 'limit',
        quantity: '0.02',
        limitPrice: '70000.00',
        timeInForce: 'GTC',
      })
    ).json<Order>();
    expect(resting.reserved).toBe('0.02');
    const units = await fixture.ledger.getAccount(BANK_TENANT_ID, positionAccountId(userId, BTC_EUR));
    expect(units.balance).toMatchObject({ posted: '0.05000000', available: '0.03000000' });
    const tooMuch = await place(token, {
      clientOrderId: 's2',
      productId: BTC_EUR,
      side: 'sell',
      type: 'market',
      quantity: '0.04',
      timeInForce: 'IOC',
    });
    expect(tooMuch.json<{ error: { code: string } }>().error.code).toBe('TRADING_INSUFFICIENT_POSITION');
    const before = await wallet(customer);
    const sold = (
      await place(token, {
        clientOrderId: 's3',
        productId: BTC_EUR,
        side: 'sell',
        type: 'market',
        quantity: '0.03',
        timeInForce: 'IOC',
      })
    ).json<Order>();
    expect(sold.status).toBe('filled');
    const after = await wallet(customer);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    expect(cents(after.posted) - cents(before.posted)).toBe(cents(sold.filledAmount) - cents(sold.fees));
    const position = (await get(token, `/positions/${BTC_EUR}`)).json<Position>();
    expect(position).toMatchObject({ quantity: '0.02', reservedQuantity: '0.02' });
    expect(position.realisedPnl.startsWith('-')).toBe(true);
  });

  it('keeps every ledger balanced and verifiable', async () => {
    for (const code of ['EUR', 'BTC']) {
      const verification = await fixture.ledger.verifyLedger(BANK_TENANT_ID, code);
      expect(verification.problems).toEqual([]);
      expect(verification.ok).toBe(true);
      expect(verification.totals.debitsPosted).toBe(verification.totals.creditsPosted);
      expect(verification.totals.debitsPending).toBe(verification.totals.creditsPending);
    }
  });
});
