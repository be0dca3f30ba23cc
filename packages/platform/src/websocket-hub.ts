/**
 * The websocket fan-out hub every streaming service uses (market data now, the trading websocket later): channels,
 * per-client conflation with a rate bound, bounded outgoing buffers, heartbeats, and the slow-consumer drop.
 *
 * The promises it keeps, whatever the publishers and clients do:
 * - a client receives at most one update per channel every `minIntervalMs` (100 ms: 10 per second); what arrives
 *   in between replaces the waiting update (conflation: the latest wins), which leaves as soon as its turn comes.
 *   Turns are kept on the publisher's clock when it gives one (`publish(channel, message, atMs)`, e.g. the tick a
 *   quote belongs to; the wall clock otherwise), as a virtual schedule (GCRA): a publisher emitting every 100 ms
 *   of its own clock is never held back however late its process runs, and a timer firing late never pushes the
 *   later updates back. (Spacing updates on the wall clock of their sending would hold every update published a
 *   little early, and the delays would pile up.) The snapshot sent on subscribe is not an update: it replaces a
 *   waiting update and does not use a turn;
 * - the server holds at most `bufferedBytesMax` of unsent bytes per client (plus one message) and at most one
 *   waiting message per subscription, and those messages are shared by every client of the channel: memory per
 *   client is bounded however slowly it reads;
 * - a client that stays behind for `slowClientTimeoutMs` is closed with 4008 (slow consumer), and its socket is
 *   destroyed shortly after if it does not even read the close frame;
 * - every client that is not behind gets a heartbeat every `heartbeatIntervalMs`.
 *
 * Protocol parsing (what a subscribe message looks like, which channels exist, who may read them) is the service's
 * job: the hub deals in channel names and serialised messages. Messages are serialised once per publish and the
 * same Buffer is written to every subscriber. Writes made in one synchronous run (a tick publishing many
 * channels) are corked per socket and leave in one system call.
 *
 * At scale the hub stays per process: processes receive the updates through the event bus (NATS) and each fans out
 * to its own clients (docs/operations.md, Scale-out).
 */
