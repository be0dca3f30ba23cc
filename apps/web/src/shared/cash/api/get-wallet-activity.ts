import type { ActivityPage, ActivityQuery } from '@tessera/contracts';
import type { ActivityFilters, CashCall } from './cash-request.ts';

/** Items per page of a wallet's activity. */
const ACTIVITY_PAGE_SIZE = 20;

function activityPath(walletId: string, filters: ActivityFilters, cursor: string | null): string {
  const query: Record<string, string> = {};
  const parameters: ActivityQuery = { ...filters, limit: ACTIVITY_PAGE_SIZE } as ActivityQuery;
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== '') {
      query[key] = String(value);
    }
  }
  if (cursor) {
    query['cursor'] = cursor;
  }
  return `/wallets/${encodeURIComponent(walletId)}/activity?${new URLSearchParams(query).toString()}`;
}

/** GET /wallets/{id}/activity: one page of a wallet's activity, newest first (read page by page). */
export function getActivityPage(
  call: CashCall,
  walletId: string,
  filters: ActivityFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return call<ActivityPage>(activityPath(walletId, filters, cursor), { signal });
}
