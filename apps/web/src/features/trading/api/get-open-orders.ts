import { queryOptions } from '@tanstack/react-query';
import type { OrdersPage } from '@tessera/contracts';
import { tradingKeys, type TradingCall } from '#/shared/trading/trading-cache.ts';

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
