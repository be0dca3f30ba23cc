/**
 * Live balances: while a customer is on the dashboard, a websocket to cash operations (/api/cash-operations/ws,
 * packages/contracts/src/cash-operations.ts) says which wallet or operation changed, and the matching queries are
 * refetched, so a deposit, a transfer or a settlement shows up without a reload. Connection, authentication and
 * reconnection are ../customer-socket.ts; each time the socket is ready every cash query is refetched, since
 * events may have been missed before it listened.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { CashServerMessage, RuntimeConfig } from '@tessera/contracts';
import type { AuthAdapter } from '../../lib/auth.ts';
import { connectCustomerSocket, serviceSocketUrl } from '../../lib/customer-socket.ts';
import { cashKeys, CASH_SERVICE } from './api/cash-request.ts';

/** The websocket address of cash operations for this page (a same-origin path or an absolute http(s) URL). */
export function liveUrl(config: RuntimeConfig, location: Pick<Location, 'protocol' | 'host'>): string {
  return serviceSocketUrl(config.services[CASH_SERVICE] ?? '/api/cash-operations', location);
}

/** What a message from the socket means for the query cache. */
export function applyLiveMessage(queryClient: QueryClient, message: CashServerMessage): void {
  if (message.type === 'wallet.changed' || message.type === 'operation.changed') {
    void queryClient.invalidateQueries({ queryKey: cashKeys.wallets() });
    void queryClient.invalidateQueries({ queryKey: cashKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: cashKeys.limits() });
    void queryClient.invalidateQueries({ queryKey: cashKeys.wallet(message.walletId) });
    void queryClient.invalidateQueries({ queryKey: ['cash', 'rails'] });
    // The home's portfolio value (time series, features/home portfolioKeys) holds the same wallets: refetched with
    // the summary, so the two figures never disagree after a deposit (issue #15: "Portfolio value €0.00" beside
    // "Total balance €200.00" until the chart's next minute).
    void queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
  }
}

/** The key under which features/home keeps the portfolio value history (a shared module cannot import it). */
export const PORTFOLIO_QUERY_KEY = ['portfolio'] as const;

/** Opens the live socket and keeps it open until `stop` is called. */
export function connectLiveUpdates(
  config: RuntimeConfig,
  auth: AuthAdapter,
  queryClient: QueryClient,
): () => void {
  return connectCustomerSocket<CashServerMessage>(() => liveUrl(config, window.location), auth, {
    // Whatever changed before this socket was listening (a page that loaded while a deposit settled, or a
    // connection that was down) is fetched again now.
    onReady: () => void queryClient.invalidateQueries({ queryKey: cashKeys.all }),
    onMessage: (message) => applyLiveMessage(queryClient, message),
  });
}

/** Keeps the live socket open while the calling component is mounted (the dashboard layout route). */
export function useCashLiveUpdates(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  useEffect(() => connectLiveUpdates(config, auth, queryClient), [config, auth, queryClient]);
}
