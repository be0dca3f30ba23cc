// The market-data websocket as a client sees it, over a real socket: subscribe answered by `subscribed` then a
// snapshot per channel, updates with the latest state, unsubscribe, heartbeats on ping, an error per bad
// channel or product (the good ones are still served), the subscription bound, and the close of a client that
// keeps sending garbage. Every server message matches the contract's schema.
import {
  MARKET_STREAM_CLOSE_CODES,
  MARKET_STREAM_SUBSCRIPTIONS_MAX,
  type MarketServerMessage,
  marketServerMessageSchema,
} from '@tessera/contracts';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  advance,
  startMarketData,
  testClock,
  type TestClock,
  type MarketDataApp,
} from '../../test-support/market-data-fixture.ts';

const MONDAY_15_00 = Date.parse('2026-03-16T15:00:00Z');

/** A client that keeps every message and can wait for one. */
class Client {
  readonly messages: MarketServerMessage[] = [];
  readonly socket: WebSocket;
  closed: { code: number; reason: string } | null = null;
  private waiters: Array<() => void> = [];

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const message = marketServerMessageSchema.parse(JSON.parse(String(data))) as MarketServerMessage;
      this.messages.push(message);
      this.wake();
    });
    this.socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves with the first message (from `from` on) that matches, within 10 s. */
  async waitFor(match: (message: MarketServerMessage) => boolean, from = 0): Promise<MarketServerMessage> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found !== undefined) {
        return found;
      }
      if (Date.now() > deadline || this.closed !== null) {
        throw new Error(
          `no matching message; got ${JSON.stringify(this.messages.slice(from)).slice(0, 500)}`,
        );
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async waitClosed(): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + 10_000;
    while (this.closed === null && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.closed ?? { code: 0, reason: 'not closed' };
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) {
      waiter();
    }
  }
}

