/**
 * Calls to the trading service (packages/contracts/src/trading.ts, under /api/trading): orders with preview,
 * cancel and replace, positions and watchlists. Every key starts with `trading`, so the trading websocket
 * (use-trading-stream.ts) and the detached windows (trading-sync.ts) can refresh what an event touches.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  Order,
  OrderPreview,
  OrdersPage,
  PlaceOrderRequest,
  PriceAlert,
  AlertCondition,
  PreviewOrderRequest,
  ReplaceOrderRequest,
  Watchlist,
} from '@tessera/contracts';

export {
  applyAlert,
  applyOrder,
  applyPosition,
  isOpenOrder,
  positionsQueryOptions,
  sortAlerts,
  TRADING_SERVICE,
  type TradingCall,
  tradingKeys,
} from '#/shared/trading/trading-cache.ts';
import {
  tradingCaller,
  applyOrder,
  mergeAlertLists,
  sortAlerts,
  type TradingCall,
  tradingKeys,
} from '#/shared/trading/trading-cache.ts';

/** The trading service's caller from the router context. */
export function useTradingCall(): TradingCall {
  const router = useRouter();
  return tradingCaller(router.options.context.api);
}

/** The customer's working orders, newest first (GET /orders?status=open). */
export function openOrdersQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.openOrders(),
    queryFn: ({ signal }) =>
      call<OrdersPage>('/orders?status=open&limit=100', { signal }).then((page) => page.items),
    staleTime: 5_000,
    refetchOnMount: 'always',
  });
}

/** The latest finished orders with their fills (GET /orders?status=closed). */
export function orderHistoryQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.history(),
    queryFn: ({ signal }) =>
      call<OrdersPage>('/orders?status=closed&limit=50', { signal }).then((page) => page.items),
    staleTime: 5_000,
  });
}

export function watchlistsQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.watchlists(),
    queryFn: ({ signal }) =>
      call<{ items: Watchlist[] }>('/watchlists', { signal }).then((answer) => answer.items),
    staleTime: 30_000,
  });
}

/** The customer's price alerts, active first then the latest triggered (GET /alerts). */
export function alertsQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.alerts(),
    queryFn: ({ signal }) =>
      call<{ items: PriceAlert[] }>('/alerts', { signal }).then((answer) => sortAlerts(answer.items)),
    // A refetch that left before a trigger must not take it back (see mergeAlertLists).
    structuralSharing: (previous: unknown, fetched: unknown) =>
      mergeAlertLists(previous as PriceAlert[] | undefined, fetched as PriceAlert[]),
    staleTime: 30_000,
  });
}

export function createAlert(
  call: TradingCall,
  body: { productId: string; condition: AlertCondition; price: string },
) {
  return call<PriceAlert>('/alerts', { method: 'POST', body });
}

export function deleteAlert(call: TradingCall, alertId: string) {
  return call<PriceAlert>(`/alerts/${encodeURIComponent(alertId)}`, { method: 'DELETE' });
}

export function previewOrder(call: TradingCall, body: PreviewOrderRequest, signal?: AbortSignal) {
  return call<OrderPreview>('/orders/preview', { method: 'POST', body, signal });
}

export function placeOrder(call: TradingCall, body: PlaceOrderRequest) {
  return call<Order>('/orders', { method: 'POST', body, idempotencyKey: body.clientOrderId });
}

export function cancelOrder(call: TradingCall, orderId: string) {
  return call<Order>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: {} });
}

export function replaceOrder(call: TradingCall, orderId: string, body: ReplaceOrderRequest) {
  return call<Order>(`/orders/${encodeURIComponent(orderId)}/replace`, { method: 'POST', body });
}

export function createWatchlist(call: TradingCall, name: string, productIds: string[]) {
  return call<Watchlist>('/watchlists', { method: 'POST', body: { name, productIds } });
}

export function updateWatchlist(call: TradingCall, watchlistId: string, productIds: string[]) {
  return call<Watchlist>(`/watchlists/${encodeURIComponent(watchlistId)}`, {
    method: 'PATCH',
    body: { productIds },
  });
}

export function useApplyOrder() {
  const queryClient = useQueryClient();
  return (order: Order) => applyOrder(queryClient, order);
}
