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
import type { AuthAdapter } from '../../lib/auth.ts';
import { cashKeys } from '../cash/api/cash-request.ts';
import { connectCustomerSocket, serviceSocketUrl } from '../../lib/customer-socket.ts';
import { applyAlert, applyOrder, applyPosition, TRADING_SERVICE, tradingKeys } from './trading-cache.ts';

/** Notices of triggered alerts kept at most (the oldest leave first). */
const ALERT_NOTICES_MAX = 5;

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
  const base = config.services[TRADING_SERVICE] ?? '/api/trading';
  return connectCustomerSocket<TradingServerMessage>(() => serviceSocketUrl(base, window.location), auth, {
    onReady: (reconnected) => {
      if (reconnected) {
        void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
      }
    },
    onMessage: (message) => applyTradingMessage(queryClient, message),
  });
}

/** Keeps the trading websocket open while the calling page (trading, detached window, home) is mounted. */
export function useTradingStream(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  useEffect(() => connect(config, auth, queryClient), [config, auth, queryClient]);
}
