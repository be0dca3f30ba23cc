/**
 * The trading service's caller from the router context (one per API client), and the hook that folds an order
 * the service answered into the cached lists. The calls are one file per endpoint beside this one; every key
 * starts with `trading`, so the trading websocket (../hooks/use-trading-stream.ts) and the detached windows
 * (../lib/trading-sync.ts) can refresh what an event touches.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { Order } from '@tessera/contracts';
import { applyOrder, tradingCaller, type TradingCall } from '#/shared/trading/trading-cache.ts';

/** The trading service's caller from the router context. */
export function useTradingCall(): TradingCall {
  const router = useRouter();
  return tradingCaller(router.options.context.api);
}

/** Folds an order the service answered into the cached open orders and history. */
export function useApplyOrder() {
  const queryClient = useQueryClient();
  return (order: Order) => applyOrder(queryClient, order);
}
