/**
 * The client side of a service's customer websocket (packages/platform customer-socket.ts: cash operations and
 * trading): authenticates with the access token in its first message, pings to keep the connection alive, and
 * reconnects with a doubling, jittered delay (spec section 9: backoff from 100 ms doubling, capped at 10 s). What
 * the messages mean is the caller's.
 */
import type { AuthAdapter } from './auth.ts';

export const LIVE_RECONNECT_FIRST_DELAY_MS = 100;
export const LIVE_RECONNECT_MAX_DELAY_MS = 10_000;
export const LIVE_PING_INTERVAL_MS = 25_000;

/** The delay before reconnection attempt `attempt` (0-based): 100 ms doubling, capped, with up to 50 % jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(
    LIVE_RECONNECT_FIRST_DELAY_MS * 2 ** Math.min(attempt, 20),
    LIVE_RECONNECT_MAX_DELAY_MS,
  );
  return Math.round(base * (0.5 + random() * 0.5));
}

/** The websocket address of a service whose base is a same-origin path or an absolute http(s) URL. */
export function serviceSocketUrl(base: string, location: Pick<Location, 'protocol' | 'host'>): string {
  if (/^https?:\/\//.test(base)) {
    return `${base.replace(/^http/, 'ws')}/ws`;
  }
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${base}/ws`;
}

function parse<Message extends { type: string }>(data: unknown): Message | null {
  if (typeof data !== 'string') {
    return null;
  }
  try {
    const message = JSON.parse(data) as { type?: unknown };
    return typeof message.type === 'string' ? (message as Message) : null;
  } catch {
    return null;
  }
}

export interface CustomerSocketHandlers<Message> {
  /** The socket is authenticated; `reconnected` is false the first time. */
  onReady(reconnected: boolean): void;
  /** Every other message. */
  onMessage(message: Message): void;
}

/** Opens the socket at `url` and keeps it open until the returned function is called. */
export function connectCustomerSocket<Message extends { type: string }>(
  url: () => string,
  auth: AuthAdapter,
  handlers: CustomerSocketHandlers<Message>,
): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let connectedBefore = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const schedule = () => {
    if (!stopped) {
      retryTimer = setTimeout(() => void open(), reconnectDelayMs(attempt));
      attempt += 1;
    }
  };

  const open = async () => {
    const token = await auth.getAccessToken().catch(() => null);
    if (stopped) {
      return;
    }
    if (!token) {
      schedule();
      return;
    }
    const current = new WebSocket(url());
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', accessToken: token }));
    current.onmessage = (event) => {
      const message = parse<Message>(event.data);
      if (message?.type === 'ready') {
        attempt = 0;
        handlers.onReady(connectedBefore);
        connectedBefore = true;
        clearInterval(pingTimer);
        pingTimer = setInterval(() => {
          if (current.readyState === WebSocket.OPEN) {
            current.send(JSON.stringify({ type: 'ping' }));
          }
        }, LIVE_PING_INTERVAL_MS);
      } else if (message) {
        handlers.onMessage(message);
      }
    };
    current.onclose = () => {
      clearInterval(pingTimer);
      if (socket === current) {
        socket = null;
        schedule();
      }
    };
  };

  void open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    const current = socket;
    socket = null;
    current?.close();
  };
}
