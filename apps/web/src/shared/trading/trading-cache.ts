/**
 * The trading service's cached data shared by the trading page and the home page (features never import each
 * other): the query keys, the positions query, and how websocket messages fold orders, positions and alerts into
 * the cache (trading-stream.ts). Every key starts with `trading`.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  FINAL_ORDER_STATUSES,
  type Order,
  type Position,
  type PositionsResponse,
  type PriceAlert,
} from '@tessera/contracts';
import type { ApiClient, ApiRequest } from '../../lib/api.ts';

export const TRADING_SERVICE = 'trading';

export type TradingCall = <T>(path: string, request?: ApiRequest) => Promise<T>;

const callers = new WeakMap<ApiClient, TradingCall>();

/** The API client bound to the trading service, made once per client (stable across renders and loaders). */
export function tradingCaller(api: ApiClient): TradingCall {
  let call = callers.get(api);
  if (!call) {
    call = (path, request) => api(TRADING_SERVICE, path, request);
    callers.set(api, call);
  }
  return call;
}

export const tradingKeys = {
  all: ['trading'] as const,
  openOrders: () => ['trading', 'orders', 'open'] as const,
  history: () => ['trading', 'orders', 'history'] as const,
  positions: () => ['trading', 'positions'] as const,
  watchlists: () => ['trading', 'watchlists'] as const,
  alerts: () => ['trading', 'alerts'] as const,
  /** Alerts that triggered while this page was open, newest last (not fetched: filled by the websocket). */
  alertNotices: () => ['trading-notices', 'alerts'] as const,
};

export function positionsQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.positions(),
    queryFn: ({ signal }) => call<PositionsResponse>('/positions', { signal }).then((answer) => answer.items),
    staleTime: 5_000,
    refetchOnMount: 'always',
  });
}

/** Active alerts first (by product), then the others newest first. */
export function sortAlerts(alerts: readonly PriceAlert[]): PriceAlert[] {
  const rank = (alert: PriceAlert) => (alert.status === 'active' ? 0 : 1);
  return [...alerts].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 0 ? a.productId.localeCompare(b.productId) : b.createdAt.localeCompare(a.createdAt)),
  );
}

/**
 * The later of two states of one alert. An alert only moves forward (active, then triggered or cancelled), so an
 * answer that still says active never takes back a trigger the websocket already reported: the POST's answer or a
 * refetch that left the server before the trigger can arrive after it.
 */
function laterState(known: PriceAlert | undefined, incoming: PriceAlert): PriceAlert {
  return known !== undefined && known.status !== 'active' && incoming.status === 'active' ? known : incoming;
}

/** A fetched alert list with what the cache already knows to be later (the alerts query's structural sharing). */
export function mergeAlertLists(
  previous: readonly PriceAlert[] | undefined,
  fetched: PriceAlert[],
): PriceAlert[] {
  if (previous === undefined) {
    return fetched;
  }
  const known = new Map(previous.map((alert) => [alert.id, alert]));
  return sortAlerts(fetched.map((alert) => laterState(known.get(alert.id), alert)));
}

/** Folds a created, cancelled or triggered alert into the cached list (a cancelled one leaves it). */
export function applyAlert(queryClient: QueryClient, alert: PriceAlert): void {
  queryClient.setQueryData<PriceAlert[]>(tradingKeys.alerts(), (current) => {
    if (current === undefined) {
      return current;
    }
    const latest = laterState(
      current.find((item) => item.id === alert.id),
      alert,
    );
    const others = current.filter((item) => item.id !== alert.id);
    return sortAlerts(latest.status === 'cancelled' ? others : [...others, latest]);
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
