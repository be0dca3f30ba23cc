/**
 * The home page's portfolio value history (GET /api/time-series/portfolio, packages/contracts/src/time-series.ts):
 * the signed-in customer's own, in their reference currency. Refreshed every minute while the page is open and
 * when the range changes.
 */
import { queryOptions } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { PORTFOLIO_RANGES, type PortfolioHistoryResponse, type PortfolioRange } from '@tessera/contracts';
import { marketCalls } from '#/shared/markets/api/markets-request.ts';
import { PORTFOLIO_QUERY_KEY } from '#/shared/cash/live-updates.ts';

export type SeriesCall = <T>(path: string, request?: { signal?: AbortSignal }) => Promise<T>;

/** The time-series service's caller from the router context (the same function on every render). */
export function useSeriesCall(): SeriesCall {
  const router = useRouter();
  return marketCalls(router.options.context.api).series;
}

const RANGE_STORAGE_KEY = 'tessera.home.portfolioRange';

/** The range the customer chose last on this device, else one month. */
export function storedPortfolioRange(): PortfolioRange {
  try {
    const value = localStorage.getItem(RANGE_STORAGE_KEY);
    return (PORTFOLIO_RANGES as readonly string[]).includes(value ?? '') ? (value as PortfolioRange) : '1M';
  } catch {
    return '1M';
  }
}

/** Remembers the chosen range on this device. */
export function storePortfolioRange(range: PortfolioRange): void {
  try {
    localStorage.setItem(RANGE_STORAGE_KEY, range);
  } catch {
    // Not remembered without storage.
  }
}

export const portfolioKeys = {
  // The cash live updates refetch everything under it (shared/cash/live-updates.ts, PORTFOLIO_QUERY_KEY).
  all: PORTFOLIO_QUERY_KEY,
  history: (range: PortfolioRange) => [...PORTFOLIO_QUERY_KEY, 'history', range] as const,
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
