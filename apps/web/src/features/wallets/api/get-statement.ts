import { queryOptions } from '@tanstack/react-query';
import type { Statement } from '@tessera/contracts';
import { cashKeys, retryUnlessClientError, type CashCall } from '#/shared/cash/api/cash-request.ts';

/** GET /wallets/{id}/statements/{month}: one month's statement. */
export function getStatement(call: CashCall, walletId: string, month: string, signal?: AbortSignal) {
  return call<Statement>(`/wallets/${encodeURIComponent(walletId)}/statements/${month}`, { signal });
}

export function statementQueryOptions(call: CashCall, walletId: string, month: string) {
  return queryOptions({
    queryKey: cashKeys.statement(walletId, month),
    queryFn: ({ signal }) => getStatement(call, walletId, month, signal),
    retry: retryUnlessClientError,
  });
}
