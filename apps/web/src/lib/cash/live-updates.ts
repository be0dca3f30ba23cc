/**
 * Live balances: while a customer is on the dashboard, a websocket to cash operations (/api/cash-operations/ws,
 * packages/contracts/src/cash-operations.ts) says which wallet or operation changed, and the matching queries are
 * refetched, so a deposit, a transfer or a settlement shows up without a reload. The socket authenticates with
 * the access token in its first message and reconnects with a doubling, jittered delay (spec section 9: backoff
 * from 100 ms doubling, capped at 10 s); each time it is ready every cash query is refetched, since events may
 * have been missed before it listened.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { CashServerMessage, RuntimeConfig } from '@tessera/contracts';
import type { AuthAdapter } from '../auth.ts';
import { cashKeys, CASH_SERVICE } from './cash-api.ts';

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

/** The websocket address of cash operations for this page (a same-origin path or an absolute http(s) URL). */
export function liveUrl(config: RuntimeConfig, location: Pick<Location, 'protocol' | 'host'>): string {
  const base = config.services[CASH_SERVICE] ?? '/api/cash-operations';
  if (/^https?:\/\//.test(base)) {
    return `${base.replace(/^http/, 'ws')}/ws`;
  }
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${base}/ws`;
}

/** What a message from the socket means for the query cache. */
export function applyLiveMessage(queryClient: QueryClient, message: CashServerMessage): void {
  if (message.type === 'wallet.changed' || message.type === 'operation.changed') {
    void queryClient.invalidateQueries({ queryKey: cashKeys.wallets() });
    void queryClient.invalidateQueries({ queryKey: cashKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: cashKeys.limits() });
    void queryClient.invalidateQueries({ queryKey: cashKeys.wallet(message.walletId) });
    void queryClient.invalidateQueries({ queryKey: ['cash', 'rails'] });
  }
}

function parse(data: unknown): CashServerMessage | null {
  if (typeof data !== 'string') {
    return null;
  }
  try {
    const message = JSON.parse(data) as { type?: unknown };
    return typeof message.type === 'string' ? (message as CashServerMessage) : null;
  } catch {
    return null;
  }
}

/** Opens the live socket and keeps it open until `stop` is called. */
export function connectLiveUpdates(
  config: RuntimeConfig,
  auth: AuthAdapter,
  queryClient: QueryClient,
): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
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
    const current = new WebSocket(liveUrl(config, window.location));
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', accessToken: token }));
    current.onmessage = (event) => {
      const message = parse(event.data);
      if (message?.type === 'ready') {
        attempt = 0;
        // Whatever changed before this socket was listening (a page that loaded while a deposit settled, or a
        // connection that was down) is fetched again now.
        void queryClient.invalidateQueries({ queryKey: cashKeys.all });
        clearInterval(pingTimer);
        pingTimer = setInterval(() => {
          if (current.readyState === WebSocket.OPEN) {
            current.send(JSON.stringify({ type: 'ping' }));
          }
        }, LIVE_PING_INTERVAL_MS);
      } else if (message) {
        applyLiveMessage(queryClient, message);
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

/** Keeps the live socket open while the calling component is mounted (the dashboard layout route). */
export function useCashLiveUpdates(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  useEffect(() => connectLiveUpdates(config, auth, queryClient), [config, auth, queryClient]);
}
