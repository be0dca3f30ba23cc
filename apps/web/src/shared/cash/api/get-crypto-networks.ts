import { queryOptions } from '@tanstack/react-query';
import type { CryptoNetworksResponse } from '@tessera/contracts';
import { retryUnlessClientError, type CashCall } from './cash-request.ts';
import { railsKeys } from './rails-request.ts';

/** GET /crypto/networks: the chains deposits arrive on and their confirmations. */
export function cryptoNetworksQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: railsKeys.networks(),
    queryFn: ({ signal }) =>
      call<CryptoNetworksResponse>('/crypto/networks', { signal }).then((page) => page.items),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}
