import type { Watchlist } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** POST /watchlists. */
export function createWatchlist(call: TradingCall, name: string, productIds: string[]) {
  return call<Watchlist>('/watchlists', { method: 'POST', body: { name, productIds } });
}
