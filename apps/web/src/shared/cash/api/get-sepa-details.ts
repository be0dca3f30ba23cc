import { queryOptions } from '@tanstack/react-query';
import type { SepaDepositDetails } from '@tessera/contracts';
import { retryUnlessClientError, type CashCall } from './cash-request.ts';
import { railsKeys } from './rails-request.ts';

/** GET /sepa/details: what a payer needs to send euros to the customer's euro current wallet. */
export function sepaDetailsQueryOptions(call: CashCall, walletId: string) {
  return queryOptions({
    queryKey: railsKeys.sepaDetails(walletId),
    queryFn: ({ signal }) =>
      call<SepaDepositDetails | null>('/sepa/details', { signal }).then((details) =>
        // The details are those of the customer's euro current wallet; another wallet shows its own IBAN only.
        details?.walletId === walletId ? details : null,
      ),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}
