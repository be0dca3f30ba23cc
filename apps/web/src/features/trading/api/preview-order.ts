import type { OrderPreview, PreviewOrderRequest } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** POST /orders/preview: what an order would cost, without placing it. */
export function previewOrder(call: TradingCall, body: PreviewOrderRequest, signal?: AbortSignal) {
  return call<OrderPreview>('/orders/preview', { method: 'POST', body, signal });
}
