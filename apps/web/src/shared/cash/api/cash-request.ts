/**
 * What every call to cash operations shares (packages/contracts/src/cash-operations.ts and cash-rails.ts): the
 * service's configuration key, the query keys, the bound caller and the retry rule. One file per endpoint beside
 * this one exports its fetcher, its query options and its hook. Every key starts with `cash`, so the live updates
 * (../live-updates.ts) can refresh what a change touches.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ApiError, type ApiClient, type ApiRequest } from '../../../lib/api.ts';

/** The runtime configuration's key of cash operations (packages/platform config, `serviceUrls`). */
export const CASH_SERVICE = 'cashOperations';

/** The filters of a wallet's activity list (the query string of GET /wallets/{id}/activity, minus the cursor). */
export interface ActivityFilters {
  q?: string;
  kind?: string;
  status?: string;
}

/** Query keys: everything under `cash`, per wallet where it belongs to one. */
export const cashKeys = {
  all: ['cash'] as const,
  wallets: () => ['cash', 'wallets'] as const,
  summary: () => ['cash', 'summary'] as const,
  limits: () => ['cash', 'limits'] as const,
  wallet: (walletId: string) => ['cash', 'wallet', walletId] as const,
  activity: (walletId: string, filters: ActivityFilters) =>
    ['cash', 'wallet', walletId, 'activity', filters] as const,
  statementMonths: (walletId: string) => ['cash', 'wallet', walletId, 'statements'] as const,
  statement: (walletId: string, month: string) => ['cash', 'wallet', walletId, 'statements', month] as const,
  rails: (name: string) => ['cash', 'rails', name] as const,
};

/** A bound caller of cash operations. */
export type CashCall = <T>(path: string, request?: ApiRequest) => Promise<T>;

const callers = new WeakMap<ApiClient, CashCall>();

/**
 * The app's API client bound to cash operations, one per client: the same function on every render and in every
 * loader, so query options built from it do not capture a fresh closure each time.
 */
export function cashCaller(api: ApiClient): CashCall {
  let call = callers.get(api);
  if (!call) {
    call = (path, request) => api(CASH_SERVICE, path, request);
    callers.set(api, call);
  }
  return call;
}

/** Cash operations' caller from the router context. */
export function useCashCall(): CashCall {
  const router = useRouter();
  return cashCaller(router.options.context.api);
}

/** Forgets every cash figure after a change the customer made, so every page shows the new balances. */
export function useInvalidateCash() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cashKeys.all });
}

/** Cash balances change from elsewhere (deposits, other customers): a short staleness and live invalidation. */
export const CASH_STALE_TIME_MS = 5_000;

/** Retries network and server failures, never a 4xx answer (a missing wallet stays missing). */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && failureCount < 3;
}

/** A fresh Idempotency-Key for one money movement (kept for its retries, e.g. after a step-up). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
