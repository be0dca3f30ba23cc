import type { Order } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** POST /orders/:id/cancel. */
export function cancelOrder(call: TradingCall, orderId: string) {
  return call<Order>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: {} });
}
