// Market orders: sweep the book up to the protection price (the pre-trade collar); never rest.
import { describe, expect, it } from 'vitest';
import { createBook, limit, market } from './matching.test-support.ts';

describe('market orders with a protection price', () => {
  it('sweeps levels up to the protection price and cancels the rest as market_unfilled', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2));
    engine.submit(limit(2, 'sell', 104, 2));
    engine.submit(limit(3, 'sell', 106, 2));
    events.take();
    engine.submit(market(4, 'buy', 10, 105));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 4 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 4, priceTicks: 100, quantityLots: 2 },
      { type: 'done', orderId: 1, reason: 'filled' },
      { type: 'fill', makerOrderId: 2, takerOrderId: 4, priceTicks: 104, quantityLots: 2 },
      { type: 'done', orderId: 2, reason: 'filled' },
      { type: 'cancelled', orderId: 4, quantityLots: 6, reason: 'market_unfilled' },
      { type: 'done', orderId: 4, reason: 'cancelled' },
    ]);
    expect(engine.bestAskTicks()).toBe(106);
    expect(engine.bestBidTicks()).toBe(0);
  });

  it('sells down to the protection price, never below', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'buy', 100, 1));
    engine.submit(limit(2, 'buy', 95, 1));
    events.take();
    engine.submit(market(3, 'sell', 2, 96));
    const fills = events.take().filter((event) => event.type === 'fill');
    expect(fills).toEqual([
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, priceTicks: 100, quantityLots: 1 },
    ]);
    expect(engine.bestBidTicks()).toBe(95);
  });

  it('is accepted and cancelled whole on an empty book, and never rests', () => {
    const { engine, events } = createBook();
    engine.submit(market(1, 'buy', 3, 200));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 1 },
      { type: 'cancelled', orderId: 1, quantityLots: 3, reason: 'market_unfilled' },
      { type: 'done', orderId: 1, reason: 'cancelled' },
    ]);
    expect(engine.restingOrderCount()).toBe(0);
  });

  it('rejects a missing or out-of-range protection price as invalid_price', () => {
    const { engine, events } = createBook({ ordersMax: 10, priceTicksMax: 1000, quantityLotsMax: 10 });
    engine.submit(market(1, 'buy', 1, 0));
    engine.submit(market(2, 'buy', 1, 1001));
    expect(events.take()).toEqual([
      { type: 'rejected', orderId: 1, reason: 'invalid_price' },
      { type: 'rejected', orderId: 2, reason: 'invalid_price' },
    ]);
  });
});