import { EventEmitter } from 'node:events';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Close codes the hub uses (RFC 6455 section 7.4; 4000-4999 are the application's). */
export const HUB_CLOSE_CODES = {
  /** The server is shutting down. */
  goingAway: 1001,
  /** The server has as many clients as it accepts. */
  tryAgainLater: 1013,
  /** The client did not read fast enough and stayed behind for `slowClientTimeoutMs`. */
  slowConsumer: 4008,
} as const;

/** The part of a websocket the hub writes to (a `ws` WebSocket through {@link hubSocketOf}, or a test double). */
export interface HubSocket {
  /** Bytes handed to the socket but not yet written to the network. */
  readonly bufferedAmount: number;
  /** Sends one text message. */
  send(data: Buffer): void;
  /**
   * Writes a complete websocket frame (see {@link textFrame}) as it is. Optional: when present the hub frames each
   * message once and writes the same bytes to every subscriber, instead of framing per client.
   */
  sendFrame?(frame: Buffer): void;
  close(code: number, reason: string): void;
  /** Destroys the connection at once. */
  terminate(): void;
  /** Holds writes until {@link uncork}, so many messages leave in one system call. Optional. */
  cork?(): void;
  uncork?(): void;
}

/** Options of {@link WebSocketHub}; every bound has a default. */
export interface WebSocketHubOptions {
  /** The shortest time between two messages of one channel to one client (default 100 ms: 10 per second). */
  minIntervalMs?: number;
  /** How often each client gets a heartbeat (default 5,000 ms). */
  heartbeatIntervalMs?: number;
  /** The heartbeat message (default `{"type":"heartbeat","timeMs":<now>}`). */
  heartbeatMessage?: (nowMs: number) => string;
  /** Unsent bytes above which a client is behind: nothing more is written to it, its updates wait (128 KiB). */
  bufferedBytesMax?: number;
  /** How long a client may stay behind before it is closed with 4008 (default 10,000 ms). */
  slowClientTimeoutMs?: number;
  /** How long a closed slow client has to read its close frame before its socket is destroyed (1,000 ms). */
  closeGraceMs?: number;
  /** Subscriptions per client (default 100). */
  subscriptionsPerClientMax?: number;
  /** Clients per hub (default 10,000). */
  clientsMax?: number;
  /** How often clients that are behind are looked at (default 10 ms); waiting messages leave when due. */
  flushIntervalMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /** Called when a client is dropped as a slow consumer (logs, metrics). */
  onSlowConsumer?: (client: HubClient) => void;
}

/** A connected client as the hub knows it. */
export interface HubClient {
  /** A number unique in this hub, for logs. */
  readonly id: number;
  /** The channels it is subscribed to. */
  readonly channels: ReadonlySet<string>;
  /** Since when it is behind (epoch ms), or null. */
  readonly laggingSinceMs: number | null;
  /** True once disconnected or dropped. */
  readonly closed: boolean;
}

/** Counters of a hub, for logs, metrics and the benchmark. */
export interface WebSocketHubStats {
  clients: number;
  subscriptions: number;
  channels: number;
  laggingClients: number;
  /** Messages written to sockets (updates, snapshots, control messages, heartbeats). */
  messagesSent: number;
  bytesSent: number;
  /** Updates that replaced a waiting one, so the waiting one was never sent. */
  messagesConflated: number;
  slowConsumersDropped: number;
}

/** What {@link WebSocketHub.subscribe} did. */
export type SubscribeResult = 'subscribed' | 'resubscribed' | 'limit';

/** A message as the hub keeps it: the payload, and its frame once built (shared by every subscriber). */
interface Outgoing {
  readonly payload: Buffer;
  frame: Buffer | null;
  /** The message's own time (the publisher's clock), or the wall clock when published without one. */
  readonly atMs: number;
  /** When it was published (wall clock). */
  readonly publishedWallMs: number;
}

const UNSCHEDULED = Number.NEGATIVE_INFINITY;

interface Subscription {
  readonly client: Client;
  readonly channel: string;
  /** The next update's turn on the publisher's clock: an update with `atMs` at or after it leaves at once. */
  nextTurnMs: number;
  /** The waiting update, and when it leaves (wall clock): its turn, translated to the wall clock. */
  pending: Outgoing | null;
  pendingDueMs: number;
}

interface Client extends HubClient {
  readonly socket: HubSocket;
  readonly subscriptions: Map<string, Subscription>;
  readonly channels: Set<string>;
  laggingSinceMs: number | null;
  closed: boolean;
  corked: boolean;
}

const DEFAULTS = {
  minIntervalMs: 100,
  heartbeatIntervalMs: 5_000,
  bufferedBytesMax: 128 * 1024,
  slowClientTimeoutMs: 10_000,
  closeGraceMs: 1_000,
  subscriptionsPerClientMax: 100,
  clientsMax: 10_000,
  flushIntervalMs: 10,
} as const;

/** The fan-out hub; see the module comment for what it guarantees. */
export class WebSocketHub {
  private readonly options: Required<Omit<WebSocketHubOptions, 'onSlowConsumer'>> &
    Pick<WebSocketHubOptions, 'onSlowConsumer'>;
  private readonly clients = new Set<Client>();
  private readonly channelSubscriptions = new Map<string, Set<Subscription>>();
  /** Subscriptions with a waiting message, of clients that are not behind. */
  private readonly due = new Set<Subscription>();
  private readonly lagging = new Set<Client>();
  private readonly corked: Client[] = [];
  private readonly timers: Array<ReturnType<typeof setInterval>> = [];
  private dueTimer: ReturnType<typeof setTimeout> | null = null;
  private dueTimerAtMs = Number.POSITIVE_INFINITY;
  private readonly graceTimers = new Set<ReturnType<typeof setTimeout>>();
  private nextClientId = 1;
  private closedHub = false;
  private readonly counters = {
    messagesSent: 0,
    bytesSent: 0,
    messagesConflated: 0,
    slowConsumersDropped: 0,
  };

  constructor(options: WebSocketHubOptions = {}) {
    this.options = {
      ...DEFAULTS,
      heartbeatMessage: (nowMs: number) => `{"type":"heartbeat","timeMs":${nowMs}}`,
      now: Date.now,
      ...withoutUndefined(options),
    };
    const { minIntervalMs, bufferedBytesMax, slowClientTimeoutMs, flushIntervalMs } = this.options;
    if (!(minIntervalMs > 0 && bufferedBytesMax > 0 && slowClientTimeoutMs > 0 && flushIntervalMs > 0)) {
      throw new Error('WebSocketHub bounds must be positive.');
    }
    this.timers.push(setInterval(() => this.flush(), flushIntervalMs));
    this.timers.push(setInterval(() => this.heartbeat(), this.options.heartbeatIntervalMs));
    for (const timer of this.timers) {
      timer.unref?.();
    }
  }

  /** Registers a connection; null when the hub is full or closed (close the socket with 1013 then). */
  connect(socket: HubSocket): HubClient | null {
    if (this.closedHub || this.clients.size >= this.options.clientsMax) {
      return null;
    }
    const client: Client = {
      id: this.nextClientId++,
      socket,
      subscriptions: new Map(),
      channels: new Set(),
      laggingSinceMs: null,
      closed: false,
      corked: false,
    };
    this.clients.add(client);
    return client;
  }

  /** Forgets a client (its socket closed); safe to call twice. */
  disconnect(handle: HubClient): void {
    const client = handle as Client;
    if (client.closed) {
      return;
    }
    client.closed = true;
    for (const subscription of client.subscriptions.values()) {
      this.removeSubscription(subscription);
    }
    client.subscriptions.clear();
    client.channels.clear();
    this.lagging.delete(client);
    this.clients.delete(client);
  }

  /**
   * Subscribes a client to a channel and sends `snapshot` first (it is the channel's latest state: a waiting update
   * is dropped; it does not use an update's turn). Subscribing again re-sends the snapshot. 'limit' when the client
   * already holds `subscriptionsPerClientMax` subscriptions (nothing is sent then).
   */
  subscribe(
    handle: HubClient,
    channel: string,
    snapshot?: string | Buffer,
    snapshotAtMs?: number,
  ): SubscribeResult {
    const client = handle as Client;
    if (client.closed) {
      return 'limit';
    }
    let subscription = client.subscriptions.get(channel);
    const result: SubscribeResult = subscription === undefined ? 'subscribed' : 'resubscribed';
    if (subscription === undefined) {
      if (client.subscriptions.size >= this.options.subscriptionsPerClientMax) {
        return 'limit';
      }
      subscription = {
        client,
        channel,
        nextTurnMs: UNSCHEDULED,
        pending: null,
        pendingDueMs: UNSCHEDULED,
      };
      client.subscriptions.set(channel, subscription);
      client.channels.add(channel);
      let subscribers = this.channelSubscriptions.get(channel);
      if (subscribers === undefined) {
        subscribers = new Set();
        this.channelSubscriptions.set(channel, subscribers);
      }
      subscribers.add(subscription);
    }
    if (snapshot !== undefined) {
      subscription.pending = null;
      this.due.delete(subscription);
      const nowMs = this.options.now();
      const message = {
        payload: toBuffer(snapshot),
        frame: null,
        atMs: snapshotAtMs ?? nowMs,
        publishedWallMs: nowMs,
      };
      if (!this.blocked(subscription.client, nowMs)) {
        this.write(subscription.client, message);
      } else {
        // Behind: the snapshot waits as the channel's latest state and leaves when the client catches up.
        subscription.pending = message;
        subscription.pendingDueMs = nowMs;
      }
    }
    return result;
  }

  /** Unsubscribes; false when the client was not subscribed. */
  unsubscribe(handle: HubClient, channel: string): boolean {
    const client = handle as Client;
    const subscription = client.subscriptions.get(channel);
    if (subscription === undefined) {
      return false;
    }
    client.subscriptions.delete(channel);
    client.channels.delete(channel);
    this.removeSubscription(subscription);
    return true;
  }

  /** True when at least one client is subscribed to `channel` (publishers may skip building the message). */
  hasSubscribers(channel: string): boolean {
    return (this.channelSubscriptions.get(channel)?.size ?? 0) > 0;
  }

  /**
   * Sends `message` to every subscriber of `channel`, within the rate bound (conflated, latest wins). `atMs` is
   * the message's own time on the publisher's clock (the tick it belongs to); without it the wall clock is used.
   * A publisher's times must not go backwards on a channel.
   */
  publish(channel: string, message: string | Buffer, atMs?: number): void {
    const subscribers = this.channelSubscriptions.get(channel);
    if (subscribers === undefined || subscribers.size === 0) {
      return;
    }
    const nowMs = this.options.now();
    const outgoing: Outgoing = {
      payload: toBuffer(message),
      frame: null,
      atMs: atMs ?? nowMs,
      publishedWallMs: nowMs,
    };
    for (const subscription of subscribers) {
      if (subscription.pending === null && outgoing.atMs >= subscription.nextTurnMs) {
        if (!this.blocked(subscription.client, nowMs)) {
          this.sendUpdate(subscription, outgoing);
          continue;
        }
      }
      if (subscription.pending !== null) {
        this.counters.messagesConflated += 1;
      }
      subscription.pending = outgoing;
      // Its turn, on the wall clock: as much later than its publication as its turn is after its own time.
      subscription.pendingDueMs = nowMs + Math.max(0, subscription.nextTurnMs - outgoing.atMs);
      if (subscription.client.laggingSinceMs === null) {
        this.due.add(subscription);
        this.scheduleDue(subscription.pendingDueMs, nowMs);
      }
    }
  }

  /**
   * Sends what the current synchronous run wrote (uncorks every socket) without waiting for the end of the run:
   * a publisher of many products calls it between products, so the first ones do not wait for the last.
   */
  flushWrites(): void {
    this.uncorkAll();
  }

  /**
   * Sends a control message (an acknowledgement, an error) to one client now, outside any channel. A client far
   * behind (twice `bufferedBytesMax`) is dropped instead, as a slow consumer.
   */
  send(handle: HubClient, message: string | Buffer): void {
    const client = handle as Client;
    if (client.closed) {
      return;
    }
    if (client.socket.bufferedAmount > 2 * this.options.bufferedBytesMax) {
      this.dropSlowConsumer(client);
      return;
    }
    const nowMs = this.options.now();
    this.write(client, { payload: toBuffer(message), frame: null, atMs: nowMs, publishedWallMs: nowMs });
  }

  /** The hub's counters now. */
  stats(): WebSocketHubStats {
    let subscriptions = 0;
    for (const client of this.clients) {
      subscriptions += client.subscriptions.size;
    }
    return {
      clients: this.clients.size,
      subscriptions,
      channels: this.channelSubscriptions.size,
      laggingClients: this.lagging.size,
      ...this.counters,
    };
  }

  /** Closes every client with 1001 and stops the timers; later connections are refused. */
  close(): void {
    this.closedHub = true;
    for (const timer of this.timers) {
      clearInterval(timer);
    }
    if (this.dueTimer !== null) {
      clearTimeout(this.dueTimer);
      this.dueTimer = null;
    }
    for (const timer of this.graceTimers) {
      clearTimeout(timer);
    }
    this.graceTimers.clear();
    for (const client of [...this.clients]) {
      this.disconnect(client);
      client.socket.close(HUB_CLOSE_CODES.goingAway, 'server shutting down');
    }
  }

  /**
   * Sends the waiting messages that are due, lets clients that caught up receive again, and drops those that
   * stayed behind too long. Runs every `flushIntervalMs`; exposed for tests.
   */
  flush(): void {
    const nowMs = this.options.now();
    for (const client of this.lagging) {
      this.checkLagging(client, nowMs);
    }
    this.sendDue(nowMs);
  }

  /** Sends the waiting messages whose interval has passed; schedules the next ones. */
  private sendDue(nowMs: number): void {
    let nextDueMs = Number.POSITIVE_INFINITY;
    for (const subscription of this.due) {
      if (subscription.client.laggingSinceMs !== null || subscription.pending === null) {
        this.due.delete(subscription);
      } else if (nowMs >= subscription.pendingDueMs) {
        if (this.blocked(subscription.client, nowMs)) {
          this.due.delete(subscription);
          continue;
        }
        this.due.delete(subscription);
        const pending = subscription.pending;
        subscription.pending = null;
        this.sendUpdate(subscription, pending);
      } else {
        nextDueMs = Math.min(nextDueMs, subscription.pendingDueMs);
      }
    }
    if (nextDueMs !== Number.POSITIVE_INFINITY) {
      this.scheduleDue(nextDueMs, nowMs);
    }
  }

  /** Makes sure waiting messages are sent at `dueMs` (one timer, at the earliest due time). */
  private scheduleDue(dueMs: number, nowMs: number): void {
    if (this.closedHub || dueMs >= this.dueTimerAtMs) {
      return;
    }
    if (this.dueTimer !== null) {
      clearTimeout(this.dueTimer);
    }
    this.dueTimerAtMs = dueMs;
    this.dueTimer = setTimeout(
      () => {
        this.dueTimer = null;
        this.dueTimerAtMs = Number.POSITIVE_INFINITY;
        this.sendDue(this.options.now());
      },
      Math.max(0, dueMs - nowMs),
    );
    this.dueTimer.unref?.();
  }

  /** Sends a heartbeat to every client that is not behind. Runs every `heartbeatIntervalMs`; exposed for tests. */
  heartbeat(): void {
    const nowMs = this.options.now();
    const message: Outgoing = {
      payload: Buffer.from(this.options.heartbeatMessage(nowMs)),
      frame: null,
      atMs: nowMs,
      publishedWallMs: nowMs,
    };
    for (const client of this.clients) {
      if (client.laggingSinceMs !== null) {
        continue;
      }
      // A client with no updates can still stop reading: its heartbeats must not pile up either.
      if (client.socket.bufferedAmount > this.options.bufferedBytesMax) {
        client.laggingSinceMs = nowMs;
        this.lagging.add(client);
        continue;
      }
      this.write(client, message);
    }
  }

  private checkLagging(client: Client, nowMs: number): void {
    if (client.closed) {
      this.lagging.delete(client);
      return;
    }
    // Hysteresis: a client resumes once half its buffer has drained, so it does not flap at the bound.
    if (client.socket.bufferedAmount <= this.options.bufferedBytesMax / 2) {
      client.laggingSinceMs = null;
      this.lagging.delete(client);
      for (const subscription of client.subscriptions.values()) {
        if (subscription.pending !== null) {
          subscription.pendingDueMs = Math.min(subscription.pendingDueMs, nowMs);
          this.due.add(subscription);
        }
      }
      return;
    }
    if (client.laggingSinceMs !== null && nowMs - client.laggingSinceMs >= this.options.slowClientTimeoutMs) {
      this.dropSlowConsumer(client);
    }
  }

  /**
   * True when the client is behind (now or from this moment on: its unsent bytes passed the bound). Checked once
   * per synchronous run and client (a corked client was checked when this run first wrote to it), so a run may
   * overshoot the bound by what it writes: at most one message per subscription.
   */
  private blocked(client: Client, nowMs: number): boolean {
    if (client.laggingSinceMs !== null) {
      return true;
    }
    if (client.corked) {
      return false;
    }
    if (client.socket.bufferedAmount > this.options.bufferedBytesMax) {
      client.laggingSinceMs = nowMs;
      this.lagging.add(client);
      return true;
    }
    return false;
  }

  /** Writes an update and books the channel's next turn (GCRA: one `minIntervalMs` after this one's turn). */
  private sendUpdate(subscription: Subscription, message: Outgoing): void {
    subscription.nextTurnMs = Math.max(subscription.nextTurnMs, message.atMs) + this.options.minIntervalMs;
    this.write(subscription.client, message);
  }

  private write(client: Client, message: Outgoing): void {
    const socket = client.socket;
    if (!client.corked && socket.cork !== undefined) {
      socket.cork();
      client.corked = true;
      if (this.corked.push(client) === 1) {
        queueMicrotask(() => this.uncorkAll());
      }
    }
    try {
      if (socket.sendFrame !== undefined) {
        message.frame ??= textFrame(message.payload);
        socket.sendFrame(message.frame);
      } else {
        socket.send(message.payload);
      }
    } catch {
      // The socket is closing; its close event will disconnect the client.
      return;
    }
    this.counters.messagesSent += 1;
    this.counters.bytesSent += message.payload.length;
  }

  private uncorkAll(): void {
    for (const client of this.corked.splice(0)) {
      client.corked = false;
      client.socket.uncork?.();
    }
  }

  private dropSlowConsumer(client: Client): void {
    this.counters.slowConsumersDropped += 1;
    this.disconnect(client);
    this.options.onSlowConsumer?.(client);
    try {
      client.socket.close(HUB_CLOSE_CODES.slowConsumer, 'slow consumer');
    } catch {
      // already closing
    }
    // A client that does not read will not read the close frame either: destroy the socket after a grace period.
    const timer = setTimeout(() => {
      this.graceTimers.delete(timer);
      client.socket.terminate();
    }, this.options.closeGraceMs);
    timer.unref?.();
    this.graceTimers.add(timer);
  }

  private removeSubscription(subscription: Subscription): void {
    this.due.delete(subscription);
    subscription.pending = null;
    const subscribers = this.channelSubscriptions.get(subscription.channel);
    subscribers?.delete(subscription);
    if (subscribers !== undefined && subscribers.size === 0) {
      this.channelSubscriptions.delete(subscription.channel);
    }
  }
}

/**
 * A complete, unmasked, final websocket text frame carrying `payload` (RFC 6455 section 5.2): what a server sends.
 * Built once per message and written as it is to every subscriber.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length <= 125 ? 2 : length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length <= 125) {
    frame[1] = length;
  } else if (length <= 0xffff) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}

function toBuffer(message: string | Buffer): Buffer {
  return typeof message === 'string' ? Buffer.from(message) : message;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** The part of a `ws` WebSocket {@link hubSocketOf} adapts. */
export interface WsLikeSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer, options: { binary: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

/**
 * Adapts a `ws` WebSocket (what @fastify/websocket hands a route) to {@link HubSocket}: text frames, corking, and
 * pre-built frames written straight to the TCP socket. That is safe because compression is off (websocketSupport):
 * ws then writes every frame synchronously, in call order, so frames written here and by ws never interleave, and
 * ws's `bufferedAmount` counts them (it reads the TCP socket's write queue).
 */
export function hubSocketOf(socket: WsLikeSocket): HubSocket {
  const raw = (
    socket as unknown as { _socket?: { cork(): void; uncork(): void; write(data: Buffer): boolean } }
  )._socket;
  const OPEN = 1;
  return {
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
    send: (data) => socket.send(data, { binary: false }),
    close: (code, reason) => socket.close(code, reason),
    terminate: () => socket.terminate(),
    ...(raw
      ? {
          cork: () => raw.cork(),
          uncork: () => raw.uncork(),
          sendFrame: (frame: Buffer) => {
            // After a close frame nothing more may be sent (RFC 6455 section 5.5.1).
            if (socket.readyState === OPEN) {
              raw.write(frame);
            }
          },
        }
      : {}),
  };
}

/** The largest message any websocket route reads (services check their own, smaller bound). */
export const WEBSOCKET_PAYLOAD_BYTES_MAX = 64 * 1024;

// @fastify/websocket listens to the HTTP server's 'upgrade' event and routes through the root router. Registered
// twice on one server (two services each with a websocket route), both listeners would route the same upgrade
// and the second would fail it. So the first registration per server listens, later ones only add the route
// hooks to their own (encapsulated) context.
const listeningServers = new WeakSet<object>();

/**
 * Websocket support for a service's routes (`{ websocket: true }` on a GET route); register it in the service's
 * plugin. Safe to register from several services of one server. Messages are limited to
 * {@link WEBSOCKET_PAYLOAD_BYTES_MAX}; compression is off (CPU per message matters more than bytes on market data).
 */
export const websocketSupport = fp(
  async (app: FastifyInstance) => {
    if (app.hasDecorator('websocketServer')) {
      return;
    }
    const first = !listeningServers.has(app.server);
    listeningServers.add(app.server);
    await app.register(fastifyWebsocket, {
      options: {
        maxPayload: WEBSOCKET_PAYLOAD_BYTES_MAX,
        perMessageDeflate: false,
        ...(first ? {} : { server: new EventEmitter() as never }),
      },
    });
  },
  { name: 'tessera-websocket-support' },
);
