/**
 * The investments service's calls (services/investments, docs/api.md "Investments"): the fund lists, a fund's page,
 * creating and editing a fund, invest and redeem with their previews, operations and holdings. Every query key
 * starts with `funds`, so a money movement refreshes everything it touches.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  CreateFundRequest,
  FundDetail,
  FundHolding,
  FundOperation,
  FundSummary,
  InvestPreview,
  RedeemPreview,
  UpdateFundRequest,
  UpdateFundResponse,
} from '@tessera/contracts';
import type { ApiClient, ApiRequest } from '../../../lib/api.ts';
import { retryUnlessClientError } from '../../../shared/cash/api/cash-request.ts';

export const INVESTMENTS_SERVICE = 'investments';

export type FundsCall = <T>(path: string, request?: ApiRequest) => Promise<T>;
export type FundScope = 'curated' | 'community' | 'mine';

export function fundsCaller(api: ApiClient): FundsCall {
  return (path, request) => api(INVESTMENTS_SERVICE, path, request);
}

/** The investments service's caller from the router context. */
export function useFundsCall(): FundsCall {
  const router = useRouter();
  return fundsCaller(router.options.context.api);
}

export const fundsKeys = {
  all: ['funds'] as const,
  list: (scope: FundScope) => ['funds', 'list', scope] as const,
  fund: (id: string) => ['funds', 'fund', id] as const,
  holdings: () => ['funds', 'holdings'] as const,
};

const fundPath = (id: string) => `/funds/${encodeURIComponent(id)}`;

export function fundListQueryOptions(call: FundsCall, scope: FundScope) {
  return queryOptions({
    queryKey: fundsKeys.list(scope),
    queryFn: ({ signal }) =>
      call<{ items: FundSummary[] }>(`/funds?scope=${scope}`, { signal }).then((answer) => answer.items),
    staleTime: 10_000,
    retry: retryUnlessClientError,
  });
}

export function fundQueryOptions(call: FundsCall, id: string) {
  return queryOptions({
    queryKey: fundsKeys.fund(id),
    queryFn: ({ signal }) => call<FundDetail>(fundPath(id), { signal }),
    staleTime: 5_000,
    // An unknown fund stays unknown: its page says so at once instead of after three retries.
    retry: retryUnlessClientError,
  });
}

export function holdingsQueryOptions(call: FundsCall) {
  return queryOptions({
    queryKey: fundsKeys.holdings(),
    queryFn: ({ signal }) =>
      call<{ items: FundHolding[] }>('/holdings', { signal }).then((answer) => answer.items),
    staleTime: 5_000,
    refetchOnMount: 'always',
    retry: retryUnlessClientError,
  });
}

export function useFund(id: string) {
  return useQuery(fundQueryOptions(useFundsCall(), id));
}

export function createFund(call: FundsCall, body: CreateFundRequest) {
  return call<FundDetail>('/funds', { method: 'POST', body });
}

export function updateFund(call: FundsCall, id: string, body: UpdateFundRequest) {
  return call<UpdateFundResponse>(fundPath(id), { method: 'PATCH', body });
}

export function previewInvest(call: FundsCall, id: string, amount: string) {
  return call<InvestPreview>(`${fundPath(id)}/invest/preview`, { method: 'POST', body: { amount } });
}

export function invest(call: FundsCall, id: string, amount: string, idempotencyKey: string) {
  return call<FundOperation>(`${fundPath(id)}/invest`, { method: 'POST', body: { amount }, idempotencyKey });
}

export function previewRedeem(call: FundsCall, id: string, units: string) {
  return call<RedeemPreview>(`${fundPath(id)}/redeem/preview`, { method: 'POST', body: { units } });
}

export function redeem(call: FundsCall, id: string, units: string, idempotencyKey: string) {
  return call<FundOperation>(`${fundPath(id)}/redeem`, { method: 'POST', body: { units }, idempotencyKey });
}

/** A fresh idempotency key for one confirmed operation (the schema's 8 to 64 of A-Z, a-z, 0-9, - and _). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
