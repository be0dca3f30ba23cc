import type { CandleInterval, CandlesResponse, ProductId } from '@tessera/contracts';
import type { ServiceCall } from './markets-request.ts';

/** The latest `limit` candles of an interval, oldest first (GET /api/time-series/candles/:productId). */
export function getCandles(
  call: ServiceCall,
  productId: ProductId,
  interval: CandleInterval,
  limit: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ interval, limit: String(limit) });
  return call<CandlesResponse>(`/candles/${encodeURIComponent(productId)}?${query.toString()}`, { signal });
}
