import { queryOptions } from '@tanstack/react-query';
import type { MarketOverview } from '@tessera/contracts';
import { marketKeys, type ServiceCall } from '#/shared/markets/api/markets-request.ts';

/** The overview of /dashboard/market/ (GET /overview), refreshed every few seconds while shown. */
export function overviewQueryOptions(call: ServiceCall) {
  return queryOptions({
    queryKey: marketKeys.overview(),
    queryFn: ({ signal }) => call<MarketOverview>('/overview?limit=5', { signal }),
    refetchInterval: 5_000,
  });
}