describeEachDatabase('the market data websocket', ({ createDatabase }) => {
  let market: MarketDataApp;
  let clock: TestClock;
  let url: string;
  const clients: Client[] = [];

  const connect = async () => {
    const client = new Client(url);
    clients.push(client);
    await client.opened();
    return client;
  };

  beforeAll(async () => {
    clock = testClock(MONDAY_15_00);
    market = await startMarketData(await createDatabase(), clock);
    advance(market, clock, 2_000);
    await market.app.listen({ port: 0, host: '127.0.0.1' });
    const address = market.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/api/market-data/ws`;
  });
  afterAll(async () => {
    for (const client of clients) {
      client.socket.terminate();
    }
    await market.app.close();
  });

  it('acknowledges a subscription, sends a snapshot of each channel, then updates with the latest state', async () => {
    const client = await connect();
    client.send({
      type: 'subscribe',
      channels: [
        { channel: 'quotes', productId: 'AAPL_cboe' },
        { channel: 'book', productId: 'AAPL_cboe' },
        { channel: 'trades', productId: 'BTC-USD_tessera' },
        { channel: 'candles:1m', productId: 'BTC-USD_tessera' },
      ],
    });
    const ack = await client.waitFor((message) => message.type === 'subscribed');
    expect(ack).toMatchObject({
      type: 'subscribed',
      channels: expect.arrayContaining([{ channel: 'quotes', productId: 'AAPL_cboe' }]),
    });
    const quoteSnapshot = await client.waitFor(
      (message) => message.type === 'snapshot' && message.channel === 'quotes',
    );
    await client.waitFor((message) => message.type === 'snapshot' && message.channel === 'book');
    const trades = await client.waitFor(
      (message) => message.type === 'snapshot' && message.channel === 'trades',
    );
    expect(
      trades.type === 'snapshot' && trades.channel === 'trades' && trades.data.trades.length,
    ).toBeGreaterThan(0);
    await client.waitFor((message) => message.type === 'snapshot' && message.channel === 'candles:1m');
    const seen = client.messages.length;
    advance(market, clock, 1_000);
    const update = await client.waitFor(
      (message) => message.type === 'update' && message.channel === 'quotes',
      seen,
    );
    const quoteSeq = (message: MarketServerMessage) =>
      message.type !== 'heartbeat' && 'data' in message && 'seq' in message.data ? message.data.seq : 0;
    expect(quoteSeq(update)).toBeGreaterThan(quoteSeq(quoteSnapshot));
    // After the last tick, the latest quote delivered is the current one (conflation keeps the latest).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const latest = market.runtime.view.quote('AAPL_cboe' as never)!;
    const delivered = client.messages
      .filter((message) => message.type === 'update' && message.channel === 'quotes')
      .at(-1);
    expect(quoteSeq(delivered!)).toBe(latest.seq);
  });

  it('stops updates after unsubscribe and answers ping with a heartbeat', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', channels: [{ channel: 'quotes', productId: 'SAP_xetra' }] });
    await client.waitFor((message) => message.type === 'snapshot');
    client.send({ type: 'unsubscribe', channels: [{ channel: 'quotes', productId: 'SAP_xetra' }] });
    await client.waitFor((message) => message.type === 'unsubscribed');
    const seen = client.messages.length;
    advance(market, clock, 1_000);
    client.send({ type: 'ping' });
    await client.waitFor((message) => message.type === 'heartbeat', seen);
    expect(client.messages.slice(seen).filter((message) => message.type === 'update')).toEqual([]);
  });

  it('answers a bad channel or product with an error naming it, and serves the good ones', async () => {
    const client = await connect();
    client.send({
      type: 'subscribe',
      channels: [
        { channel: 'candles:2m', productId: 'AAPL_cboe' },
        { channel: 'quotes', productId: 'AAPL-cboe' },
        { channel: 'quotes', productId: 'ZZZZ_nyse' },
        { channel: 'book', productId: 'BTC-EUR_tessera' },
      ],
    });
    const ack = await client.waitFor((message) => message.type === 'subscribed');
    expect(ack).toEqual({
      type: 'subscribed',
      channels: [{ channel: 'book', productId: 'BTC-EUR_tessera' }],
    });
    const errors = client.messages.filter((message) => message.type === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ code: 'MARKET_DATA_UNKNOWN_CHANNEL', channel: 'candles:2m' }),
      expect.objectContaining({ code: 'MARKET_DATA_INVALID_PRODUCT', productId: 'AAPL-cboe' }),
      expect.objectContaining({ code: 'MARKET_DATA_UNKNOWN_PRODUCT', productId: 'ZZZZ_nyse' }),
    ]);
    client.send('not json');
    await client.waitFor(
      (message) => message.type === 'error' && message.code === 'MARKET_DATA_INVALID_MESSAGE',
    );
  });

  it('bounds the subscriptions of a connection', async () => {
    const client = await connect();
    const products = market.runtime.instruments().map((instrument) => instrument.id);
    const wanted = products.flatMap((productId) => [
      { channel: 'quotes', productId },
      { channel: 'book', productId },
    ]);
    client.send({ type: 'subscribe', channels: wanted.slice(0, MARKET_STREAM_SUBSCRIPTIONS_MAX) });
    await client.waitFor((message) => message.type === 'subscribed');
    client.send({
      type: 'subscribe',
      channels: wanted.slice(MARKET_STREAM_SUBSCRIPTIONS_MAX, MARKET_STREAM_SUBSCRIPTIONS_MAX + 2),
    });
    const second = await client.waitFor(
      (message) => message.type === 'subscribed' && message.channels.length === 0,
    );
    expect(second).toEqual({ type: 'subscribed', channels: [] });
    expect(
      client.messages.filter(
        (message) => message.type === 'error' && message.code === 'MARKET_DATA_TOO_MANY_SUBSCRIPTIONS',
      ),
    ).toHaveLength(2);
  });

  it('closes a connection that keeps sending invalid messages with 4002', async () => {
    const client = await connect();
    for (let index = 0; index < 25; index += 1) {
      client.send({ type: 'subscribe' });
    }
    expect((await client.waitClosed()).code).toBe(MARKET_STREAM_CLOSE_CODES.protocolViolation);
  });

  it('closes a connection whose message is too large with 1009', async () => {
    const client = await connect();
    client.send(JSON.stringify({ type: 'ping', padding: 'x'.repeat(20_000) }));
    expect((await client.waitClosed()).code).toBe(MARKET_STREAM_CLOSE_CODES.messageTooBig);
  });
});
