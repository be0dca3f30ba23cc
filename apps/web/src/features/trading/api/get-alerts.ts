import { queryOptions } from '@tanstack/react-query';
import type { PriceAlert } from '@tessera/contracts';
import {
  mergeAlertLists,
  sortAlerts,
  tradingKeys,
  type TradingCall,
} from '#/shared/trading/trading-cache.ts';

/** The customer's price alerts, active first then the latest triggered (GET /alerts). */
export function alertsQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.alerts(),
    queryFn: ({ signal }) =>
      call<{ items: PriceAlert[] }>('/alerts', { signal }).then((answer) => sortAlerts(answer.items)),
    // A refetch that left before a trigger must not take it back (see mergeAlertLists).
    structuralSharing: (previous: unknown, fetched: unknown) =>
      mergeAlertLists(previous as PriceAlert[] | undefined, fetched as PriceAlert[]),
    staleTime: 30_000,
  });
}
