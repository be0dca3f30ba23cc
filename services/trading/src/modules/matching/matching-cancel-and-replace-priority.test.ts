// Cancel and replace: a decrease at the same price keeps the order's place; a price change or an increase sends
// it to the back, and a new price that crosses trades first.
import { describe, expect, it } from 'vitest';
import { createBook, limit } from './matching.test-support.ts';

describe('cancel and replace', () => {
  it('cancels a resting order and removes its level when it was alone there', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'buy', 100, 4));
    engine.submit(limit(2, 'buy', 99, 1));
    events.take();
    engine.cancel(1);
    expect(events.take()).toEqual([
      { type: 'cancelled', orderId: 1, quantityLots: 4, reason: 'requested' },
      { type: 'done', orderId: 1, reason: 'cancelled' },
    ]);
    expect(engine.bestBidTicks()).toBe(99);
    engine.checkInvariants();
  });

  it('rejects a cancel of an order that no longer rests as unknown_order', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 1));
    engine.submit(limit(2, 'buy', 100, 1));
    events.take();
    engine.cancel(1);
    engine.cancel(42);
    expect(events.take()).toEqual([
      { type: 'rejected', orderId: 1, reason: 'unknown_order' },
      { type: 'rejected', orderId: 42, reason: 'unknown_order' },
    ]);
  });

  it('keeps priority when the quantity decreases at the same price', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 5));
    engine.submit(limit(2, 'sell', 100, 5));
    engine.replace(1, 100, 2);
    engine.submit(limit(3, 'buy', 100, 3));
    const recorded = events.take();
    expect(recorded).toContainEqual({
      type: 'replaced',
      orderId: 1,
      priceTicks: 100,
      quantityLots: 2,
      priorityKept: true,
    });
    expect(recorded.filter((event) => event.type === 'fill')).toEqual([
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, priceTicks: 100, quantityLots: 2 },
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, priceTicks: 100, quantityLots: 1 },
    ]);
    expect(engine.depth('sell', 1)).toEqual([{ priceTicks: 100, quantityLots: 4, orderCount: 1 }]);
  });

  it('loses priority when the quantity increases', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 1));
    engine.submit(limit(2, 'sell', 100, 1));
    engine.replace(1, 100, 3);
    engine.submit(limit(3, 'buy', 100, 1));
    const recorded = events.take();
    expect(recorded).toContainEqual({
      type: 'replaced',
      orderId: 1,
      priceTicks: 100,
      quantityLots: 3,
      priorityKept: false,
    });
    expect(recorded.filter((event) => event.type === 'fill')).toEqual([
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, priceTicks: 100, quantityLots: 1 },
    ]);
    expect(engine.restingOrders('sell').map((order) => [order.orderId, order.quantityLots])).toEqual([
      [1, 3],
    ]);
  });

  it('loses priority when the price changes, even back to the same level later', () => {
    const { engine } = createBook();
    engine.submit(limit(1, 'buy', 100, 1));
    engine.submit(limit(2, 'buy', 100, 1));
    engine.replace(1, 99, 1);
    engine.replace(1, 100, 1);
    expect(engine.restingOrders('buy').map((order) => order.orderId)).toEqual([2, 1]);
  });

  it('trades first when the new price crosses, then rests the remainder at the new price', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 102, 2));
    engine.submit(limit(2, 'buy', 100, 5));
    events.take();
    engine.replace(2, 102, 5);
    expect(events.take()).toEqual([
      { type: 'replaced', orderId: 2, priceTicks: 102, quantityLots: 5, priorityKept: false },
      { type: 'fill', makerOrderId: 1, takerOrderId: 2, priceTicks: 102, quantityLots: 2 },
      { type: 'done', orderId: 1, reason: 'filled' },
    ]);
    expect(engine.restingOrder(2)).toMatchObject({ priceTicks: 102, quantityLots: 3 });
  });

  it('rejects a replace that makes a post-only order take, and leaves it in place', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 102, 2));
    engine.submit(limit(2, 'buy', 100, 5, { postOnly: true }));
    events.take();
    engine.replace(2, 102, 5);
    expect(events.take()).toEqual([{ type: 'rejected', orderId: 2, reason: 'post_only_would_take' }]);
    expect(engine.restingOrder(2)).toMatchObject({ priceTicks: 100, quantityLots: 5 });
  });

  it('rejects a replace with a bad price or quantity, or of an unknown order, and changes nothing', () => {
    const { engine, events } = createBook({ ordersMax: 10, priceTicksMax: 1000, quantityLotsMax: 10 });
    engine.submit(limit(1, 'buy', 100, 5));
    events.take();
    engine.replace(1, 1001, 5);
    engine.replace(1, 100, 0);
    engine.replace(1, 100, 11);
    engine.replace(9, 100, 1);
    expect(events.take().map((event) => event.type === 'rejected' && event.reason)).toEqual([
      'invalid_price',
      'invalid_quantity',
      'invalid_quantity',
      'unknown_order',
    ]);
    expect(engine.restingOrder(1)).toMatchObject({ priceTicks: 100, quantityLots: 5 });
  });
});
