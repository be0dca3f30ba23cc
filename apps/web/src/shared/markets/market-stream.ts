/**
 * The browser client of the market-data websocket (`/api/market-data/ws`, protocol in @tessera/contracts
 * market-data.ts): one connection per tab shared by every component, subscriptions counted per channel and
 * product (the first listener subscribes, the last one unsubscribes), reconnection with exponential backoff and
 * jitter after any loss, every subscription sent again on reconnect, and a heartbeat watchdog (the server sends a
 * heartbeat every 5 s; 15 s of silence means the connection is dead even if the browser has not noticed).
 *
 * Only types come from @tessera/contracts, so this module adds no schema library to the pages that use it; the
 * bounds below mirror the contract's constants (a test checks they agree).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type {
  MarketChannel,
  MarketChannelData,
  MarketDataMessage,
  MarketServerMessage,
  ProductId,
  RuntimeConfig,
} from '@tessera/contracts';
import { loadRuntimeConfig } from '../../lib/runtime-config.ts';

/** MARKET_STREAM_HEARTBEAT_TIMEOUT_MS of the contract. */
export const HEARTBEAT_TIMEOUT_MS = 15_000;
/** MARKET_STREAM_SUBSCRIPTIONS_MAX of the contract: also the most channels one subscribe message names. */
export const SUBSCRIPTIONS_MAX = 100;
/** Reconnection delays: from half a second, doubling, at most 30 s, each with up to half of it as jitter. */
export const RECONNECT_INITIAL_MS = 500;
export const RECONNECT_MAX_MS = 30_000;
/** With no subscription left, the connection is closed after this long (a page change keeps it). */
export const IDLE_CLOSE_MS = 10_000;

/** Where the stream is. */
export type MarketStreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What a listener receives: the channel's snapshot (on subscribe or resubscribe) or an update. */
export interface MarketStreamEvent<C extends MarketChannel> {
  readonly kind: 'snapshot' | 'update';
  readonly data: MarketChannelData[C];
}

/** The part of a browser WebSocket the stream uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Options of {@link MarketStream}. */
export interface MarketStreamOptions {
  /** The websocket URL (resolved at each connection attempt). */
  url: () => string | Promise<string>;
  /** Opens a socket (default: the browser's WebSocket). */
  createSocket?: (url: string) => SocketLike;
  /** In [0, 1): the jitter's source (default Math.random). */
  random?: () => number;
  /** Called for each `error` message of the server (a bad product, too many subscriptions). */
  onServerError?: (error: Extract<MarketServerMessage, { type: 'error' }>) => void;
}

const OPEN = 1;

interface Entry {
  readonly channel: MarketChannel;
  readonly productId: ProductId;
  readonly listeners: Set<(event: MarketStreamEvent<MarketChannel>) => void>;
  latest: MarketChannelData[MarketChannel] | undefined;
}

const keyOf = (channel: string, productId: string) => `${channel}|${productId}`;

