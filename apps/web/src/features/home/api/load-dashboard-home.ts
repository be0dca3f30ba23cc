/**
 * The home page's loader. It fills TanStack Query's cache with what the page shows first (the total, the wallets
 * and the limits; the components read them with the same query options). Each panel shows its own failure, so a
 * failed read never fails the route. The positions and the portfolio history are left to their panels: both are
 * derived from the trades and snapshots the services record after an order fills, so reading them when the panel
 * mounts, as before, keeps the page from showing a value taken a moment too early (the portfolio journey).
 */
import type { RouterContext } from '#/router.tsx';
import { cashCaller } from '#/shared/cash/api/cash-request.ts';
import { summaryQueryOptions } from '#/shared/cash/api/get-cash-summary.ts';
import { limitsQueryOptions } from '#/shared/cash/api/get-cash-limits.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';

export async function loadDashboardHome({ queryClient, api }: RouterContext): Promise<void> {
  const cash = cashCaller(api);
  await Promise.all(
    [
      queryClient.ensureQueryData(summaryQueryOptions(cash)),
      queryClient.ensureQueryData(walletsQueryOptions(cash)),
      queryClient.ensureQueryData(limitsQueryOptions(cash)),
    ].map((load) => load.catch(() => undefined)),
  );
}
