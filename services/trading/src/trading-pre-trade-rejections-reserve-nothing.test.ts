import { BANK_TENANT_ID, type Order } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
// A Saturday: US and European stock markets are closed, the crypto venue is open.
const SATURDAY_MS = Date.parse('2026-11-07T15:00:00Z');

describeEachDatabase(
  'trading: pre-trade rejections reserve nothing; customers see only their own',
  ({ createDatabase }) => {
    let fixture: TradingFixture;
    let alice: { userId: string; token: string };
    let bob: { userId: string; token: string };

    beforeAll(async () => {
      fixture = await startTradingFixture(await createDatabase(), { nowMs: SATURDAY_MS });
      await fixture.runtime.onReference({
        productId: BTC_EUR as never,
        price: '60000',
        sequence: 1,
        timeMs: SATURDAY_MS,
      });
      alice = await fixture.customer(2, { EUR: '1000.00', USD: '1000.00' });
      bob = await fixture.customer(2, { EUR: '1000.00' });
      return () => fixture.app.close();
    });

    const request = (
      token: string,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: Record<string, unknown>,
    ) => {
      const options: InjectOptions = {
        method,
        url: `/api/trading${url}`,
        headers: { authorization: `Bearer ${token}` },
      };
      if (payload !== undefined) {
        options.payload = payload;
      }
      return fixture.app.inject(options);
    };
    const errorCode = (response: { json<T>(): T }) => response.json<{ error: { code: string } }>().error.code;
    const pending = async (userId: string, asset = 'EUR') => {
      const ref = await fixture.cash.currentWallet(userId, asset);
      return (await fixture.ledger.getAccount(BANK_TENANT_ID, ref!.accountId)).balance.debitsPending;
    };
    const limitBuy = {
      productId: BTC_EUR,
      side: 'buy',
      type: 'limit',
      quantity: '0.001',
      limitPrice: '50000.00',
      timeInForce: 'GTC',
    };

    it.each([
      ['TRADING_PRICE_NOT_ON_TICK', { ...limitBuy, limitPrice: '50000.005' }, 422],
      ['TRADING_QUANTITY_NOT_ON_LOT', { ...limitBuy, quantity: '0.000000001' }, 422],
      ['TRADING_INSUFFICIENT_BUYING_POWER', { ...limitBuy, quantity: '1' }, 422],
      ['TRADING_INSUFFICIENT_POSITION', { ...limitBuy, side: 'sell' }, 422],
      [
        'TRADING_MARKET_CLOSED',
        { ...limitBuy, productId: 'AAPL_cboe', limitPrice: '100.00', quantity: '1' },
        422,
      ],
      ['TRADING_UNKNOWN_PRODUCT', { ...limitBuy, productId: 'NOPE_cboe' }, 404],
      [
        'TRADING_STOP_WOULD_TRIGGER',
        { ...limitBuy, type: 'stop', limitPrice: undefined, stopPrice: '59000.00' },
        422,
      ],
      ['TRADING_EXPIRY_INVALID', { ...limitBuy, timeInForce: 'GTD', expiresAt: '2020-01-01T00:00:00Z' }, 422],
      ['VALIDATION_FAILED', { ...limitBuy, limitPrice: undefined }, 400],
      ['VALIDATION_FAILED', { ...limitBuy, quantity: '-1' }, 400],
      ['VALIDATION_FAILED', { ...limitBuy, productId: 'not a product' }, 400],
    ])('%s: nothing reserved, no order', async (code, body, status) => {
      const response = await request(alice.token, 'POST', '/orders', {
        clientOrderId: `c-${code}-${status}-${Math.random().toString(36).slice(2, 8)}`,
        ...body,
      });
      expect(response.statusCode).toBe(status);
      expect(errorCode(response)).toBe(code);
      expect(await pending(alice.userId)).toBe('0.00');
      expect((await request(alice.token, 'GET', '/orders')).json<{ items: Order[] }>().items).toEqual([]);
    });

    it('TRADING_MARKET_CLOSED says when the market opens next', async () => {
      const response = await request(alice.token, 'POST', '/orders/preview', {
        ...limitBuy,
        productId: 'AAPL_cboe',
        limitPrice: '100.00',
        quantity: '1',
      });
      expect(errorCode(response)).toBe('TRADING_MARKET_CLOSED');
      const { nextOpenAt } = response.json<{ error: { details: { nextOpenAt: string } } }>().error.details;
      expect(Date.parse(nextOpenAt)).toBeGreaterThan(SATURDAY_MS);
    });

    it('TRADING_KYC_LEVEL_REQUIRED below level 2; unauthenticated callers get 401', async () => {
      const newcomer = await fixture.customer(1, { EUR: '100.00' });
      const response = await request(newcomer.token, 'POST', '/orders', { clientOrderId: 'k', ...limitBuy });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('TRADING_KYC_LEVEL_REQUIRED');
      expect(await pending(newcomer.userId)).toBe('0.00');
      expect((await fixture.app.inject({ method: 'GET', url: '/api/trading/orders' })).statusCode).toBe(401);
    });

    it('the preview runs the checks and reserves nothing', async () => {
      const response = await request(alice.token, 'POST', '/orders/preview', limitBuy);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        estimatedAmount: '50.00',
        estimatedFee: '0.25',
        estimatedTotal: '50.25',
        buyingPower: '1000.00',
        buyingPowerAfter: '949.75',
      });
      expect(await pending(alice.userId)).toBe('0.00');
    });

    it("another customer's order, position, watchlist and alert ids answer 404 and change nothing", async () => {
      const order = (
        await request(alice.token, 'POST', '/orders', { clientOrderId: 'mine', ...limitBuy })
      ).json<Order>();
      expect(order.status).toBe('working');
      const watchlist = (
        await request(alice.token, 'POST', '/watchlists', { name: 'Crypto', productIds: [BTC_EUR] })
      ).json<{ id: string }>();
      const alert = (
        await request(alice.token, 'POST', '/alerts', {
          productId: BTC_EUR,
          condition: 'above',
          price: '70000',
        })
      ).json<{ id: string }>();

      expect(errorCode(await request(bob.token, 'GET', `/orders/${order.id}`))).toBe(
        'TRADING_ORDER_NOT_FOUND',
      );
      expect(errorCode(await request(bob.token, 'POST', `/orders/${order.id}/cancel`))).toBe(
        'TRADING_ORDER_NOT_FOUND',
      );
      expect(
        errorCode(await request(bob.token, 'POST', `/orders/${order.id}/replace`, { limitPrice: '1.00' })),
      ).toBe('TRADING_ORDER_NOT_FOUND');
      expect(errorCode(await request(bob.token, 'GET', `/watchlists/${watchlist.id}`))).toBe(
        'TRADING_WATCHLIST_NOT_FOUND',
      );
      expect(
        errorCode(await request(bob.token, 'PATCH', `/watchlists/${watchlist.id}`, { name: 'Mine now' })),
      ).toBe('TRADING_WATCHLIST_NOT_FOUND');
      expect(errorCode(await request(bob.token, 'DELETE', `/watchlists/${watchlist.id}`))).toBe(
        'TRADING_WATCHLIST_NOT_FOUND',
      );
      expect(errorCode(await request(bob.token, 'DELETE', `/alerts/${alert.id}`))).toBe(
        'TRADING_ALERT_NOT_FOUND',
      );
      expect((await request(bob.token, 'GET', '/orders')).json<{ items: Order[] }>().items).toEqual([]);
      expect((await request(bob.token, 'GET', '/positions')).json<{ items: unknown[] }>().items).toEqual([]);

      expect((await request(alice.token, 'GET', `/orders/${order.id}`)).json<Order>().status).toBe('working');
      expect((await request(alice.token, 'GET', `/watchlists/${watchlist.id}`)).json()).toMatchObject({
        name: 'Crypto',
        productIds: [BTC_EUR],
      });
      expect(
        (await request(alice.token, 'GET', '/alerts')).json<{ items: Array<{ status: string }> }>().items[0]
          ?.status,
      ).toBe('active');
      expect(await pending(alice.userId)).toBe('50.25');
    });

    it('watchlists: create, rename, reorder, delete', async () => {
      const created = (
        await request(bob.token, 'POST', '/watchlists', {
          name: 'Tech',
          productIds: ['AAPL_cboe', 'MSFT_nasdaq'],
        })
      ).json<{ id: string }>();
      const updated = await request(bob.token, 'PATCH', `/watchlists/${created.id}`, {
        name: 'Big tech',
        productIds: ['MSFT_nasdaq', 'AAPL_cboe'],
      });
      expect(updated.json()).toMatchObject({ name: 'Big tech', productIds: ['MSFT_nasdaq', 'AAPL_cboe'] });
      expect((await request(bob.token, 'DELETE', `/watchlists/${created.id}`)).statusCode).toBe(204);
      expect((await request(bob.token, 'GET', '/watchlists')).json<{ items: unknown[] }>().items).toEqual([]);
      expect(errorCode(await request(bob.token, 'POST', '/watchlists', { name: '' }))).toBe(
        'VALIDATION_FAILED',
      );
    });

    it('a price alert notifies once when the reference price reaches it', async () => {
      const messages: Array<{ userId: string; message: { type: string } }> = [];
      const unsubscribe = fixture.events.subscribe('trading.customer', (payload) => {
        messages.push(payload as (typeof messages)[number]);
      });
      const alert = (
        await request(bob.token, 'POST', '/alerts', {
          productId: BTC_EUR,
          condition: 'below',
          price: '59000',
        })
      ).json<{ id: string }>();
      await fixture.runtime.onReference({
        productId: BTC_EUR as never,
        price: '59500',
        sequence: 2,
        timeMs: SATURDAY_MS,
      });
      expect(messages.filter((entry) => entry.message.type === 'alert')).toHaveLength(0);
      await fixture.runtime.onReference({
        productId: BTC_EUR as never,
        price: '58990',
        sequence: 3,
        timeMs: SATURDAY_MS,
      });
      await fixture.runtime.onReference({
        productId: BTC_EUR as never,
        price: '58000',
        sequence: 4,
        timeMs: SATURDAY_MS,
      });
      const alerts = messages.filter((entry) => entry.message.type === 'alert');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.userId).toBe(bob.userId);
      const listed = (await request(bob.token, 'GET', '/alerts')).json<{
        items: Array<{ id: string; status: string; triggeredPrice: string }>;
      }>();
      expect(listed.items.find((item) => item.id === alert.id)).toMatchObject({
        status: 'triggered',
        triggeredPrice: '58990',
      });
      unsubscribe();
    });

    it('a GTD order expires at its time and releases its reservation', async () => {
      const carol = await fixture.customer(2, { EUR: '1000.00' });
      const expiresAt = new Date(fixture.clock.nowMs + 60_000).toISOString();
      const order = (
        await request(carol.token, 'POST', '/orders', {
          clientOrderId: 'gtd',
          ...limitBuy,
          limitPrice: '40000.00',
          timeInForce: 'GTD',
          expiresAt,
        })
      ).json<Order>();
      expect(order.status).toBe('working');
      expect(await pending(carol.userId)).toBe('40.20');
      fixture.clock.nowMs += 61_000;
      await fixture.runtime.orders.expireDue();
      expect((await request(carol.token, 'GET', `/orders/${order.id}`)).json<Order>()).toMatchObject({
        status: 'expired',
        reserved: '0.00',
      });
      expect(await pending(carol.userId)).toBe('0.00');
    });
  },
);
