/**
 * Calls to the trading service (packages/contracts/src/trading.ts, under /api/trading): orders with preview,
 * cancel and replace, positions and watchlists. Every key starts with `trading`, so the trading websocket
 * (use-trading-stream.ts) and the detached windows (trading-sync.ts) can refresh what an event touches.
 */
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import {
  FINAL_ORDER_STATUSES,
  type Order,
  type OrderPreview,
  type OrdersPage,
  type PlaceOrderRequest,
  type Position,
  type PositionsResponse,
  type PreviewOrderRequest,
  type ReplaceOrderRequest,
  type Watchlist,
} from '@tessera/contracts';
import type { ApiRequest } from '#/lib/api.ts';

export const TRADING_SERVICE = 'trading';

export type TradingCall = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** The trading service's caller from the router context. */
export function useTradingCall(): TradingCall {
  const router = useRouter();
  const { api } = router.options.context;
  return (path, request) => api(TRADING_SERVICE, path, request);
}

export const tradingKeys = {
  all: ['trading'] as const,
  openOrders: () => ['trading', 'orders', 'open'] as const,
  history: () => ['trading', 'orders', 'history'] as const,
  positions: () => ['trading', 'positions'] as const,
  watchlists: () => ['trading', 'watchlists'] as const,
};

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

export function positionsQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.positions(),
    queryFn: ({ signal }) => call<PositionsResponse>('/positions', { signal }).then((answer) => answer.items),
    staleTime: 5_000,
    refetchOnMount: 'always',
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

/** True while an order can still trade (and be cancelled). */
export function isOpenOrder(order: Order): boolean {
  return !FINAL_ORDER_STATUSES.includes(order.status);
}

/**
 * Folds a changed order into the cached lists: an open order is added or replaced in the open list (newest first),
 * a finished one leaves it and joins the history. Returns nothing; the cache notifies every component.
 */
export function applyOrder(queryClient: QueryClient, order: Order): void {
  const open = isOpenOrder(order);
  queryClient.setQueryData<Order[]>(tradingKeys.openOrders(), (current) => {
    const others = (current ?? []).filter((item) => item.id !== order.id);
    if (!open) {
      return others;
    }
    return [order, ...others].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  });
  if (!open) {
    queryClient.setQueryData<Order[]>(tradingKeys.history(), (current) =>
      current === undefined ? current : [order, ...current.filter((item) => item.id !== order.id)],
    );
  }
}

/** Folds a changed position into the cached list (a position sold to zero leaves it). */
export function applyPosition(queryClient: QueryClient, position: Position): void {
  queryClient.setQueryData<Position[]>(tradingKeys.positions(), (current) => {
    const others = (current ?? []).filter((item) => item.productId !== position.productId);
    const held = /[1-9]/.test(position.quantity);
    return (held ? [...others, position] : others).sort((a, b) => a.productId.localeCompare(b.productId));
  });
}

export function useApplyOrder() {
  const queryClient = useQueryClient();
  return (order: Order) => applyOrder(queryClient, order);
}
