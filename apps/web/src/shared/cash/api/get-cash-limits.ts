import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type CashLimits, WALLET_CREATE_KYC_LEVEL } from '@tessera/contracts';
import {
  CASH_STALE_TIME_MS,
  cashKeys,
  retryUnlessClientError,
  useCashCall,
  type CashCall,
} from './cash-request.ts';

/** GET /limits: the KYC level and what remains of each limit. */
export function getCashLimits(call: CashCall, signal?: AbortSignal): Promise<CashLimits> {
  return call<CashLimits>('/limits', { signal });
}

export function limitsQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: cashKeys.limits(),
    queryFn: ({ signal }) => getCashLimits(call, signal),
    staleTime: CASH_STALE_TIME_MS,
    retry: retryUnlessClientError,
  });
}

/** The limits a route's loader has put in the cache. */
export function useCashLimits() {
  return useSuspenseQuery(limitsQueryOptions(useCashCall()));
}

/**
 * Whether the customer's level allows opening a wallet (level 1, a verified phone). While the limits load, or when
 * they cannot be read, the answer is yes: the service still refuses, and a customer is never told to verify for
 * nothing.
 */
export function useMayOpenWallets(): boolean {
  const limits = useQuery(limitsQueryOptions(useCashCall()));
  return !limits.data || limits.data.kycLevel >= WALLET_CREATE_KYC_LEVEL;
}
