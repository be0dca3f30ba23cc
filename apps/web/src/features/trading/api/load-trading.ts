/**
 * The trading pages' loader. It fills TanStack Query's cache with the product's instrument and the customer's
 * trading preferences (the page reads them with the same query options) and starts the order lists, positions,
 * watchlists and alerts without waiting for them. Every panel shows its own failure, and the page stays usable
 * without the instrument (it says it could not be read), so a failed read never fails the route.
 */
import type { ProductId } from '@tessera/contracts';
import type { RouterContext } from '#/router.tsx';
import { instrumentQueryOptions } from '#/shared/markets/api/get-instrument.ts';
import { marketCalls } from '#/shared/markets/api/markets-request.ts';
import { tradingPreferencesQueryOptions } from '#/shared/trading/api/trading-preferences-api.ts';
import { positionsQueryOptions, tradingCaller } from '#/shared/trading/trading-cache.ts';
import { alertsQueryOptions } from './get-alerts.ts';
import { openOrdersQueryOptions } from './get-open-orders.ts';
import { watchlistsQueryOptions } from './get-watchlists.ts';

export async function loadTrading({ queryClient, api }: RouterContext, product: ProductId): Promise<void> {
  const call = tradingCaller(api);
  void queryClient.prefetchQuery(openOrdersQueryOptions(call));
  void queryClient.prefetchQuery(positionsQueryOptions(call));
  void queryClient.prefetchQuery(watchlistsQueryOptions(call));
  void queryClient.prefetchQuery(alertsQueryOptions(call));
  await Promise.all(
    [
      queryClient.ensureQueryData(instrumentQueryOptions(marketCalls(api).info, product)),
      queryClient.ensureQueryData(tradingPreferencesQueryOptions(api)),
    ].map((load) => load.catch(() => undefined)),
  );
}

/** A detached panel's loader: the instrument only. */
export async function loadDetachedPanel(
  { queryClient, api }: RouterContext,
  product: ProductId,
): Promise<void> {
  await queryClient
    .ensureQueryData(instrumentQueryOptions(marketCalls(api).info, product))
    .catch(() => undefined);
}
