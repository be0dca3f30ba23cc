// Trading's security pass: another customer's order, position, watchlist and alert ids read and change nothing;
// bad order input answers its code and reserves, places and opens nothing (checked in the customer's wallets as
// cash operations shows them); a reused clientOrderId with another body is refused; the trading websocket delivers
// a customer's orders, fills, positions and alerts to that customer only, even when two customers trade together.
import {
  type Order,
  type PriceAlert,
  type TradingServerMessage,
  tradingServerMessageSchema,
  type Wallet,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTradingFixture, type TradingFixture } from './test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';
const ETH_USD = 'ETH-USD_tessera';

type Customer = { userId: string; token: string };

/** A socket of the trading websocket that keeps every message; `barrier()` returns once all sent before it arrived. */
async function openSocket(baseUrl: string, token: string | null) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/trading/ws`);
  const messages: TradingServerMessage[] = [];
  const waiters: Array<() => void> = [];
  let closed = false;
  socket.on('message', (data: Buffer) => {
    messages.push(
      tradingServerMessageSchema.parse(JSON.parse(data.toString('utf8'))) as TradingServerMessage,
    );
    for (const wake of waiters.splice(0)) {
      wake();
    }
  });
  socket.on('close', () => {
    closed = true;
    for (const wake of waiters.splice(0)) {
      wake();
    }
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const until = async (found: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!found()) {
      if (Date.now() > deadline) {
        throw new Error(`${what} never came; got ${messages.map((message) => message.type).join(', ')}`);
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  if (token !== null) {
    socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
    await until(() => messages.some((message) => message.type === 'ready'), 'ready');
  }
  return {
    socket,
    messages,
    until,
    isClosed: () => closed,
    /** The server answers a ping after everything it sent this socket before: a pong means nothing is in flight. */
    async barrier() {
      const pongs = messages.filter((message) => message.type === 'pong').length;
      socket.send(JSON.stringify({ type: 'ping' }));
      await until(() => messages.filter((message) => message.type === 'pong').length > pongs, 'pong');
    },
  };
}

describeEachDatabase('trading security: customers reach only their own', ({ createDatabase }) => {
  let fixture: TradingFixture;
  let alice: Customer;
  let bob: Customer;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 1,
      timeMs: 1,
    });
    await fixture.runtime.onReference({ productId: ETH_USD as never, price: '3000', sequence: 1, timeMs: 1 });
    alice = await fixture.customer(2, { EUR: '10000.00' });
    bob = await fixture.customer(2, { EUR: '10000.00' });
    return () => fixture.app.close();
  });

  const request = (
    customer: Customer,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const options: InjectOptions = {
      method,
      url: `/api/trading${url}`,
      headers: { authorization: `Bearer ${customer.token}` },
    };
    if (payload !== undefined) {
      options.payload = payload as InjectOptions['payload'];
    }
    return fixture.app.inject(options);
  };
  const errorCode = (response: { json<T>(): T }) => response.json<{ error: { code: string } }>().error.code;
  /** Everything of the customer that a rejected request must leave alone: wallets (as cash operations shows them), orders. */
  const snapshot = async (customer: Customer) => {
    const wallets = await fixture.app.inject({
      method: 'GET',
      url: '/api/cash-operations/wallets',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(wallets.statusCode).toBe(200);
    const orders = (await request(customer, 'GET', '/orders?status=all&limit=100')).json<{
      items: Order[];
    }>();
    return {
      wallets: wallets.json<{ items: Wallet[] }>().items.map((wallet) => ({
        id: wallet.id,
        asset: wallet.asset,
        balance: wallet.balance,
      })),
      orders: orders.items.map((order) => ({ id: order.id, status: order.status, reserved: order.reserved })),
    };
  };

  const limitBuy = {
    productId: BTC_EUR,
    side: 'buy',
    type: 'limit',
    quantity: '0.001',
    limitPrice: '50000.00',
    timeInForce: 'GTC',
  };
  let counter = 0;
  const nowPlus = (ms: number) => new Date(Date.now() + ms).toISOString();

  it.each<[string, Record<string, unknown>, number, string]>([
    ['quantity negative', { quantity: '-0.001' }, 400, 'VALIDATION_FAILED'],
    ['quantity zero', { quantity: '0' }, 400, 'VALIDATION_FAILED'],
    ['quantity zero with decimals', { quantity: '0.0000' }, 400, 'VALIDATION_FAILED'],
    ['quantity with an exponent', { quantity: '1e-3' }, 400, 'VALIDATION_FAILED'],
    ['quantity as a JSON number', { quantity: 0.001 }, 400, 'VALIDATION_FAILED'],
    ['quantity with too many decimals', { quantity: '0.000000001' }, 422, 'TRADING_QUANTITY_NOT_ON_LOT'],
    ['quantity huge', { quantity: '9'.repeat(39) }, 422, 'TRADING_QUANTITY_TOO_LARGE'],
    ['quantity longer than any decimal', { quantity: '1'.repeat(41) }, 400, 'VALIDATION_FAILED'],
    ['amount negative', { quantity: undefined, notional: '-100.00' }, 400, 'VALIDATION_FAILED'],
    ['amount zero', { quantity: undefined, notional: '0.00' }, 400, 'VALIDATION_FAILED'],
    ['amount with an exponent', { quantity: undefined, notional: '1e3' }, 400, 'VALIDATION_FAILED'],
    [
      'amount below one lot (a fraction of a cent)',
      { quantity: undefined, notional: '0.001' },
      422,
      'TRADING_QUANTITY_TOO_SMALL',
    ],
    ['amount huge', { quantity: undefined, notional: '9'.repeat(39) }, 422, 'TRADING_QUANTITY_TOO_LARGE'],
    ['amount and quantity both', { notional: '100.00' }, 400, 'VALIDATION_FAILED'],
    ['price negative', { limitPrice: '-50000.00' }, 400, 'VALIDATION_FAILED'],
    ['price zero', { limitPrice: '0.00' }, 400, 'VALIDATION_FAILED'],
    ['price with an exponent', { limitPrice: '5e4' }, 400, 'VALIDATION_FAILED'],
    ['price with too many decimals', { limitPrice: '50000.001' }, 422, 'TRADING_PRICE_NOT_ON_TICK'],
    ['price huge', { limitPrice: '9'.repeat(39) }, 422, 'TRADING_PRICE_OUT_OF_RANGE'],
    ['stop price huge', { type: 'stop_limit', stopPrice: '9'.repeat(39) }, 422, 'TRADING_PRICE_OUT_OF_RANGE'],
    ['unknown product', { productId: 'NOPE_cboe' }, 404, 'TRADING_UNKNOWN_PRODUCT'],
    ['malformed product', { productId: "BTC'; drop table orders; --" }, 400, 'VALIDATION_FAILED'],
    ['unknown side', { side: 'short' }, 400, 'VALIDATION_FAILED'],
    ['unknown time in force', { timeInForce: 'GTX' }, 400, 'VALIDATION_FAILED'],
    ['GTD without expiresAt', { timeInForce: 'GTD' }, 400, 'VALIDATION_FAILED'],
    ['expiresAt without GTD', { expiresAt: nowPlus(3_600_000) }, 400, 'VALIDATION_FAILED'],
    ['GTD in the past', { timeInForce: 'GTD', expiresAt: nowPlus(-60_000) }, 422, 'TRADING_EXPIRY_INVALID'],
    [
      'GTD beyond the horizon',
      { timeInForce: 'GTD', expiresAt: nowPlus(2 * 366 * 86_400_000) },
      422,
      'TRADING_EXPIRY_INVALID',
    ],
    [
      'GTD on a day that does not exist',
      { timeInForce: 'GTD', expiresAt: '2027-02-30T12:00:00Z' },
      400,
      'VALIDATION_FAILED',
    ],
    ['GTD not a date', { timeInForce: 'GTD', expiresAt: 'tomorrow' }, 400, 'VALIDATION_FAILED'],
    ['an unknown field', { leverage: '10' }, 400, 'VALIDATION_FAILED'],
    ['more than the wallet holds', { quantity: '1' }, 422, 'TRADING_INSUFFICIENT_BUYING_POWER'],
    // A sell in a currency the customer has no wallet of: refused, and no wallet opened for it.
    [
      'a sell of what the customer does not hold',
      { productId: ETH_USD, side: 'sell', limitPrice: '3000.00', quantity: '1' },
      422,
      'TRADING_INSUFFICIENT_POSITION',
    ],
  ])(
    '%s: its code; nothing reserved, placed or opened (order and preview)',
    async (_, patch, status, code) => {
      const before = await snapshot(alice);
      const body = { ...limitBuy, ...patch };
      const placed = await request(alice, 'POST', '/orders', {
        clientOrderId: `bad-${(counter += 1)}`,
        ...body,
      });
      expect(placed.statusCode).toBe(status);
      expect(errorCode(placed)).toBe(code);
      const previewed = await request(alice, 'POST', '/orders/preview', body);
      expect(previewed.statusCode).toBe(status);
      expect(errorCode(previewed)).toBe(code);
      expect(await snapshot(alice)).toEqual(before);
    },
  );

  it('a clientOrderId answers its first order; another body under it is refused and reserves nothing', async () => {
    const body = { clientOrderId: 'reuse-1', ...limitBuy };
    const first = await request(alice, 'POST', '/orders', body);
    expect(first.statusCode).toBe(201);
    const order = first.json<Order>();
    // The same body, fields in another order: the same order, nothing more reserved.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await request(alice, 'POST', '/orders', reordered);
    expect(again.statusCode).toBe(200);
    expect(again.json<Order>().id).toBe(order.id);
    const before = await snapshot(alice);
    for (const patch of [
      { quantity: '0.002' },
      { limitPrice: '49000.00' },
      { side: 'sell' },
      { type: 'market', limitPrice: undefined, timeInForce: 'IOC' },
      { timeInForce: 'GTD', expiresAt: nowPlus(3_600_000) },
      // What would break a pre-trade rule is still a reused id first: nothing is checked or reserved.
      { quantity: '100' },
    ]) {
      const reused = await request(alice, 'POST', '/orders', { ...body, ...patch });
      expect(reused.statusCode).toBe(409);
      expect(errorCode(reused)).toBe('TRADING_CLIENT_ORDER_ID_REUSED');
    }
    expect(await snapshot(alice)).toEqual(before);

    // Another customer's clientOrderIds are theirs: the same id places Bob's own order, Alice's is untouched.
    const bobs = await request(bob, 'POST', '/orders', body);
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json<Order>().id).not.toBe(order.id);
    expect(await snapshot(alice)).toEqual(before);

    // Cancelled, the id still answers the first order (idempotent), and reserves nothing again.
    expect((await request(alice, 'POST', `/orders/${order.id}/cancel`)).statusCode).toBe(200);
    const afterCancel = await snapshot(alice);
    const retried = await request(alice, 'POST', '/orders', body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<Order>()).toMatchObject({ id: order.id, status: 'cancelled', reserved: '0.00' });
    expect(await snapshot(alice)).toEqual(afterCancel);
  });

  it("another customer's ids read and change nothing, in any form", async () => {
    const carol = await fixture.customer(2, { EUR: '10000.00' });
    const dave = await fixture.customer(2, { EUR: '100.00' });
    // Carol holds BTC (a market buy against the market makers) and has a resting order, a watchlist and an alert.
    const bought = await request(carol, 'POST', '/orders', {
      clientOrderId: 'carol-buy',
      productId: BTC_EUR,
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      timeInForce: 'IOC',
    });
    expect(bought.json<Order>().status).toBe('filled');
    const resting = (
      await request(carol, 'POST', '/orders', { clientOrderId: 'carol-rest', ...limitBuy })
    ).json<Order>();
    const watchlist = (
      await request(carol, 'POST', '/watchlists', { name: 'Carol', productIds: [BTC_EUR] })
    ).json<{ id: string }>();
    const alert = (
      await request(carol, 'POST', '/alerts', { productId: BTC_EUR, condition: 'above', price: '90000' })
    ).json<PriceAlert>();
    const before = await snapshot(carol);
    const carolsView = async () => ({
      position: (await request(carol, 'GET', `/positions/${BTC_EUR}`)).json(),
      watchlists: (await request(carol, 'GET', '/watchlists')).json(),
      alerts: (await request(carol, 'GET', '/alerts')).json(),
    });
    const carolBefore = await carolsView();

    const upper = resting.id.toUpperCase();
    const notFound: Array<[string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
      ['TRADING_ORDER_NOT_FOUND', 'GET', `/orders/${upper}`],
      ['TRADING_ORDER_NOT_FOUND', 'POST', `/orders/${upper}/cancel`],
      ['TRADING_ORDER_NOT_FOUND', 'POST', `/orders/${resting.id}/replace`, { quantity: '0.002' }],
      ['TRADING_ORDER_NOT_FOUND', 'POST', `/orders/${bought.json<Order>().id}/cancel`],
      ['TRADING_ORDER_NOT_FOUND', 'GET', `/positions/${BTC_EUR}`],
      ['TRADING_WATCHLIST_NOT_FOUND', 'GET', `/watchlists/${watchlist.id.toUpperCase()}`],
      ['TRADING_WATCHLIST_NOT_FOUND', 'PATCH', `/watchlists/${watchlist.id}`, { productIds: [] }],
      ['TRADING_WATCHLIST_NOT_FOUND', 'DELETE', `/watchlists/${watchlist.id.toUpperCase()}`],
      ['TRADING_ALERT_NOT_FOUND', 'DELETE', `/alerts/${alert.id.toUpperCase()}`],
    ];
    for (const [code, method, url, payload] of notFound) {
      const response = await request(dave, method, url, payload);
      expect([url, response.statusCode, errorCode(response)]).toEqual([url, 404, code]);
    }
    // Lists never show them, whatever the filter or cursor.
    for (const url of [
      '/orders',
      '/orders?status=open',
      `/orders?productId=${BTC_EUR}`,
      `/orders?cursor=ffffffff-ffff-7fff-bfff-ffffffffffff`,
      '/positions',
      '/watchlists',
      '/alerts',
    ]) {
      const response = await request(dave, 'GET', url);
      expect([url, response.statusCode, response.json<{ items: unknown[] }>().items]).toEqual([url, 200, []]);
    }
    expect(await snapshot(carol)).toEqual(before);
    expect(await carolsView()).toEqual(carolBefore);
  });

  it('a malformed order cursor is bad input, not a server error', async () => {
    for (const cursor of ['not-an-id', "x' or '1'='1", '0']) {
      const response = await request(alice, 'GET', `/orders?cursor=${encodeURIComponent(cursor)}`);
      expect([cursor, response.statusCode, errorCode(response)]).toEqual([cursor, 400, 'VALIDATION_FAILED']);
    }
    expect(errorCode(await request(alice, 'GET', '/orders?sort=desc'))).toBe('VALIDATION_FAILED');
    // A well-formed cursor, in either case, pages on.
    for (const clientOrderId of ['page-1', 'page-2']) {
      await request(alice, 'POST', '/orders', { clientOrderId, ...limitBuy, limitPrice: '40000.00' });
    }
    const page = await request(alice, 'GET', '/orders?limit=1');
    const { nextCursor } = page.json<{ nextCursor: string | null }>();
    expect(nextCursor).not.toBeNull();
    const next = await request(alice, 'GET', `/orders?limit=1&cursor=${nextCursor!.toUpperCase()}`);
    expect(next.statusCode).toBe(200);
  });

  it('the websocket gives each customer only their own orders, fills, positions and alerts, even when they trade together', async () => {
    const baseUrl = await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    const seller = await fixture.customer(2, { EUR: '10000.00' });
    const buyer = await fixture.customer(2, { EUR: '10000.00' });
    const idle = await fixture.customer(2);
    const sellerSocket = await openSocket(baseUrl, seller.token);
    const buyerSocket = await openSocket(baseUrl, buyer.token);
    const idleSocket = await openSocket(baseUrl, idle.token);
    const anonymous = await openSocket(baseUrl, null);
    const forged = await openSocket(baseUrl, null);
    forged.socket.send(JSON.stringify({ type: 'auth', accessToken: `${seller.token.slice(0, -4)}AAAA` }));
    await forged.until(() => forged.isClosed(), 'the forged token to be refused');

    const orderIds = { seller: new Set<string>(), buyer: new Set<string>() };
    const place = async (customer: Customer, key: 'seller' | 'buyer', body: Record<string, unknown>) => {
      const response = await request(customer, 'POST', '/orders', body);
      expect(response.statusCode).toBe(201);
      const order = response.json<Order>();
      orderIds[key].add(order.id);
      return order;
    };
    // The seller buys from the market makers, then rests a sell inside their spread; the buyer takes it.
    await place(seller, 'seller', {
      clientOrderId: 'ws-seller-buy',
      productId: BTC_EUR,
      side: 'buy',
      type: 'market',
      quantity: '0.02',
      timeInForce: 'IOC',
    });
    const ask = await place(seller, 'seller', {
      clientOrderId: 'ws-seller-ask',
      productId: BTC_EUR,
      side: 'sell',
      type: 'limit',
      quantity: '0.01',
      limitPrice: '60000.00',
      timeInForce: 'GTC',
    });
    expect(ask.status).toBe('working');
    const take = await place(buyer, 'buyer', {
      clientOrderId: 'ws-buyer-take',
      productId: BTC_EUR,
      side: 'buy',
      type: 'limit',
      quantity: '0.005',
      limitPrice: '60000.00',
      timeInForce: 'IOC',
    });
    expect(take).toMatchObject({ status: 'filled', filledAmount: '300.00' });
    expect((await request(seller, 'GET', `/orders/${ask.id}`)).json<Order>().status).toBe('partially_filled');
    // Both set an alert on the same product; one price reaches both.
    for (const customer of [seller, buyer]) {
      const created = await request(customer, 'POST', '/alerts', {
        productId: BTC_EUR,
        condition: 'above',
        price: '60100',
      });
      expect(created.statusCode).toBe(201);
    }
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60200',
      sequence: 2,
      timeMs: 2,
    });
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 3,
      timeMs: 3,
    });

    const alertIds = async (customer: Customer) =>
      new Set(
        (await request(customer, 'GET', '/alerts'))
          .json<{ items: PriceAlert[] }>()
          .items.map((alert) => alert.id),
      );
    const positionOf = async (customer: Customer) =>
      (await request(customer, 'GET', `/positions/${BTC_EUR}`)).json<{ quantity: string }>().quantity;
    for (const [customer, socket, key] of [
      [seller, sellerSocket, 'seller'],
      [buyer, buyerSocket, 'buyer'],
    ] as const) {
      await socket.until(() => socket.messages.some((message) => message.type === 'alert'), `${key}'s alert`);
      await socket.barrier();
      const own = await alertIds(customer);
      const quantity = await positionOf(customer);
      const kinds = new Set(socket.messages.map((message) => message.type));
      expect([...kinds].sort()).toEqual(['alert', 'fill', 'order', 'pong', 'position', 'ready']);
      for (const message of socket.messages) {
        if (message.type === 'order') {
          expect(orderIds[key].has(message.order.id)).toBe(true);
        } else if (message.type === 'fill') {
          expect(orderIds[key].has(message.fill.orderId)).toBe(true);
        } else if (message.type === 'alert') {
          expect(own.has(message.alert.id)).toBe(true);
        } else if (message.type === 'ready') {
          expect(message.userId).toBe(customer.userId);
        }
      }
      // The last position pushed is the customer's own, as GET /positions shows it.
      const positions = socket.messages.filter((message) => message.type === 'position');
      expect(positions.at(-1)?.position.quantity).toBe(quantity);
    }
    // The seller's rest traded with the market makers when the price rose through it.
    expect(await positionOf(seller)).toBe('0.01');
    expect(await positionOf(buyer)).toBe('0.005');
    await idleSocket.barrier();
    expect(idleSocket.messages.map((message) => message.type)).toEqual(['ready', 'pong']);
    // Unauthenticated sockets get nothing but the answer to their own messages.
    expect(anonymous.messages).toEqual([]);
    expect(forged.messages).toEqual([{ type: 'error', code: 'UNAUTHENTICATED' }]);
    for (const open of [sellerSocket, buyerSocket, idleSocket, anonymous]) {
      open.socket.close();
    }
  });
});
