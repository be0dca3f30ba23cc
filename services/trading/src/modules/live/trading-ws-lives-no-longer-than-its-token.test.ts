/**
 * Regression: a trading socket authenticated with an access token kept receiving the customer's orders and fills
 * after the token expired, and a second `auth` message (while the first was checked) subscribed the same socket to
 * a second account. Now the socket is closed at the token's `exp` (4001, reason "token expired"; the client
 * reconnects with a fresh token), and any second `auth` is refused and closes the socket.
 */
import { type TradingServerMessage, tradingServerMessageSchema } from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTradingFixture, type TradingFixture } from '../../test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';

describeEachDatabase('trading websocket: one token, one account', ({ createDatabase }) => {
  let fixture: TradingFixture;
  let baseUrl: string;

  beforeAll(async () => {
    fixture = await startTradingFixture(await createDatabase());
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '60000',
      sequence: 1,
      timeMs: Date.now(),
    });
    baseUrl = await fixture.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => fixture.app.close());

  /** An open socket that keeps what it receives and how it closed. */
  const open = async () => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/trading/ws`);
    const received: TradingServerMessage[] = [];
    socket.on('message', (data: Buffer) =>
      received.push(
        tradingServerMessageSchema.parse(JSON.parse(data.toString('utf8'))) as TradingServerMessage,
      ),
    );
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    const auth = (token: string) => socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
    return { socket, received, closed, auth };
  };

  let orderCounter = 0;
  /** Places a resting limit buy (below the market: it works, it does not fill) and answers its id. */
  const placeOrder = async (token: string) => {
    orderCounter += 1;
    const placed = await fixture.app.inject({
      method: 'POST',
      url: '/api/trading/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        clientOrderId: `ws-token-${orderCounter}`,
        productId: BTC_EUR,
        side: 'buy',
        type: 'limit',
        quantity: '0.001',
        limitPrice: '50000.00',
        timeInForce: 'GTC',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json<{ id: string }>().id;
  };

  const hasOrder = (received: TradingServerMessage[], id: string) =>
    received.some((message) => message.type === 'order' && message.order.id === id);

  it('closes the socket at the token expiry; a fresh token connects again', async () => {
    const ana = await fixture.customer(2, { EUR: '1000.00' });
    const expiring = await open();
    expiring.auth(await fixture.issuer.sign(ana.userId, { expiresInS: 2 }));
    await expect.poll(() => expiring.received.some((message) => message.type === 'ready')).toBe(true);
    expect(await expiring.closed).toEqual({ code: 4001, reason: 'token expired' });
    expect(expiring.received.at(-1)).toEqual({ type: 'error', code: 'TOKEN_EXPIRED' });

    // Orders after the expiry reach the fresh socket only.
    const fresh = await open();
    fresh.auth(await fixture.issuer.sign(ana.userId));
    await expect.poll(() => fresh.received.some((message) => message.type === 'ready')).toBe(true);
    const count = expiring.received.length;
    const orderId = await placeOrder(ana.token);
    await expect.poll(() => hasOrder(fresh.received, orderId)).toBe(true);
    expect(expiring.received).toHaveLength(count);
    fresh.socket.close();
  }, 20_000);

  it('refuses an already expired token', async () => {
    const ana = await fixture.customer(2);
    const socket = await open();
    socket.auth(await fixture.issuer.sign(ana.userId, { expiresInS: -1 }));
    expect((await socket.closed).code).toBe(4001);
    expect(socket.received.some((message) => message.type === 'ready')).toBe(false);
  });

  it('refuses a second auth after ready and closes the socket', async () => {
    const ana = await fixture.customer(2);
    const leo = await fixture.customer(2);
    const socket = await open();
    socket.auth(ana.token);
    await expect.poll(() => socket.received.some((message) => message.type === 'ready')).toBe(true);
    socket.auth(leo.token);
    expect(await socket.closed).toEqual({ code: 4001, reason: 'ALREADY_AUTHENTICATED' });
    expect(socket.received).toEqual([
      { type: 'ready', userId: ana.userId },
      { type: 'error', code: 'ALREADY_AUTHENTICATED' },
    ]);
  });

  it('refuses a second auth sent while the first is checked: the socket never serves two accounts', async () => {
    const ana = await fixture.customer(2);
    const leo = await fixture.customer(2, { EUR: '1000.00' });
    const socket = await open();
    socket.auth(ana.token);
    socket.auth(leo.token);
    expect(await socket.closed).toEqual({ code: 4001, reason: 'ALREADY_AUTHENTICATED' });
    expect(socket.received).toEqual([{ type: 'error', code: 'ALREADY_AUTHENTICATED' }]);
    // Leo's orders go to Leo's own socket; the refused one was never registered for anyone.
    const leoSocket = await open();
    leoSocket.auth(leo.token);
    await expect.poll(() => leoSocket.received.some((message) => message.type === 'ready')).toBe(true);
    const orderId = await placeOrder(leo.token);
    await expect.poll(() => hasOrder(leoSocket.received, orderId)).toBe(true);
    expect(socket.received).toHaveLength(1);
    leoSocket.socket.close();
  });
});
