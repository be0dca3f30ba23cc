/**
 * TRADING_CLIENT's positionsHeld (user management refuses to close an account while it lists anything): a
 * customer's positions with a quantity, by product, named from the catalog, the reserved part included; nothing
 * once sold to zero; never another customer's; hostile ids answer nothing rather than fail.
 */
import { type Order, type TradingApi } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';

describeEachDatabase('trading: positions held, for closing an account', ({ createDatabase }) => {
  let fixture: TradingFixture;
  let trading: TradingApi;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 1,
      timeMs: Date.now(),
    });
    // The fund port is the same in-process client as TRADING_CLIENT (service.ts createClient).
    trading = fixture.fundTrading as unknown as TradingApi;
    return () => fixture.app.close();
  });

  const place = async (token: string, body: Record<string, unknown>) => {
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/trading/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };

  it("lists the customer's positions with a quantity until they are sold, and only theirs", async () => {
    const ana = await fixture.customer(2, { EUR: '10000.00' });
    const leo = await fixture.customer(2, { EUR: '10000.00' });
    expect(await trading.positionsHeld!(ana.userId)).toEqual([]);

    const bought = await place(ana.token, {
      clientOrderId: 'close-buy',
      productId: BTC_EUR,
      side: 'buy',
      type: 'market',
      quantity: '0.03',
      timeInForce: 'IOC',
    });
    expect(bought.status).toBe('filled');
    const held = await trading.positionsHeld!(ana.userId);
    expect(held).toEqual([
      {
        kind: 'position',
        id: BTC_EUR,
        name: expect.any(String),
        symbol: expect.any(String),
        quantity: '0.03',
      },
    ]);
    expect(held[0]!.name.length).toBeGreaterThan(0);
    expect(await trading.positionsHeld!(leo.userId)).toEqual([]);

    // A resting sell reserves part of it: the whole quantity is still held.
    const resting = await place(ana.token, {
      clientOrderId: 'close-rest',
      productId: BTC_EUR,
      side: 'sell',
      type: 'limit',
      quantity: '0.01',
      limitPrice: '90000.00',
      timeInForce: 'GTC',
    });
    expect((await trading.positionsHeld!(ana.userId))[0]?.quantity).toBe('0.03');
    const cancelled = await fixture.app.inject({
      method: 'POST',
      url: `/api/trading/orders/${resting.id}/cancel`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(cancelled.json<Order>().status, cancelled.body).toBe('cancelled');

    // Sold to zero: the position row stays (its realised P&L) but nothing is held.
    const sold = await place(ana.token, {
      clientOrderId: 'close-sell',
      productId: BTC_EUR,
      side: 'sell',
      type: 'market',
      quantity: '0.03',
      timeInForce: 'IOC',
    });
    expect(sold.status).toBe('filled');
    expect(await trading.positionsHeld!(ana.userId)).toEqual([]);
  });

  it('answers nothing for ids that are no customer, hostile ones included', async () => {
    for (const userId of ['', "' or 1=1 --", 'x'.repeat(2000), '00000000-0000-0000-0000-000000000000']) {
      expect(await trading.positionsHeld!(userId)).toEqual([]);
    }
  });
});
