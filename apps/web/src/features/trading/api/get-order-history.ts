import { queryOptions } from '@tanstack/react-query';
import type { OrdersPage } from '@tessera/contracts';
import { tradingKeys, type TradingCall } from '#/shared/trading/trading-cache.ts';

/** The latest finished orders with their fills (GET /orders?status=closed). */
export function orderHistoryQueryOptions(call: TradingCall) {
  return queryOptions({
    queryKey: tradingKeys.history(),
    queryFn: ({ signal }) =>
      call<OrdersPage>('/orders?status=closed&limit=50', { signal }).then((page) => page.items),
    staleTime: 5_000,
  });
}
