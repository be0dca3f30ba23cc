/**
 * Keeps the trading page and its detached windows (/dashboard/trading/detached/) in step through a
 * BroadcastChannel: a product chosen in any window is shown in all of them, a watchlist changed in one window is
 * the same list in the others (the detached watchlist follows the main window), and an order placed in one window
 * reaches the others at once (the trading websocket brings it too; whichever comes first wins, the cache keeps
 * one copy). Messages carry the sender's window id so a window never acts on its own echo.
 */
import { useEffect, useRef } from 'react';
import { isProductId, watchlistSchema, type Order, type ProductId, type Watchlist } from '@tessera/contracts';

export const TRADING_SYNC_CHANNEL = 'tessera-trading';

export type TradingSyncMessage =
  | { type: 'product'; product: ProductId; from: string }
  | { type: 'order'; order: Order; from: string }
  | { type: 'watchlist'; watchlist: Watchlist; from: string };

/** This window's id (one per page load). */
export const WINDOW_ID = typeof crypto !== 'undefined' ? crypto.randomUUID() : 'server';

/** Validates what arrives on the channel (another tab of the same origin, but still untrusted input). */
export function parseSyncMessage(data: unknown): TradingSyncMessage | null {
  if (typeof data !== 'object' || data === null) {
    return null;
  }
  const message = data as Record<string, unknown>;
  if (typeof message['from'] !== 'string' || message['from'] === WINDOW_ID) {
    return null;
  }
  if (message['type'] === 'product' && isProductId(message['product'])) {
    return { type: 'product', product: message['product'], from: message['from'] };
  }
  if (message['type'] === 'watchlist') {
    const watchlist = watchlistSchema.safeParse(message['watchlist']);
    return watchlist.success ? { type: 'watchlist', watchlist: watchlist.data, from: message['from'] } : null;
  }
  const order = message['order'] as Partial<Order> | undefined;
  if (message['type'] === 'order' && typeof order?.id === 'string' && isProductId(order.productId)) {
    return { type: 'order', order: order as Order, from: message['from'] };
  }
  return null;
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TRADING_SYNC_CHANNEL);
}

/** Tells the other trading windows about a product or an order. */
export function broadcast(
  message:
    | { type: 'product'; product: ProductId }
    | { type: 'order'; order: Order }
    | { type: 'watchlist'; watchlist: Watchlist },
): void {
  const channel = openChannel();
  channel?.postMessage({ ...message, from: WINDOW_ID });
  channel?.close();
}

/** Listens to the other trading windows while mounted. */
export function useTradingSync(handlers: {
  onProduct?: (product: ProductId) => void;
  onOrder?: (order: Order) => void;
  onWatchlist?: (watchlist: Watchlist) => void;
}): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const channel = openChannel();
    if (channel === null) {
      return undefined;
    }
    channel.onmessage = (event: MessageEvent) => {
      const message = parseSyncMessage(event.data);
      if (message?.type === 'product') {
        current.current.onProduct?.(message.product);
      } else if (message?.type === 'order') {
        current.current.onOrder?.(message.order);
      } else if (message?.type === 'watchlist') {
        current.current.onWatchlist?.(message.watchlist);
      }
    };
    return () => channel.close();
  }, []);
}
