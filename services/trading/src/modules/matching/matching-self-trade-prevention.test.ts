// Self-trade prevention: an account never trades with itself.
import { describe, expect, it } from 'vitest';
import { createBook, limit, market } from './matching.test-support.ts';

describe('self-trade prevention', () => {
  it('cancels the resting order of the same account by default and keeps matching behind it', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2, { accountId: 'alice' }));
    engine.submit(limit(2, 'sell', 100, 2, { accountId: 'bob' }));
    events.take();
    engine.submit(limit(3, 'buy', 100, 2, { accountId: 'alice' }));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 3 },
      { type: 'cancelled', orderId: 1, quantityLots: 2, reason: 'self_trade_prevention' },
      { type: 'done', orderId: 1, reason: 'cancelled' },
      { type: 'fill', makerOrderId: 2, takerOrderId: 3, priceTicks: 100, quantityLots: 2 },
      { type: 'done', orderId: 2, reason: 'filled' },
      { type: 'done', orderId: 3, reason: 'filled' },
    ]);
  });

  it('with cancel_incoming, keeps fills before the own order and cancels the incoming remainder', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 1, { accountId: 'bob' }));
    engine.submit(limit(2, 'sell', 100, 2, { accountId: 'alice' }));
    events.take();
    engine.submit(market(3, 'buy', 3, 110, { accountId: 'alice', selfTradePrevention: 'cancel_incoming' }));
    expect(events.take()).toEqual([
      { type: 'accepted', orderId: 3 },
      { type: 'fill', makerOrderId: 1, takerOrderId: 3, priceTicks: 100, quantityLots: 1 },
      { type: 'done', orderId: 1, reason: 'filled' },
      { type: 'cancelled', orderId: 3, quantityLots: 2, reason: 'self_trade_prevention' },
      { type: 'done', orderId: 3, reason: 'cancelled' },
    ]);
    expect(engine.restingOrder(2)).toMatchObject({ quantityLots: 2 });
  });

  it('with cancel_incoming, a gtc order does not rest behind its own crossing order', () => {
    const { engine, events } = createBook();
    engine.submit(limit(1, 'sell', 100, 2, { accountId: 'alice' }));
    events.take();
    engine.submit(limit(2, 'buy', 101, 2, { accountId: 'alice', selfTradePrevention: 'cancel_incoming' }));
    expect(events.take().map((event) => event.type)).toEqual(['accepted', 'cancelled', 'done']);
    expect(engine.bestBidTicks()).toBe(0);
    engine.checkInvariants();
  });
});
