/**
 * The customer's trading websocket (/api/trading/ws, packages/contracts/src/trading.ts): authenticates with the
 * access token in its first message, then folds every `order`, `position` and `alert` into the query cache, so open
 * orders, positions (trading page and home page) and the chart's lines change as the engine fills, and a triggered
 * price alert shows as a notice (alert-notices.tsx). A fill also moves cash, so the wallets are read
 * again (the detached windows live outside the dashboard layout and its cash socket). After a reconnection every
 * trading query is refetched: events may have been missed while it was down.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { RuntimeConfig, TradingServerMessage } from '@tessera/contracts';
import type { PriceAlert } from '@tessera/contracts';
import type { AuthAdapter } from '../auth.ts';
import { cashKeys } from '../cash/cash-api.ts';
import { LIVE_PING_INTERVAL_MS, reconnectDelayMs } from '../cash/live-updates.ts';
import { applyAlert, applyOrder, applyPosition, TRADING_SERVICE, tradingKeys } from './trading-cache.ts';

/** Notices of triggered alerts kept at most (the oldest leave first). */
const ALERT_NOTICES_MAX = 5;

function streamUrl(config: RuntimeConfig): string {
  const base = config.services[TRADING_SERVICE] ?? '/api/trading';
  if (/^https?:\/\//.test(base)) {
    return `${base.replace(/^http/, 'ws')}/ws`;
  }
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${base}/ws`;
}

function parse(data: unknown): TradingServerMessage | null {
  if (typeof data !== 'string') {
    return null;
  }
  try {
    const message = JSON.parse(data) as { type?: unknown };
    return typeof message.type === 'string' ? (message as TradingServerMessage) : null;
  } catch {
    return null;
  }
}

/** What one server message changes in the cache. */
export function applyTradingMessage(queryClient: QueryClient, message: TradingServerMessage): void {
  switch (message.type) {
    case 'order':
      applyOrder(queryClient, message.order);
      break;
    case 'position':
      applyPosition(queryClient, message.position);
      break;
    case 'fill':
      // A fill moves cash (the position comes as its own `position` message right after).
      void queryClient.invalidateQueries({ queryKey: cashKeys.wallets() });
      break;
    case 'alert':
      applyAlert(queryClient, message.alert);
      if (message.alert.status === 'triggered') {
        queryClient.setQueryData<PriceAlert[]>(tradingKeys.alertNotices(), (current) =>
          [...(current ?? []).filter((item) => item.id !== message.alert.id), message.alert].slice(
            -ALERT_NOTICES_MAX,
          ),
        );
      }
      break;
    default:
      break;
  }
}

function connect(config: RuntimeConfig, auth: AuthAdapter, queryClient: QueryClient): () => void {
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
    const current = new WebSocket(streamUrl(config));
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', accessToken: token }));
    current.onmessage = (event) => {
      const message = parse(event.data);
      if (message?.type === 'ready') {
        attempt = 0;
        if (connectedBefore) {
          void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
        }
        connectedBefore = true;
        clearInterval(pingTimer);
        pingTimer = setInterval(() => {
          if (current.readyState === WebSocket.OPEN) {
            current.send(JSON.stringify({ type: 'ping' }));
          }
        }, LIVE_PING_INTERVAL_MS);
      } else if (message) {
        applyTradingMessage(queryClient, message);
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

/** Keeps the trading websocket open while the calling page (trading, detached window, home) is mounted. */
export function useTradingStream(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  useEffect(() => connect(config, auth, queryClient), [config, auth, queryClient]);
}
