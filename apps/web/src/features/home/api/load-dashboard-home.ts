/**
 * The home page's loader. It fills TanStack Query's cache with what the page shows first (the total, the wallets
 * and the limits; the components read them with the same query options) and starts the positions and the
 * portfolio history without waiting for them. Each panel shows its own failure, so a failed read never fails the
 * route.
 */
import type { RouterContext } from '#/router.tsx';
import { cashCaller } from '#/shared/cash/api/cash-request.ts';
import { summaryQueryOptions } from '#/shared/cash/api/get-cash-summary.ts';
import { limitsQueryOptions } from '#/shared/cash/api/get-cash-limits.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { marketCalls } from '#/shared/markets/api/markets-api.ts';
import { positionsQueryOptions, tradingCaller } from '#/shared/trading/trading-cache.ts';
import { portfolioHistoryQueryOptions, storedPortfolioRange } from './portfolio-api.ts';

export async function loadDashboardHome({ queryClient, api }: RouterContext): Promise<void> {
  const cash = cashCaller(api);
  void queryClient.prefetchQuery(positionsQueryOptions(tradingCaller(api)));
  void queryClient.prefetchQuery(
    portfolioHistoryQueryOptions(marketCalls(api).series, storedPortfolioRange()),
  );
  await Promise.all(
    [
      queryClient.ensureQueryData(summaryQueryOptions(cash)),
      queryClient.ensureQueryData(walletsQueryOptions(cash)),
      queryClient.ensureQueryData(limitsQueryOptions(cash)),
    ].map((load) => load.catch(() => undefined)),
  );
}
