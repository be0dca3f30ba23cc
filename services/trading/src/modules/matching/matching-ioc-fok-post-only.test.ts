// Time in force and post-only: IOC cancels its remainder, FOK is all or nothing, post-only never takes.
import { describe, expect, it } from 'vitest';
import { createBook, limit } from './matching.test-support.ts';

describe('IOC, FOK and post-only orders', () => {
  it('IOC trades what it can and cancels the remainder as immediate_or_cancel', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2));
    events.take();
    engine.submit(limit(2, 'buy', 100, 5, { timeInForce: 'ioc' }));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 2 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 2, priceTicks: 100, quantityLots: 2 },
      { type: 'done', orderId: 1, reason: 'filled' },
      { type: 'cancelled', orderId: 2, quantityLots: 3, reason: 'immediate_or_cancel' },
      { type: 'done', orderId: 2, reason: 'cancelled' },
    ]);
    expect(engine.restingOrderCount()).toBe(0);
  });

  it('FOK that the book cannot fill completely trades nothing and leaves the book as it was', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2));
    engine.submit(limit(2, 'sell', 103, 2));
    events.take();
    engine.submit(limit(3, 'buy', 102, 3, { timeInForce: 'fok' }));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 3 },
      { type: 'cancelled', orderId: 3, quantityLots: 3, reason: 'fill_or_kill' },
      { type: 'done', orderId: 3, reason: 'cancelled' },
    ]);
    expect(engine.depth('sell', 5)).toEqual([
      { priceTicks: 100, quantityLots: 2, orderCount: 1 },
      { priceTicks: 103, quantityLots: 2, orderCount: 1 },
    ]);
  });

  it('FOK that the book can fill trades across levels and is done filled', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2));
    engine.submit(limit(2, 'sell', 103, 2));
    events.take();
    engine.submit(limit(3, 'buy', 103, 3, { timeInForce: 'fok' }));
    const recorded = events.take();
    expect(
      recorded
        .filter((event) => event.type === 'fill')
        .map((event) => event.type === 'fill' && event.quantityLots),
    ).toEqual([2, 1]);
    expect(recorded.at(-1)).toEqual({ type: 'done', orderId: 3, reason: 'filled' });
  });

  it('FOK does not count the account’s own orders as liquidity', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 5, { accountId: 'alice' }));
    engine.submit(limit(2, 'sell', 100, 1, { accountId: 'bob' }));
    events.take();
    engine.submit(limit(3, 'buy', 100, 2, { accountId: 'alice', timeInForce: 'fok' }));
    expect(events.take().map((event) => event.type)).toEqual(['accepted', 'cancelled', 'done']);
    expect(engine.restingOrderCount()).toBe(2);
  });

  it('post-only that would take is rejected, and one that would not rests', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2));
    events.take();
    engine.submit(limit(2, 'buy', 100, 1, { postOnly: true }));
    engine.submit(limit(3, 'buy', 99, 1, { postOnly: true }));
    expect(events.take()).toEqual([
      { type: 'rejected', orderId: 2, reason: 'post_only_would_take' },
      { type: 'accepted', orderId: 3 },
    ]);
    expect(engine.bestBidTicks()).toBe(99);
  });

  it('post-only with IOC or FOK is rejected: such orders never rest', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'buy', 99, 1, { postOnly: true, timeInForce: 'ioc' }));
    engine.submit(limit(2, 'buy', 99, 1, { postOnly: true, timeInForce: 'fok' }));
    expect(events.take()).toEqual([
      { type: 'rejected', orderId: 1, reason: 'post_only_requires_gtc' },
      { type: 'rejected', orderId: 2, reason: 'post_only_requires_gtc' },
    ]);
  });
});
