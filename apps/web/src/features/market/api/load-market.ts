import type { RouterContext } from '#/router.tsx';
import { marketCalls } from '#/shared/markets/api/markets-request.ts';
import { overviewQueryOptions } from './get-market-overview.ts';

/**
 * /dashboard/market/'s loader: the overview, read by the page with the same query options. The page shows its own
 * failure (the search and an instrument's details still work), so a failed read does not fail the route.
 */
export async function loadMarket({ queryClient, api }: RouterContext): Promise<void> {
  await queryClient.ensureQueryData(overviewQueryOptions(marketCalls(api).data)).catch(() => undefined);
}
