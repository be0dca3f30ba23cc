import type { Order, PlaceOrderRequest } from '@tessera/contracts';
import type { TradingCall } from '#/shared/trading/trading-cache.ts';

/** POST /orders, idempotent on the order's client id. */
export function placeOrder(call: TradingCall, body: PlaceOrderRequest) {
  return call<Order>('/orders', { method: 'POST', body, idempotencyKey: body.clientOrderId });
}
