// The market stream client against a fake socket: one subscription per channel and product however many
// listeners, resubscription of everything after a reconnect, exponential backoff with jitter that resets once the
// connection works, the heartbeat watchdog, latest data for late listeners, and bounds that match the contract.
import {
  MARKET_STREAM_HEARTBEAT_TIMEOUT_MS,
  MARKET_STREAM_SUBSCRIPTIONS_MAX,
  type ProductId,
  type Quote,
} from '@tessera/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HEARTBEAT_TIMEOUT_MS,
  IDLE_CLOSE_MS,
  MarketStream,
  marketStreamUrl,
  type MarketStreamEvent,
  RECONNECT_INITIAL_MS,
  type SocketLike,
  SUBSCRIPTIONS_MAX,
} from './market-stream.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server sends a message. */
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The connection drops. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const AAPL = 'AAPL_cboe' as ProductId;
const BTC = 'BTC-USD_tessera' as ProductId;
const quote = (seq: number) => ({ productId: AAPL, seq, last: `${230 + seq}.00` }) as unknown as Quote;

describe('MarketStream', () => {
  let sockets: FakeSocket[];
  let stream: MarketStream;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    stream = new MarketStream({
      url: () => 'ws://bank.test/api/market-data/ws',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      random: () => 0.999,
    });
  });
  afterEach(() => {
    stream.close();
    vi.useRealTimers();
  });

  /** Lets the stream's awaited URL resolve. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('connects on the first subscription and subscribes each channel and product once', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = stream.subscribe('quotes', AAPL, first);
    const stopSecond = stream.subscribe('quotes', AAPL, second);
    stream.subscribe('book', BTC, vi.fn());
    await settle();
    expect(sockets).toHaveLength(1);
    expect(stream.status).toBe('connecting');
    sockets[0]!.open();
    expect(stream.status).toBe('open');
    expect(sockets[0]!.sent).toEqual([
      {
        type: 'subscribe',
        channels: [
          { channel: 'quotes', productId: AAPL },
          { channel: 'book', productId: BTC },
        ],
      },
    ]);
    sockets[0]!.receive({ type: 'snapshot', channel: 'quotes', productId: AAPL, data: quote(1) });
    expect(first).toHaveBeenCalledWith({ kind: 'snapshot', data: quote(1) });
    expect(second).toHaveBeenCalledWith({ kind: 'snapshot', data: quote(1) });
    // The last listener of a channel unsubscribes it; an earlier one leaving changes nothing on the wire.
    stopFirst();
    expect(sockets[0]!.sent).toHaveLength(1);
    stopSecond();
    stopSecond();
    expect(sockets[0]!.sent.at(-1)).toEqual({
      type: 'unsubscribe',
      channels: [{ channel: 'quotes', productId: AAPL }],
    });
    expect(sockets[0]!.sent).toHaveLength(2);
  });

  it('gives a listener that joins a streaming channel its latest data at once', async () => {
    stream.subscribe('quotes', AAPL, vi.fn());
    await settle();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'update', channel: 'quotes', productId: AAPL, data: quote(7) });
    const late = vi.fn();
    stream.subscribe('quotes', AAPL, late);
    expect(late).toHaveBeenCalledWith({ kind: 'snapshot', data: quote(7) });
    expect(sockets[0]!.sent).toHaveLength(1);
  });

  it('reconnects with a growing backoff and resubscribes everything it listens to', async () => {
    const events: Array<MarketStreamEvent<'quotes'>> = [];
    stream.subscribe('quotes', AAPL, (event) => events.push(event));
    stream.subscribe('trades', BTC, vi.fn());
    await settle();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(stream.status).toBe('reconnecting');
    // First retry after at most 500 ms (half of it fixed, half jitter), the next after at most 1 s, then 2 s.
    await vi.advanceTimersByTimeAsync(RECONNECT_INITIAL_MS - 2);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(2 * RECONNECT_INITIAL_MS - 2);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(sockets[2]!.sent).toEqual([
      {
        type: 'subscribe',
        channels: [
          { channel: 'quotes', productId: AAPL },
          { channel: 'trades', productId: BTC },
        ],
      },
    ]);
    sockets[2]!.receive({ type: 'snapshot', channel: 'quotes', productId: AAPL, data: quote(3) });
    expect(events.at(-1)).toEqual({ kind: 'snapshot', data: quote(3) });
    // A working connection resets the backoff: the next loss retries within 500 ms again.
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_INITIAL_MS);
    expect(sockets).toHaveLength(4);
  });

  it('treats a connection silent for the heartbeat timeout as dead, and keeps one that gets heartbeats', async () => {
    stream.subscribe('quotes', AAPL, vi.fn());
    await settle();
    sockets[0]!.open();
    for (let beat = 0; beat < 5; beat += 1) {
      await vi.advanceTimersByTimeAsync(5_000);
      sockets[0]!.receive({ type: 'heartbeat', timeMs: Date.now() });
    }
    expect(sockets[0]!.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_TIMEOUT_MS);
    expect(sockets[0]!.closedWith).toBe(4000);
    expect(stream.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(RECONNECT_INITIAL_MS);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([
      { type: 'subscribe', channels: [{ channel: 'quotes', productId: AAPL }] },
    ]);
  });

  it('closes an idle connection and opens a new one for the next subscription', async () => {
    const stop = stream.subscribe('quotes', AAPL, vi.fn());
    await settle();
    sockets[0]!.open();
    stop();
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS);
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(stream.status).toBe('idle');
    stream.subscribe('book', AAPL, vi.fn());
    await settle();
    expect(sockets).toHaveLength(2);
  });

  it('splits a resubscription into messages of at most the subscription bound', async () => {
    for (let index = 0; index < 150; index += 1) {
      stream.subscribe('quotes', `S${index}_nyse` as ProductId, vi.fn());
    }
    await settle();
    sockets[0]!.open();
    const counts = sockets[0]!.sent.map((message) => (message as { channels: unknown[] }).channels.length);
    expect(counts).toEqual([100, 50]);
  });

  it('uses the contract bounds and derives the socket URL from the runtime config', () => {
    expect(HEARTBEAT_TIMEOUT_MS).toBe(MARKET_STREAM_HEARTBEAT_TIMEOUT_MS);
    expect(SUBSCRIPTIONS_MAX).toBe(MARKET_STREAM_SUBSCRIPTIONS_MAX);
    const config = { services: { marketData: '/api/market-data' } } as never;
    expect(marketStreamUrl(config, { protocol: 'https:', host: 'bank.test' })).toBe(
      'wss://bank.test/api/market-data/ws',
    );
    expect(
      marketStreamUrl({ services: { marketData: 'http://md.internal:8080/api/market-data' } } as never, {
        protocol: 'https:',
        host: 'x',
      }),
    ).toBe('ws://md.internal:8080/api/market-data/ws');
  });
});
