import type { Watchlist } from '@tessera/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { tradingKeys, type TradingCall } from '#/shared/trading/trading-cache.ts';

/** PATCH /watchlists/:id: its products. */
export function updateWatchlist(call: TradingCall, watchlistId: string, productIds: string[]) {
  return call<Watchlist>(`/watchlists/${encodeURIComponent(watchlistId)}`, {
    method: 'PATCH',
    body: { productIds },
  });
}

/** Puts a saved watchlist into the cache, first (the screen edits the first list), replacing its older copy. */
export function applyWatchlist(queryClient: QueryClient, saved: Watchlist): void {
  queryClient.setQueryData<Watchlist[]>(tradingKeys.watchlists(), (current) => [
    saved,
    ...(current ?? []).filter((item) => item.id !== saved.id),
  ]);
}
