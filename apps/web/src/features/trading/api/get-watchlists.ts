import { queryOptions } from '@tanstack/react-query';
import type { Watchlist } from '@tessera/contracts';
import { tradingKeys, type TradingCall } from '#/shared/trading/trading-cache.ts';

/** The customer's watchlists (GET /watchlists); the trading page edits the first. */
export function watchlistsQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.watchlists(),
    queryFn: ({ signal }) =>
      call<{ items: Watchlist[] }>('/watchlists', { signal }).then((answer) => answer.items),
    staleTime: 30_000,
  });
}
