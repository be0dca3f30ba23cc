import type { Watchlist } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** PATCH /watchlists/:id: its products. */
export function updateWatchlist(call: TradingCall, watchlistId: string, productIds: string[]) {
  return call<Watchlist>(`/watchlists/${encodeURIComponent(watchlistId)}`, {
    method: 'PATCH',
    body: { productIds },
  });
}
