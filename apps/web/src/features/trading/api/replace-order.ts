import type { Order, ReplaceOrderRequest } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** POST /orders/:id/replace: a new limit price or quantity. */
export function replaceOrder(call: TradingCall, orderId: string, body: ReplaceOrderRequest) {
  return call<Order>(`/orders/${encodeURIComponent(orderId)}/replace`, { method: 'POST', body });
}
