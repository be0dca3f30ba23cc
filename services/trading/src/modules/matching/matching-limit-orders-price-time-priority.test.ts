// Limit orders: the best price trades first, then the oldest order at that price, at the maker's price.
import { describe, expect, it } from 'vitest';
import { createBook, limit } from './matching.test-support.ts';

describe('limit orders with price-time priority', () => {
  it('rests a limit order that does not cross, and reports it accepted without done', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'buy', 100, 5));
    expect(events.take()).toEqual([{ type: 'accepted', orderId: 1 }]);
    expect(engine.bestBidTicks()).toBe(100);
    expect(engine.restingOrder(1)).toEqual({
      orderId: 1,
      accountId: 'account-1',
      side: 'buy',
      priceTicks: 100,
      quantityLots: 5,
    });
  });

  it('fills the oldest order at a price first (time priority)', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 101, 3));
    engine.submit(limit(2, 'sell', 101, 3));
    events.take();
    engine.submit(limit(3, 'buy', 101, 4));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 3 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, priceTicks: 101, quantityLots: 3 },
      { type: 'done', orderId: 1, reason: 'filled' },
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, priceTicks: 101, quantityLots: 1 },
      { type: 'done', orderId: 3, reason: 'filled' },
    ]);
    expect(engine.restingOrder(2)?.quantityLots).toBe(2);
  });

  it('fills the best price first, at the maker price, even when the taker would pay more', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 103, 2));
    engine.submit(limit(2, 'sell', 101, 2));
    engine.submit(limit(3, 'sell', 102, 2));
    events.take();
    engine.submit(limit(4, 'buy', 105, 5));
    const fills = events.take().filter((event) => event.type === 'fill');
    expect(fills).toEqual([
      { type: 'fill', makerOrderId: 2, takerOrderId: 4, priceTicks: 101, quantityLots: 2 },
      { type: 'fill', makerOrderId: 3, takerOrderId: 4, priceTicks: 102, quantityLots: 2 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 4, priceTicks: 103, quantityLots: 1 },
    ]);
    expect(engine.lastTradePriceTicks()).toBe(103);
  });

  it('rests the remainder of a partly filled buy at its own limit, and the book is not crossed', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2));
    engine.submit(limit(2, 'sell', 104, 2));
    events.take();
    engine.submit(limit(3, 'buy', 102, 5));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 3 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, priceTicks: 100, quantityLots: 2 },
      { type: 'done', orderId: 1, reason: 'filled' },
    ]);
    expect(engine.bestBidTicks()).toBe(102);
    expect(engine.bestAskTicks()).toBe(104);
    expect(engine.depth('buy', 10)).toEqual([{ priceTicks: 102, quantityLots: 3, orderCount: 1 }]);
    engine.checkInvariants();
  });

  it('does not trade a sell above the best bid', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'buy', 99, 2));
    events.take();
    engine.submit(limit(2, 'sell', 100, 2));
    expect(events.take()).toEqual([{ type: 'accepted', orderId: 2 }]);
    expect(engine.depth('sell', 5)).toEqual([{ priceTicks: 100, quantityLots: 2, orderCount: 1 }]);
  });

  it('reports depth best first with totals and counts per level', () => {
    const { engine } = createBook();
    engine.submit(limit(1, 'buy', 98, 1));
    engine.submit(limit(2, 'buy', 99, 2));
    engine.submit(limit(3, 'buy', 99, 3));
    engine.submit(limit(4, 'buy', 97, 4));
    expect(engine.depth('buy', 2)).toEqual([
      { priceTicks: 99, quantityLots: 5, orderCount: 2 },
      { priceTicks: 98, quantityLots: 1, orderCount: 1 },
    ]);
    expect(engine.restingOrders('buy').map((order) => order.orderId)).toEqual([2, 3, 1, 4]);
  });
});
