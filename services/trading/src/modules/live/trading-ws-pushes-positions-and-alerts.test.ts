// The customer's trading websocket over a real socket: after a fill it pushes the changed position (quantity,
// average cost, value), and when a price alert is reached it pushes the triggered alert once, recorded as
// triggered; another customer's socket receives none of it.
import {
  type Position,
  type PriceAlert,
  type TradingServerMessage,
  tradingServerMessageSchema,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTradingFixture, type TradingFixture } from '../../test-support/trading-fixture.ts';

const BTC_EUR = 'BTC-EUR_tessera';

/** A signed-in socket that keeps every message it receives. */
async function openSocket(baseUrl: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/trading/ws`);
  const messages: TradingServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer) => {
    messages.push(
      tradingServerMessageSchema.parse(JSON.parse(data.toString('utf8'))) as TradingServerMessage,
    );
    for (const wake of waiters.splice(0)) {
      wake();
    }
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
  const next = async <T extends TradingServerMessage['type']>(type: T, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find((message) => message.type === type);
      if (found !== undefined) {
        messages.splice(messages.indexOf(found), 1);
        return found as Extract<TradingServerMessage, { type: T }>;
      }
      if (Date.now() > deadline) {
        throw new Error(`no ${type} message; got ${messages.map((message) => message.type).join(', ')}`);
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  await next('ready');
  return { socket, messages, next };
}

describeEachDatabase('trading websocket: positions and alerts', ({ createDatabase }) => {
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

  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    fixture.app.inject({
      method: 'POST',
      url: `/api/trading${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  it('pushes the position a fill changed, to its customer only', async () => {
    const ana = await fixture.customer(2, { EUR: '10000.00' });
    const leo = await fixture.customer(2, { EUR: '10000.00' });
    const anaSocket = await openSocket(baseUrl, ana.token);
    const leoSocket = await openSocket(baseUrl, leo.token);
    const placed = await post(ana.token, '/orders', {
      clientOrderId: 'ws-buy-1',
      productId: BTC_EUR,
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      limitPrice: '59000.00',
      timeInForce: 'GTC',
    });
    expect(placed.statusCode).toBe(201);
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '58900',
      sequence: 2,
      timeMs: Date.now(),
    });

    const { position } = await anaSocket.next('position');
    expect(position).toMatchObject<Partial<Position>>({
      productId: BTC_EUR as never,
      quantity: '0.01',
      // 590.00 + 2.95 fee for 0.01.
      costBasis: '592.95',
      averageCost: '59295.000000',
      marketPrice: '58900',
      marketValue: '589.00',
      unrealisedPnl: '-3.95',
    });
    // The order and fill came too; the other customer's socket saw nothing of it.
    await anaSocket.next('fill');
    expect(leoSocket.messages.filter((message) => message.type !== 'pong')).toEqual([]);
    anaSocket.socket.close();
    leoSocket.socket.close();
  });

  it('pushes a reached price alert once and records it as triggered', async () => {
    const ana = await fixture.customer(2, { EUR: '100.00' });
    const leo = await fixture.customer(2);
    const anaSocket = await openSocket(baseUrl, ana.token);
    const leoSocket = await openSocket(baseUrl, leo.token);
    const created = await post(ana.token, '/alerts', {
      productId: BTC_EUR,
      condition: 'below',
      price: '58000',
    });
    expect(created.statusCode).toBe(201);
    const alert = created.json<PriceAlert>();
    expect(alert.status).toBe('active');

    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '58500',
      sequence: 3,
      timeMs: Date.now(),
    });
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '57990',
      sequence: 4,
      timeMs: Date.now(),
    });
    const pushed = await anaSocket.next('alert');
    expect(pushed.alert).toMatchObject({ id: alert.id, status: 'triggered', triggeredPrice: '57990' });

    // Once: a lower price does not notify again.
    await fixture.runtime.onReference({
      productId: BTC_EUR as never,
      price: '57000',
      sequence: 5,
      timeMs: Date.now(),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(anaSocket.messages.filter((message) => message.type === 'alert')).toEqual([]);
    const listed = await fixture.app.inject({
      url: '/api/trading/alerts',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(listed.json<{ items: PriceAlert[] }>().items).toEqual([
      expect.objectContaining({ id: alert.id, status: 'triggered', triggeredPrice: '57990' }),
    ]);
    expect(leoSocket.messages.filter((message) => message.type === 'alert')).toEqual([]);
    anaSocket.socket.close();
    leoSocket.socket.close();
  });
});
