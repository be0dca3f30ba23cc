// Every rejection has a name and changes nothing; the engine's limits are checked when it is built.
import { describe, expect, it } from 'vitest';
import { MatchingEngine } from './matching-engine.ts';
import { MatchingEventRecorder } from './matching-events.ts';
import { createBook, limit, market } from './matching.test-support.ts';

describe('rejections and limits', () => {
  it('names each invalid input', () => {
    const { engine, events } = createBook({ ordersMax: 10, priceTicksMax: 1000, quantityLotsMax: 50 });
    engine.submit(limit(0, 'buy', 100, 1));
    engine.submit(limit(1.5, 'buy', 100, 1));
    engine.submit(limit(2, 'buy', 0, 1));
    engine.submit(limit(3, 'buy', 1001, 1));
    engine.submit(limit(4, 'buy', 100.5, 1));
    engine.submit(limit(5, 'buy', 100, 0));
    engine.submit(limit(6, 'buy', 100, 51));
    engine.submit(market(7, 'buy', Number.NaN, 100));
    expect(events.take()).toEqual([
      { type: 'rejected', orderId: 0, reason: 'invalid_order_id' },
      { type: 'rejected', orderId: 1.5, reason: 'invalid_order_id' },
      { type: 'rejected', orderId: 2, reason: 'invalid_price' },
      { type: 'rejected', orderId: 3, reason: 'invalid_price' },
      { type: 'rejected', orderId: 4, reason: 'invalid_price' },
      { type: 'rejected', orderId: 5, reason: 'invalid_quantity' },
      { type: 'rejected', orderId: 6, reason: 'invalid_quantity' },
      { type: 'rejected', orderId: 7, reason: 'invalid_quantity' },
    ]);
    expect(engine.restingOrderCount()).toBe(0);
  });

  it('rejects a new order whose id is resting as duplicate_order_id, and accepts a done id again', () => {
    const { engine, events } = createBook();
    engine.submit(limit(5, 'buy', 100, 1));
    engine.submit(limit(5, 'buy', 100, 1));
    engine.cancel(5);
    events.take();
    engine.submit(limit(5, 'buy', 101, 1));
    expect(events.take()).toEqual([{ type: 'accepted', orderId: 5 }]);
    engine.submit(limit(5, 'sell', 200, 1));
    expect(events.take()).toEqual([{ type: 'rejected', orderId: 5, reason: 'duplicate_order_id' }]);
  });

  it('rejects a gtc order when the book is full, but still lets IOC and market orders trade', () => {
    const { engine, events } = createBook({ ordersMax: 2, priceTicksMax: 1000, quantityLotsMax: 50 });
    engine.submit(limit(1, 'sell', 100, 1));
    engine.submit(limit(2, 'sell', 101, 1));
    events.take();
    engine.submit(limit(3, 'sell', 102, 1));
    engine.submit(limit(4, 'buy', 100, 1, { timeInForce: 'ioc' }));
    expect(events.take().map((event) => [event.type, 'reason' in event ? event.reason : ''])).toEqual([
      ['rejected', 'book_full'],
      ['accepted', ''],
      ['fill', ''],
      ['done', 'filled'],
      ['done', 'filled'],
    ]);
    engine.submit(limit(5, 'sell', 102, 1));
    expect(events.take()).toEqual([{ type: 'accepted', orderId: 5 }]);
  });

  it('refuses limits whose totals could leave the safe-integer range', () => {
    const sink = new MatchingEventRecorder();
    expect(
      () =>
        new MatchingEngine(sink, {
          ordersMax: 2_000_000,
          priceTicksMax: 1000,
          quantityLotsMax: 9_000_000_000,
        }),
    ).toThrow(/2\^53/);
    expect(
      () => new MatchingEngine(sink, { ordersMax: 10, priceTicksMax: 2 ** 30, quantityLotsMax: 10 }),
    ).toThrow(/priceTicksMax/);
    expect(() => new MatchingEngine(sink, { ordersMax: 0, priceTicksMax: 100, quantityLotsMax: 10 })).toThrow(
      /ordersMax/,
    );
  });
});
