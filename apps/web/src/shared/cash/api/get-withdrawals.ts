import type { WithdrawalPage } from '@tessera/contracts';
import type { CashCall } from './cash-request.ts';

/** Withdrawals per page of the settings section's "Past withdrawals". */
export const WITHDRAWALS_PAGE_SIZE = 10;

/** One page of the caller's withdrawals, newest first (GET /withdrawals). */
export function getWithdrawalsPage(call: CashCall, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(WITHDRAWALS_PAGE_SIZE) });
  if (cursor) {
    query.set('cursor', cursor);
  }
  return call<WithdrawalPage>(`/withdrawals?${query.toString()}`, { signal });
}
