/**
 * Live market data for the trading and market pages, on the tab's shared market-data stream
 * (apps/web/src/lib/market-stream.ts: one websocket, reference-counted subscriptions, a snapshot on every
 * subscribe, reconnection and resubscription). Components that accumulate (trades, candles, the book) take every
 * event through {@link useMarketSubscription}; a quote is read with {@link useLiveQuote}.
 */
import { useEffect, useRef, useState } from 'react';
import type { MarketChannel, MarketChannelData, ProductId, Quote } from '@tessera/contracts';
import { marketStream } from './market-stream.ts';

/** A snapshot or an update of one channel of one product. */
export interface MarketMessage<C extends MarketChannel> {
  readonly kind: 'snapshot' | 'update';
  readonly data: MarketChannelData[C];
}

/**
 * Calls `onMessage` with the snapshot and every update of `channel` for `productId` while mounted (nothing when
 * `productId` is null). The callback may change between renders without resubscribing.
 */
export function useMarketSubscription<C extends MarketChannel>(
  channel: C,
  productId: ProductId | null,
  onMessage: (message: MarketMessage<C>) => void,
): void {
  const callback = useRef(onMessage);
  useEffect(() => {
    callback.current = onMessage;
  });
  useEffect(() => {
    if (productId === null || typeof WebSocket === 'undefined') {
      return undefined;
    }
    return marketStream().subscribe(channel, productId, (event) => callback.current(event));
  }, [channel, productId]);
}

/** The latest quote of a product, live (undefined until the snapshot arrives). */
export function useLiveQuote(productId: ProductId | null): Quote | undefined {
  const [quote, setQuote] = useState<Quote | undefined>(undefined);
  useMarketSubscription('quotes', productId, (message) => {
    setQuote((current) =>
      current !== undefined && current.productId === message.data.productId && current.seq > message.data.seq
        ? current
        : message.data,
    );
  });
  // A quote of the previous product is never shown for this one.
  return quote?.productId === productId ? quote : undefined;
}
