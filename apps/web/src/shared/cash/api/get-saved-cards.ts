import { queryOptions } from '@tanstack/react-query';
import type { SavedCardListResponse } from '@tessera/contracts';
import { retryUnlessClientError, type CashCall } from './cash-request.ts';
import { railsKeys } from './rails-request.ts';

/** GET /cards: the customer's saved cards. */
export function savedCardsQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: railsKeys.cards(),
    queryFn: ({ signal }) => call<SavedCardListResponse>('/cards', { signal }).then((page) => page.items),
    retry: retryUnlessClientError,
  });
}
