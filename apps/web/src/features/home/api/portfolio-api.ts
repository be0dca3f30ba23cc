/**
 * The home page's portfolio value history (GET /api/time-series/portfolio, packages/contracts/src/time-series.ts):
 * the signed-in customer's own, in their reference currency. Refreshed every minute while the page is open and
 * when the range changes.
 */
import { queryOptions } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { PortfolioHistoryResponse, PortfolioRange } from '@tessera/contracts';
import { TIME_SERIES_SERVICE } from '#/shared/markets/api/markets-api.ts';

export type SeriesCall = <T>(path: string, request?: { signal?: AbortSignal }) => Promise<T>;

export function useSeriesCall(): SeriesCall {
  const router = useRouter();
  const { api } = router.options.context;
  return (path, request) => api(TIME_SERIES_SERVICE, path, request);
}

export const portfolioKeys = {
  all: ['portfolio'] as const,
  history: (range: PortfolioRange) => ['portfolio', 'history', range] as const,
};

export function portfolioHistoryQueryOptions(call: SeriesCall, range: PortfolioRange) {
  return queryOptions({
    queryKey: portfolioKeys.history(range),
    queryFn: ({ signal }) =>
      call<PortfolioHistoryResponse>(`/portfolio?range=${encodeURIComponent(range)}`, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
