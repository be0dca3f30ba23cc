/**
 * The customer's trading websocket (/api/trading/ws, packages/contracts/src/trading.ts): authenticates with the
 * access token in its first message, then folds every `order` and `position` into the query cache, so open orders,
 * positions and the chart's lines change as the engine fills. A fill also moves cash, so the wallets are read
 * again (the detached windows live outside the dashboard layout and its cash socket). After a reconnection every
 * trading query is refetched: events may have been missed while it was down.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { RuntimeConfig, TradingServerMessage } from '@tessera/contracts';
import type { AuthAdapter } from '#/lib/auth.ts';
import { cashKeys } from '#/lib/cash/cash-api.ts';
import { LIVE_PING_INTERVAL_MS, reconnectDelayMs } from '#/lib/cash/live-updates.ts';
import { applyOrder, applyPosition, TRADING_SERVICE, tradingKeys } from '../api/trading-api.ts';

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
      // A fill moves cash and units. The position is also refetched here: the contract's `position` message is
      // not sent by the service yet, and a refetch after each fill is cheap.
      void queryClient.invalidateQueries({ queryKey: cashKeys.wallets() });
      void queryClient.invalidateQueries({ queryKey: tradingKeys.positions() });
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

/** Keeps the trading websocket open while the calling page is mounted. */
export function useTradingStream(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  useEffect(() => connect(config, auth, queryClient), [config, auth, queryClient]);
}
