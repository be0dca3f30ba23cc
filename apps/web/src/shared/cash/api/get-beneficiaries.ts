import { queryOptions } from '@tanstack/react-query';
import type { BeneficiaryListResponse } from '@tessera/contracts';
import { retryUnlessClientError, type CashCall } from './cash-request.ts';
import { railsKeys } from './rails-request.ts';

/** GET /beneficiaries: the accounts the customer withdraws to. */
export function beneficiariesQueryOptions(call: CashCall) {
  return queryOptions({
    queryKey: railsKeys.beneficiaries(),
    queryFn: ({ signal }) =>
      call<BeneficiaryListResponse>('/beneficiaries', { signal }).then((page) => page.items),
    retry: retryUnlessClientError,
  });
}