/** One shared connection to the market-data websocket; see the module comment. */
export class MarketStream {
  private readonly entries = new Map<string, Entry>();
  private readonly statusListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private currentStatus: MarketStreamStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly options: MarketStreamOptions) {}

  /** The connection's state now. */
  get status(): MarketStreamStatus {
    return this.currentStatus;
  }

  /** Calls `listener` whenever {@link status} changes; returns a function that stops it. */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Listens to a channel of a product; returns the function that stops listening. A listener that joins a
   * channel already streaming gets its latest data at once, as a snapshot.
   */
  subscribe<C extends MarketChannel>(
    channel: C,
    productId: ProductId,
    listener: (event: MarketStreamEvent<C>) => void,
  ): () => void {
    const key = keyOf(channel, productId);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = { channel, productId, listeners: new Set(), latest: undefined };
      this.entries.set(key, entry);
      this.sendSubscriptions('subscribe', [entry]);
    }
    const untyped = listener as (event: MarketStreamEvent<MarketChannel>) => void;
    entry.listeners.add(untyped);
    if (entry.latest !== undefined) {
      untyped({ kind: 'snapshot', data: entry.latest });
    }
    this.cancelIdleClose();
    this.ensureConnected();
    let active = true;
    return () => {
      if (!active) {
        return;
      }
      active = false;
      const current = this.entries.get(key);
      current?.listeners.delete(untyped);
      if (current !== undefined && current.listeners.size === 0) {
        this.entries.delete(key);
        this.sendSubscriptions('unsubscribe', [current]);
        if (this.entries.size === 0) {
          this.scheduleIdleClose();
        }
      }
    };
  }

  /** Closes the connection for good (a sign-out, a test's end). */
  close(): void {
    this.stopped = true;
    this.clearTimers();
    this.dropSocket();
    this.setStatus('closed');
  }

  private ensureConnected(): void {
    if (this.stopped || this.socket !== null || this.reconnectTimer !== null) {
      return;
    }
    void this.connect();
  }

  private async connect(): Promise<void> {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let url: string;
    try {
      url = await this.options.url();
    } catch {
      this.scheduleReconnect();
      return;
    }
    if (this.stopped || this.socket !== null || this.entries.size === 0) {
      if (this.entries.size === 0 && !this.stopped) {
        this.setStatus('idle');
      }
      return;
    }
    const socket = (
      this.options.createSocket ?? ((address: string) => new WebSocket(address) as unknown as SocketLike)
    )(url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) {
        return;
      }
      this.setStatus('open');
      this.armHeartbeat();
      // Everything listened to, again: a reconnect resubscribes (the server answers with fresh snapshots).
      this.sendSubscriptions('subscribe', [...this.entries.values()]);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) {
        this.onMessage(event.data);
      }
    };
    socket.onclose = () => {
      if (this.socket === socket) {
        this.socket = null;
        this.disarmHeartbeat();
        this.scheduleReconnect();
      }
    };
    socket.onerror = () => {
      // A close event follows; reconnection is decided there.
    };
  }

  private onMessage(raw: unknown): void {
    // Any message proves the connection is alive, and a working connection resets the backoff.
    this.armHeartbeat();
    this.attempt = 0;
    if (typeof raw !== 'string') {
      return;
    }
    let message: MarketServerMessage;
    try {
      message = JSON.parse(raw) as MarketServerMessage;
    } catch {
      return;
    }
    if (message.type === 'snapshot' || message.type === 'update') {
      this.dispatch(message);
    } else if (message.type === 'error') {
      this.options.onServerError?.(message);
    }
  }

  private dispatch(message: MarketDataMessage): void {
    const entry = this.entries.get(keyOf(message.channel, message.productId));
    if (entry === undefined || message.data === null || typeof message.data !== 'object') {
      return;
    }
    entry.latest = message.data;
    const event = { kind: message.type, data: message.data } as MarketStreamEvent<MarketChannel>;
    for (const listener of [...entry.listeners]) {
      listener(event);
    }
  }

  private sendSubscriptions(type: 'subscribe' | 'unsubscribe', entries: readonly Entry[]): void {
    const socket = this.socket;
    if (socket === null || socket.readyState !== OPEN || entries.length === 0) {
      return;
    }
    for (let start = 0; start < entries.length; start += SUBSCRIPTIONS_MAX) {
      const channels = entries
        .slice(start, start + SUBSCRIPTIONS_MAX)
        .map(({ channel, productId }) => ({ channel, productId }));
      socket.send(JSON.stringify({ type, channels }));
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer !== null) {
      return;
    }
    if (this.entries.size === 0) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('reconnecting');
    const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_INITIAL_MS * 2 ** this.attempt);
    const delayMs = ceiling / 2 + (ceiling / 2) * (this.options.random ?? Math.random)();
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delayMs);
  }

  private armHeartbeat(): void {
    this.disarmHeartbeat();
    this.heartbeatTimer = setTimeout(() => {
      this.heartbeatTimer = null;
      // Silent for too long: the connection is dead even if the socket does not know it yet.
      const socket = this.socket;
      this.socket = null;
      socket?.close(4000, 'heartbeat timeout');
      this.scheduleReconnect();
    }, HEARTBEAT_TIMEOUT_MS);
  }

  private disarmHeartbeat(): void {
    if (this.heartbeatTimer !== null) {
      clearTimeout(this.heartbeatTimer);
      this.heartbeatTimer = null;
    }
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.entries.size === 0) {
        this.dropSocket();
        if (this.reconnectTimer !== null) {
          clearTimeout(this.reconnectTimer);
          this.reconnectTimer = null;
        }
        this.attempt = 0;
        this.setStatus('idle');
      }
    }, IDLE_CLOSE_MS);
  }

  private cancelIdleClose(): void {
    if (this.idleTimer !== null) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.disarmHeartbeat();
    if (socket !== null) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.close(1000, 'done');
    }
  }

  private clearTimers(): void {
    for (const timer of [this.reconnectTimer, this.heartbeatTimer, this.idleTimer]) {
      if (timer !== null) {
        clearTimeout(timer);
      }
    }
    this.reconnectTimer = null;
    this.heartbeatTimer = null;
    this.idleTimer = null;
  }

  private setStatus(status: MarketStreamStatus): void {
    if (status !== this.currentStatus) {
      this.currentStatus = status;
      for (const listener of [...this.statusListeners]) {
        listener();
      }
    }
  }
}

/** The websocket URL of market data for a runtime config: an absolute base, or a path on this origin. */
export function marketStreamUrl(config: RuntimeConfig, location: { protocol: string; host: string }): string {
  const base = config.services['marketData'] ?? '/api/market-data';
  if (/^https?:\/\//.test(base)) {
    return `${base.replace(/^http/, 'ws')}/ws`;
  }
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${base}/ws`;
}

let shared: MarketStream | undefined;
let configLoading: Promise<RuntimeConfig> | undefined;

/** The tab's shared stream, created on first use. */
export function marketStream(): MarketStream {
  shared ??= new MarketStream({
    url: async () => {
      configLoading ??= loadRuntimeConfig().catch((error: unknown) => {
        configLoading = undefined;
        throw error;
      });
      return marketStreamUrl(await configLoading, window.location);
    },
  });
  return shared;
}

/**
 * The latest data of a channel of a product, kept current from the shared stream (null until the first snapshot,
 * and while `productId` is null), and the connection's status.
 * @example const { data: quote } = useMarketChannel('quotes', productId);
 */
export function useMarketChannel<C extends MarketChannel>(
  channel: C,
  productId: ProductId | null,
): { data: MarketChannelData[C] | null; status: MarketStreamStatus } {
  const [state, setState] = useState<{ key: string; data: MarketChannelData[C] | null }>({
    key: '',
    data: null,
  });
  const key = productId === null ? '' : keyOf(channel, productId);
  useEffect(() => {
    if (productId === null) {
      return undefined;
    }
    return marketStream().subscribe(channel, productId, (event) =>
      setState({ key: keyOf(channel, productId), data: event.data }),
    );
  }, [channel, productId]);
  const status = useSyncExternalStore(
    (listener) => marketStream().onStatus(listener),
    () => marketStream().status,
    () => 'idle' as const,
  );
  // Data of the previous product is never shown for the new one.
  return { data: state.key === key ? state.data : null, status };
}
