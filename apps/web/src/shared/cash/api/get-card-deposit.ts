import { queryOptions } from '@tanstack/react-query';
import type { CardDeposit } from '@tessera/contracts';
import { retryUnlessClientError, type CashCall } from './cash-request.ts';
import { railsKeys } from './rails-request.ts';

/** GET /card/deposits/:id: a card deposit and where it stands. */
export function cardDepositQueryOptions(call: CashCall, depositId: string) {
  return queryOptions({
    queryKey: railsKeys.cardDeposit(depositId),
    queryFn: ({ signal }) => call<CardDeposit>(`/card/deposits/${encodeURIComponent(depositId)}`, { signal }),
    retry: retryUnlessClientError,
  });
}
