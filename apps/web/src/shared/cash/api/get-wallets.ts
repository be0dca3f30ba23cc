import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { WalletListResponse } from '@tessera/contracts';
import {
  CASH_STALE_TIME_MS,
  cashKeys,
  retryUnlessClientError,
  useCashCall,
  type CashCall,
} from './cash-request.ts';

/** GET /wallets: the caller's wallets. */
export function getWallets(call: CashCall, signal?: AbortSignal) {
  return call<WalletListResponse>('/wallets', { signal }).then((page) => page.items);
}

/**
 * The caller's wallets, fetched again whenever a page that relies on them mounts: the query cache is persisted
 * (spec section 9), so a list restored after a reload may predate a wallet created a moment ago.
 */
export function walletsQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: cashKeys.wallets(),
    queryFn: ({ signal }) => getWallets(call, signal),
    staleTime: CASH_STALE_TIME_MS,
    refetchOnMount: 'always',
    retry: retryUnlessClientError,
  });
}

/** The wallets a route's loader has put in the cache. */
export function useWallets() {
  return useSuspenseQuery(walletsQueryOptions(useCashCall()));
}
