// The hub's promises: at most one message per channel per client every 100 ms with the latest winning, bounded
// memory for a client that does not read, the slow-consumer drop, heartbeats, snapshots, limits and corking; and
// websocket support that two services of one server can both register.
import Fastify from 'fastify';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  HUB_CLOSE_CODES,
  hubSocketOf,
  type HubSocket,
  textFrame,
  WebSocketHub,
  websocketSupport,
} from './websocket-hub.ts';

/** A socket that records what it is sent, with a buffer the test fills and drains. */
class FakeSocket implements HubSocket {
  bufferedAmount = 0;
  readonly sent: Array<{ atMs: number; text: string }> = [];
  closedWith: { code: number; reason: string } | null = null;
  terminated = false;
  corks = 0;
  uncorks = 0;
  constructor(private readonly clock: () => number) {}
  send(data: Buffer): void {
    this.sent.push({ atMs: this.clock(), text: data.toString() });
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }
  terminate(): void {
    this.terminated = true;
  }
  cork(): void {
    this.corks += 1;
  }
  uncork(): void {
    this.uncorks += 1;
  }
  texts(): string[] {
    return this.sent.map((entry) => entry.text);
  }
}

describe('WebSocketHub', () => {
  let nowMs = 0;
  const clock = () => nowMs;
  const hubs: WebSocketHub[] = [];
  const createHub = (options: ConstructorParameters<typeof WebSocketHub>[0] = {}) => {
    const hub = new WebSocketHub({
      now: clock,
      flushIntervalMs: 1_000_000,
      heartbeatIntervalMs: 1_000_000,
      ...options,
    });
    hubs.push(hub);
    return hub;
  };
  beforeEach(() => {
    nowMs = 1_000_000;
  });
  afterEach(() => {
    for (const hub of hubs.splice(0)) {
      hub.close();
    }
  });

  it('never sends more than one message per channel per 100 ms to a client, and the latest published wins', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            advanceMs: fc.integer({ min: 0, max: 150 }),
            channel: fc.constantFrom('quotes:A', 'book:A', 'quotes:B'),
          }),
          { minLength: 1, maxLength: 150 },
        ),
        (steps) => {
          nowMs = 1_000_000;
          const hub = createHub();
          const socket = new FakeSocket(clock);
          const client = hub.connect(socket)!;
          for (const channel of ['quotes:A', 'book:A', 'quotes:B']) {
            hub.subscribe(client, channel);
          }
          const published = new Map<string, string[]>();
          let counter = 0;
          // The hub's timer, punctual: it looks at waiting messages every millisecond.
          const wait = (ms: number) => {
            for (let elapsed = 0; elapsed < ms; elapsed += 1) {
              nowMs += 1;
              hub.flush();
            }
          };
          for (const step of steps) {
            wait(step.advanceMs);
            const message = `${step.channel}#${counter++}`;
            published.set(step.channel, [...(published.get(step.channel) ?? []), message]);
            hub.publish(step.channel, message);
          }
          wait(100);

          for (const [channel, messages] of published) {
            const sent = socket.sent.filter((entry) => entry.text.startsWith(`${channel}#`));
            // Rate bound: consecutive messages of one channel are at least 100 ms apart, so never more than 10 in
            // any second.
            for (let index = 1; index < sent.length; index += 1) {
              expect(sent[index]!.atMs - sent[index - 1]!.atMs).toBeGreaterThanOrEqual(100);
            }
            for (const first of sent) {
              expect(
                sent.filter((entry) => entry.atMs >= first.atMs && entry.atMs < first.atMs + 1000).length,
              ).toBeLessThanOrEqual(10);
            }
            // Latest wins: once things settle the client has the last message published, and what it got is in
            // publication order (a subsequence: conflation skips, never reorders).
            expect(sent.at(-1)?.text).toBe(messages.at(-1));
            const order = sent.map((entry) => messages.indexOf(entry.text));
            expect(
              order.every(
                (position, index) => position >= 0 && (index === 0 || position > order[index - 1]!),
              ),
            ).toBe(true);
          }
          hub.close();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps up with a channel published every 100 ms with jitter: nothing dropped, delays no longer than the jitter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 50, maxLength: 200 }),
        fc.integer({ min: 0, max: 4 }),
        (jitters, lateMs) => {
          nowMs = 1_000_000;
          const hub = createHub();
          const socket = new FakeSocket(clock);
          hub.subscribe(hub.connect(socket)!, 'quotes:A');
          const publishedAt: number[] = [];
          // Ticks every 100 ms, each published up to 20 ms into its tick; the hub's timer fires `lateMs` late.
          for (const [tick, jitter] of jitters.entries()) {
            const at = 1_000_000 + tick * 100 + jitter;
            while (nowMs < at) {
              nowMs += 1;
              if ((nowMs - 1_000_000) % 5 === lateMs % 5) {
                hub.flush();
              }
            }
            publishedAt.push(nowMs);
            hub.publish('quotes:A', `q${tick}`);
          }
          for (let elapsed = 0; elapsed < 200; elapsed += 1) {
            nowMs += 1;
            hub.flush();
          }
          expect(socket.texts()).toEqual(jitters.map((_, tick) => `q${tick}`));
          for (const [index, entry] of socket.sent.entries()) {
            expect(entry.atMs - publishedAt[index]!).toBeLessThanOrEqual(20 + 5);
          }
          expect(hub.stats().messagesConflated).toBe(0);
          hub.close();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('sends an update at once when the channel has been quiet for 100 ms, and within the flush otherwise', () => {
    const hub = createHub();
    const socket = new FakeSocket(clock);
    const client = hub.connect(socket)!;
    hub.subscribe(client, 'quotes:A');
    hub.publish('quotes:A', 'one');
    nowMs += 30;
    hub.publish('quotes:A', 'two');
    hub.publish('quotes:A', 'three');
    expect(socket.texts()).toEqual(['one']);
    nowMs += 69;
    hub.flush();
    expect(socket.texts()).toEqual(['one']);
    nowMs += 1;
    hub.flush();
    expect(socket.texts()).toEqual(['one', 'three']);
    expect(hub.stats().messagesConflated).toBe(1);
  });

  it('sends the snapshot on subscribe; it replaces a waiting update and does not use an update turn', () => {
    const hub = createHub();
    const socket = new FakeSocket(clock);
    const client = hub.connect(socket)!;
    expect(hub.subscribe(client, 'book:A', '{"type":"snapshot"}')).toBe('subscribed');
    hub.publish('book:A', 'first update');
    hub.publish('book:A', 'waiting update');
    expect(socket.texts()).toEqual(['{"type":"snapshot"}', 'first update']);
    // Subscribing again re-sends a snapshot (a client resubscribing after a doubt gets a fresh state), which is
    // newer than the update that was waiting.
    expect(hub.subscribe(client, 'book:A', 'again')).toBe('resubscribed');
    nowMs += 100;
    hub.flush();
    expect(socket.texts()).toEqual(['{"type":"snapshot"}', 'first update', 'again']);
  });

  it('stops writing to a client that does not read, keeps one waiting message per channel, and resumes with the latest', () => {
    const hub = createHub({ bufferedBytesMax: 1000, slowClientTimeoutMs: 10_000_000 });
    const slow = new FakeSocket(clock);
    const fast = new FakeSocket(clock);
    const slowClient = hub.connect(slow)!;
    const fastClient = hub.connect(fast)!;
    hub.subscribe(slowClient, 'quotes:A');
    hub.subscribe(fastClient, 'quotes:A');
    slow.bufferedAmount = 5000;
    for (let index = 0; index < 10_000; index += 1) {
      nowMs += 100;
      hub.publish('quotes:A', `q${index}`);
      hub.flush();
    }
    // The fast client got every update (one per 100 ms); the slow one got nothing while behind.
    expect(fast.sent).toHaveLength(10_000);
    expect(slow.sent).toHaveLength(0);
    expect(hub.stats()).toMatchObject({ laggingClients: 1, slowConsumersDropped: 0 });
    // It catches up (half the bound drained): the latest update, and only that one, is sent.
    slow.bufferedAmount = 400;
    nowMs += 10;
    hub.flush();
    hub.flush();
    expect(slow.texts()).toEqual(['q9999']);
    expect(hub.stats().laggingClients).toBe(0);
  });

  it('closes a client that stays behind with 4008 and destroys its socket after the grace period', () => {
    vi.useFakeTimers();
    try {
      const onSlowConsumer = vi.fn();
      const hub = new WebSocketHub({
        now: () => Date.now(),
        bufferedBytesMax: 1000,
        slowClientTimeoutMs: 2_000,
        closeGraceMs: 500,
        heartbeatIntervalMs: 1_000_000,
        onSlowConsumer,
      });
      hubs.push(hub);
      const socket = new FakeSocket(() => Date.now());
      const client = hub.connect(socket)!;
      hub.subscribe(client, 'trades:A');
      socket.bufferedAmount = 2000;
      hub.publish('trades:A', 'x');
      expect(client.laggingSinceMs).not.toBeNull();
      vi.advanceTimersByTime(1_990);
      expect(socket.closedWith).toBeNull();
      vi.advanceTimersByTime(20);
      expect(socket.closedWith).toEqual({ code: HUB_CLOSE_CODES.slowConsumer, reason: 'slow consumer' });
      expect(socket.terminated).toBe(false);
      vi.advanceTimersByTime(500);
      expect(socket.terminated).toBe(true);
      expect(client.closed).toBe(true);
      expect(hub.stats()).toMatchObject({ clients: 0, subscriptions: 0, slowConsumersDropped: 1 });
      hub.publish('trades:A', 'y');
      expect(socket.sent).toHaveLength(0);
      expect(onSlowConsumer).toHaveBeenCalledWith(client);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not drop a client that catches up before the timeout', () => {
    const hub = createHub({ bufferedBytesMax: 1000, slowClientTimeoutMs: 2_000 });
    const socket = new FakeSocket(clock);
    const client = hub.connect(socket)!;
    hub.subscribe(client, 'book:A');
    socket.bufferedAmount = 2000;
    hub.publish('book:A', 'first');
    nowMs += 1_900;
    hub.flush();
    socket.bufferedAmount = 0;
    hub.flush();
    nowMs += 5_000;
    hub.flush();
    expect(socket.closedWith).toBeNull();
    expect(socket.texts()).toEqual(['first']);
  });

  it('sends heartbeats to clients that keep up, and marks a non-reading idle client as behind instead', () => {
    const hub = createHub({ bufferedBytesMax: 1000, heartbeatMessage: (at) => `hb ${at}` });
    const reading = new FakeSocket(clock);
    const idle = new FakeSocket(clock);
    hub.connect(reading);
    const idleClient = hub.connect(idle)!;
    hub.heartbeat();
    idle.bufferedAmount = 5000;
    nowMs += 5000;
    hub.heartbeat();
    expect(reading.texts()).toEqual(['hb 1000000', 'hb 1005000']);
    expect(idle.texts()).toEqual(['hb 1000000']);
    expect(idleClient.laggingSinceMs).toBe(1_005_000);
  });

  it('bounds subscriptions per client and clients per hub', () => {
    const hub = createHub({ subscriptionsPerClientMax: 2, clientsMax: 1 });
    const client = hub.connect(new FakeSocket(clock))!;
    expect(hub.subscribe(client, 'a')).toBe('subscribed');
    expect(hub.subscribe(client, 'b')).toBe('subscribed');
    expect(hub.subscribe(client, 'c')).toBe('limit');
    expect(hub.subscribe(client, 'a')).toBe('resubscribed');
    expect(hub.connect(new FakeSocket(clock))).toBeNull();
    expect(hub.unsubscribe(client, 'a')).toBe(true);
    expect(hub.unsubscribe(client, 'a')).toBe(false);
    expect(hub.hasSubscribers('a')).toBe(false);
    expect(hub.hasSubscribers('b')).toBe(true);
    hub.disconnect(client);
    expect(hub.stats()).toMatchObject({ clients: 0, subscriptions: 0, channels: 0 });
  });

  it('corks a socket once for the writes of one synchronous run and uncorks it afterwards', async () => {
    const hub = createHub();
    const socket = new FakeSocket(clock);
    const client = hub.connect(socket)!;
    for (const channel of ['a', 'b', 'c']) {
      hub.subscribe(client, channel);
    }
    await Promise.resolve();
    socket.corks = 0;
    socket.uncorks = 0;
    hub.publish('a', '1');
    hub.publish('b', '2');
    hub.publish('c', '3');
    expect(socket.corks).toBe(1);
    expect(socket.uncorks).toBe(0);
    await Promise.resolve();
    expect(socket.uncorks).toBe(1);
    expect(socket.texts()).toEqual(['1', '2', '3']);
  });

  it('frames a message once and writes the same bytes to every subscriber that takes frames', () => {
    const hub = createHub();
    const frames: Buffer[] = [];
    const framed = (): HubSocket => ({
      bufferedAmount: 0,
      send: () => {
        throw new Error('framed sockets get frames');
      },
      sendFrame: (frame) => frames.push(frame),
      close: () => {},
      terminate: () => {},
    });
    for (let index = 0; index < 3; index += 1) {
      hub.subscribe(hub.connect(framed())!, 'quotes:A');
    }
    const plain = new FakeSocket(clock);
    hub.subscribe(hub.connect(plain)!, 'quotes:A');
    hub.publish('quotes:A', 'hello');
    expect(frames).toHaveLength(3);
    expect(frames[1]).toBe(frames[0]);
    expect(frames[0]).toEqual(Buffer.from([0x81, 5, ...Buffer.from('hello')]));
    expect(plain.texts()).toEqual(['hello']);
  });

  it('builds RFC 6455 text frames of every length class', () => {
    const header = (length: number) => [...textFrame(Buffer.alloc(length, 120)).subarray(0, 10)];
    expect(header(125).slice(0, 2)).toEqual([0x81, 125]);
    expect(header(126).slice(0, 4)).toEqual([0x81, 126, 0, 126]);
    expect(header(65_535).slice(0, 4)).toEqual([0x81, 126, 255, 255]);
    expect(header(65_536)).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(textFrame(Buffer.alloc(70_000)).length).toBe(70_010);
  });

  it('sends corked writes at once when the publisher says a batch is complete', () => {
    const hub = createHub();
    const socket = new FakeSocket(clock);
    const client = hub.connect(socket)!;
    hub.subscribe(client, 'a');
    hub.publish('a', '1');
    expect(socket.uncorks).toBe(0);
    hub.flushWrites();
    expect(socket.uncorks).toBe(1);
  });

  it('closes every client with 1001 when the hub closes', () => {
    const hub = createHub();
    const socket = new FakeSocket(clock);
    hub.connect(socket);
    hub.close();
    expect(socket.closedWith?.code).toBe(HUB_CLOSE_CODES.goingAway);
    expect(hub.connect(new FakeSocket(clock))).toBeNull();
  });
});

describe('websocketSupport', () => {
  it('lets two encapsulated services of one server each serve a websocket route', async () => {
    const app = Fastify({ logger: false });
    for (const name of ['first', 'second']) {
      await app.register(
        async (service) => {
          await service.register(websocketSupport);
          service.get('/ws', { websocket: true }, (socket) => {
            const hubSocket = hubSocketOf(socket);
            hubSocket.send(Buffer.from(`hello from ${name}`));
          });
        },
        { prefix: `/${name}` },
      );
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const receive = (path: string) =>
        new Promise<{ text: string; binary: boolean }>((resolve, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
          socket.once('message', (data, binary) => {
            resolve({ text: String(data), binary });
            socket.close();
          });
          socket.once('error', reject);
        });
      expect(await receive('/first/ws')).toEqual({ text: 'hello from first', binary: false });
      expect(await receive('/second/ws')).toEqual({ text: 'hello from second', binary: false });
    } finally {
      await app.close();
    }
  });
});
