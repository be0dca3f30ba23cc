import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { CashSummary } from '@tessera/contracts';
import {
  CASH_STALE_TIME_MS,
  cashKeys,
  retryUnlessClientError,
  useCashCall,
  type CashCall,
} from './cash-request.ts';

/** GET /summary: the total in the reference currency, the rates used and the recent activity. */
export function getCashSummary(call: CashCall, signal?: AbortSignal): Promise<CashSummary> {
  return call<CashSummary>('/summary', { signal });
}

export function summaryQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: cashKeys.summary(),
    queryFn: ({ signal }) => getCashSummary(call, signal),
    staleTime: CASH_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

/** The summary a route's loader has put in the cache. */
export function useCashSummary() {
  return useSuspenseQuery(summaryQueryOptions(useCashCall()));
}
