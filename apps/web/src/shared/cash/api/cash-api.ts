/**
 * Calls to cash operations (packages/contracts/src/cash-operations.ts and cash-rails.ts), shared by the wallet
 * pages, the dashboard home and the settings sections: one fetcher per endpoint, its query options and its query
 * key. Every key starts with `cash`, so the live updates (live-updates.ts) can refresh what a change touches.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  ActivityPage,
  ActivityQuery,
  CashLimits,
  CashSummary,
  CashTransfer,
  CreateQuoteRequest,
  CreateWalletRequest,
  CustomerTransferRequest,
  FxQuote,
  OwnTransferRequest,
  RenameWalletRequest,
  Statement,
  StatementMonthList,
  Wallet,
  WalletListResponse,
} from '@tessera/contracts';
import { ApiError, type ApiClient, type ApiRequest } from '../../../lib/api.ts';

/** The runtime configuration's key of cash operations (packages/platform config, `serviceUrls`). */
export const CASH_SERVICE = 'cashOperations';

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

/** The app's API client bound to cash operations. */
export function cashCaller(api: ApiClient): CashCall {
  return (path, request) => api(CASH_SERVICE, path, request);
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
const CASH_STALE_TIME_MS = 5_000;

/** Retries network and server failures, never a 4xx answer (a missing wallet stays missing). */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && failureCount < 3;
}

/**
 * The caller's wallets, fetched again whenever a page that relies on them mounts: the query cache is persisted
 * (spec section 9), so a list restored after a reload may predate a wallet created a moment ago.
 */
export function walletsQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: cashKeys.wallets(),
    queryFn: ({ signal }) => call<WalletListResponse>('/wallets', { signal }).then((page) => page.items),
    staleTime: CASH_STALE_TIME_MS,
    refetchOnMount: 'always',
    retry: retryUnlessClientError,
  });
}

export function summaryQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: cashKeys.summary(),
    queryFn: ({ signal }) => call<CashSummary>('/summary', { signal }),
    staleTime: CASH_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

export function limitsQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: cashKeys.limits(),
    queryFn: ({ signal }) => call<CashLimits>('/limits', { signal }),
    staleTime: CASH_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

/** The filters of a wallet's activity list (the query string of GET /wallets/{id}/activity, minus the cursor). */
export interface ActivityFilters {
  q?: string;
  kind?: string;
  status?: string;
}

function activityPath(walletId: string, filters: ActivityFilters, cursor: string | null): string {
  const query: Record<string, string> = {};
  const parameters: ActivityQuery = { ...filters, limit: 20 } as ActivityQuery;
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== '') {
      query[key] = String(value);
    }
  }
  if (cursor) {
    query['cursor'] = cursor;
  }
  return `/wallets/${encodeURIComponent(walletId)}/activity?${new URLSearchParams(query).toString()}`;
}

export function getActivityPage(
  call: CashCall,
  walletId: string,
  filters: ActivityFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return call<ActivityPage>(activityPath(walletId, filters, cursor), { signal });
}

export function statementMonthsQueryOptions(call: CashCall, walletId: string) {
  return queryOptions({
    queryKey: cashKeys.statementMonths(walletId),
    queryFn: ({ signal }) =>
      call<StatementMonthList>(`/wallets/${encodeURIComponent(walletId)}/statements`, { signal }),
    retry: retryUnlessClientError,
  });
}

export function statementQueryOptions(call: CashCall, walletId: string, month: string) {
  return queryOptions({
    queryKey: cashKeys.statement(walletId, month),
    queryFn: ({ signal }) =>
      call<Statement>(`/wallets/${encodeURIComponent(walletId)}/statements/${month}`, { signal }),
    retry: retryUnlessClientError,
  });
}

export function createWallet(call: CashCall, body: CreateWalletRequest, idempotencyKey: string) {
  return call<Wallet>('/wallets', { method: 'POST', body, idempotencyKey });
}

export function renameWallet(call: CashCall, walletId: string, body: RenameWalletRequest) {
  return call<Wallet>(`/wallets/${encodeURIComponent(walletId)}`, { method: 'PATCH', body });
}

export function createQuote(call: CashCall, body: CreateQuoteRequest, idempotencyKey: string) {
  return call<FxQuote>('/fx/quotes', { method: 'POST', body, idempotencyKey });
}

export function createOwnTransfer(call: CashCall, body: OwnTransferRequest, idempotencyKey: string) {
  return call<CashTransfer>('/transfers', { method: 'POST', body, idempotencyKey });
}

export function createCustomerTransfer(
  call: CashCall,
  body: CustomerTransferRequest,
  idempotencyKey: string,
  accessToken?: string,
) {
  return call<CashTransfer>('/transfers/customer', {
    method: 'POST',
    body,
    idempotencyKey,
    ...(accessToken ? { accessToken } : {}),
  });
}

/** A fresh Idempotency-Key for one money movement (kept for its retries, e.g. after a step-up). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * GET /wallets/{id}/statements/{month}?format=csv as a file the browser saves. The API client reads JSON only,
 * so this one call fetches the text itself, with the same access token.
 */
export function useDownloadStatementCsv() {
  const router = useRouter();
  const { config, auth } = router.options.context;
  return async (walletId: string, month: string): Promise<void> => {
    const base = config.services[CASH_SERVICE] ?? '/api/cash-operations';
    const token = await auth.getAccessToken();
    let response: Response;
    try {
      response = await fetch(
        `${base}/wallets/${encodeURIComponent(walletId)}/statements/${month}?format=csv`,
        { headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      );
    } catch (error) {
      throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : 'Network Error');
    }
    if (!response.ok) {
      const payload = (await response.json().catch(() => undefined)) as
        { error?: { code?: string; message?: string } } | undefined;
      throw new ApiError(payload?.error?.code ?? 'INTERNAL', response.status, payload?.error?.message ?? '');
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `tessera-statement-${month}-${walletId}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}
