import { queryOptions } from '@tanstack/react-query';
import type { StatementMonthList } from '@tessera/contracts';
import { cashKeys, retryUnlessClientError, type CashCall } from '#/shared/cash/api/cash-request.ts';

/** GET /wallets/{id}/statements: the months a wallet has a statement for. */
export function getStatementMonths(call: CashCall, walletId: string, signal?: AbortSignal) {
  return call<StatementMonthList>(`/wallets/${encodeURIComponent(walletId)}/statements`, { signal });
}

export function statementMonthsQueryOptions(call: CashCall, walletId: string) {
  return queryOptions({
    queryKey: cashKeys.statementMonths(walletId),
    queryFn: ({ signal }) => getStatementMonths(call, walletId, signal),
    retry: retryUnlessClientError,
  });
}
