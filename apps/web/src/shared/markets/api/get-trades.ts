import type { ProductId, TradesResponse } from '@tessera/contracts';
import type { ServiceCall } from './markets-request.ts';

/** GET /trades/:productId: the product's latest trades. */
export function getTrades(call: ServiceCall, productId: ProductId, limit: number, signal?: AbortSignal) {
  return call<TradesResponse>(`/trades/${encodeURIComponent(productId)}?limit=${limit}`, { signal }).then(
    (answer) => answer.items,
  );
}
