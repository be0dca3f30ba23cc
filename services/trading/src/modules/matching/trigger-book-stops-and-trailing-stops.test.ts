// The trigger book: stops, stop-limits and trailing stops wait for the last trade price.
import { describe, expect, it } from 'vitest';
import { MatchingEngine } from './matching-engine.ts';
import { MatchingEventRecorder } from './matching-events.ts';
import { limit } from './matching.test-support.ts';
import {
  submitWithTriggers,
  toOrderRequest,
  TriggerBook,
  triggerAwareSink,
  type TriggerOrderRequest,
} from './trigger-book.ts';

const LIMITS = { triggersMax: 100, priceTicksMax: 1_000_000, quantityLotsMax: 1_000 };

function stop(orderId: number, side: 'buy' | 'sell', stopPriceTicks: number): TriggerOrderRequest {
  return { kind: 'stop', orderId, accountId: `account-${orderId}`, side, quantityLots: 1, stopPriceTicks };
}

describe('trigger book', () => {
  it('triggers a buy stop at the first trade at or above its stop, not before', () => {
    const triggers = new TriggerBook(LIMITS);
    expect(triggers.add(stop(1, 'buy', 105), 100)).toBeNull();
    triggers.observeTrade(104);
    expect(triggers.takeTriggered()).toEqual([]);
    triggers.observeTrade(105);
    expect(triggers.takeTriggered()).toEqual([{ request: stop(1, 'buy', 105), triggerPriceTicks: 105 }]);
    expect(triggers.size).toBe(0);
  });

  it('triggers a sell stop at or below its stop and turns it into a market order inside the 5% collar', () => {
    const triggers = new TriggerBook(LIMITS);
    triggers.add(stop(1, 'sell', 95), 100);
    triggers.observeTrade(93);
    const [triggered] = triggers.takeTriggered();
    expect(triggered).toBeDefined();
    // 93 * 0.95 = 88.35: a sell is protected at 89, the first whole tick inside the collar.
    expect(toOrderRequest(triggered!, 500, 1_000_000)).toEqual({
      type: 'market',
      orderId: 1,
      accountId: 'account-1',
      side: 'sell',
      quantityLots: 1,
      protectionPriceTicks: 89,
    });
  });

  it('turns a stop-limit into a limit order at its limit price and time in force', () => {
    const triggers = new TriggerBook(LIMITS);
    const request: TriggerOrderRequest = {
      kind: 'stop_limit',
      orderId: 7,
      accountId: 'alice',
      side: 'buy',
      quantityLots: 3,
      stopPriceTicks: 110,
      limitPriceTicks: 112,
      timeInForce: 'ioc',
    };
    triggers.add(request, 100);
    triggers.observeTrade(111);
    expect(toOrderRequest(triggers.takeTriggered()[0]!, 500, 1_000_000)).toEqual({
      type: 'limit',
      orderId: 7,
      accountId: 'alice',
      side: 'buy',
      quantityLots: 3,
      priceTicks: 112,
      timeInForce: 'ioc',
    });
  });

  it('releases the orders one trade triggers oldest first, whatever their stop prices', () => {
    const triggers = new TriggerBook(LIMITS);
    triggers.add(stop(1, 'buy', 104), 100);
    triggers.add(stop(2, 'buy', 102), 100);
    triggers.add(stop(3, 'buy', 102), 100);
    triggers.add(stop(4, 'buy', 109), 100);
    triggers.observeTrade(105);
    expect(triggers.takeTriggered().map((order) => order.request.orderId)).toEqual([1, 2, 3]);
    expect(triggers.size).toBe(1);
  });

  it('trails a sell by an amount below the highest trade since it was placed', () => {
    const triggers = new TriggerBook(LIMITS);
    const request: TriggerOrderRequest = {
      kind: 'trailing_stop',
      orderId: 1,
      accountId: 'alice',
      side: 'sell',
      quantityLots: 1,
      trail: { amountTicks: 5 },
    };
    triggers.add(request, 100);
    expect(triggers.stopPriceTicks(1)).toBe(95);
    for (const price of [103, 110, 106]) {
      triggers.observeTrade(price);
    }
    expect(triggers.stopPriceTicks(1)).toBe(105);
    expect(triggers.takeTriggered()).toEqual([]);
    triggers.observeTrade(105);
    expect(triggers.takeTriggered()).toEqual([{ request, triggerPriceTicks: 105 }]);
  });

  it('trails a buy by a percentage above the lowest trade, rounding the stop up to a whole tick', () => {
    const triggers = new TriggerBook(LIMITS);
    const request: TriggerOrderRequest = {
      kind: 'trailing_stop',
      orderId: 1,
      accountId: 'alice',
      side: 'buy',
      quantityLots: 1,
      trail: { percentBasisPoints: 250 },
    };
    triggers.add(request, 1000);
    expect(triggers.stopPriceTicks(1)).toBe(1025);
    triggers.observeTrade(901); // 901 * 1.025 = 923.525: the move is complete at 924
    expect(triggers.stopPriceTicks(1)).toBe(924);
    triggers.observeTrade(923);
    expect(triggers.takeTriggered()).toEqual([]);
    triggers.observeTrade(924);
    expect(triggers.takeTriggered().map((order) => order.triggerPriceTicks)).toEqual([924]);
  });

  it('names each refusal', () => {
    const triggers = new TriggerBook({ ...LIMITS, triggersMax: 1 });
    const trailing = (
      trail: { amountTicks: number } | { percentBasisPoints: number },
    ): TriggerOrderRequest => ({
      kind: 'trailing_stop',
      orderId: 9,
      accountId: 'alice',
      side: 'sell',
      quantityLots: 1,
      trail,
    });
    expect(triggers.add(stop(0, 'buy', 105), 100)).toBe('invalid_order_id');
    expect(triggers.add({ ...stop(1, 'buy', 105), quantityLots: 0 }, 100)).toBe('invalid_quantity');
    expect(triggers.add(stop(1, 'buy', 0), 100)).toBe('invalid_price');
    expect(triggers.add(stop(1, 'buy', 100), 100)).toBe('would_trigger_immediately');
    expect(triggers.add(stop(1, 'sell', 101), 100)).toBe('would_trigger_immediately');
    expect(triggers.add(trailing({ amountTicks: 0 }), 100)).toBe('invalid_trail');
    expect(triggers.add(trailing({ percentBasisPoints: 10_000 }), 100)).toBe('invalid_trail');
    expect(triggers.add(trailing({ amountTicks: 3 }), 0)).toBe('no_reference_price');
    expect(triggers.add(stop(1, 'buy', 105), 0)).toBeNull();
    expect(triggers.add(stop(1, 'buy', 106), 0)).toBe('duplicate_order_id');
    expect(triggers.add(stop(2, 'buy', 106), 0)).toBe('trigger_book_full');
  });

  it('cancels a waiting order, which then never triggers', () => {
    const triggers = new TriggerBook(LIMITS);
    triggers.add(stop(1, 'sell', 95), 100);
    triggers.add(stop(2, 'sell', 95), 100);
    expect(triggers.cancel(1)).toBe(true);
    expect(triggers.cancel(1)).toBe(false);
    triggers.observeTrade(90);
    expect(triggers.takeTriggered().map((order) => order.request.orderId)).toEqual([2]);
  });

  it('cascades: a triggered stop trades and its trade triggers the next stop', () => {
    const recorder = new MatchingEventRecorder();
    const triggers = new TriggerBook(LIMITS);
    const engine = new MatchingEngine(triggerAwareSink(recorder, triggers));
    engine.submit(limit(1, 'buy', 100, 1));
    engine.submit(limit(2, 'buy', 98, 1));
    engine.submit(limit(3, 'buy', 96, 1));
    triggers.add(stop(10, 'sell', 100), 101);
    triggers.add(stop(11, 'sell', 98), 101);
    recorder.take();
    submitWithTriggers(engine, triggers, limit(4, 'sell', 100, 1), 500);
    const fills = recorder.take().filter((event) => event.type === 'fill');
    expect(fills.map((fill) => fill.type === 'fill' && [fill.takerOrderId, fill.priceTicks])).toEqual([
      [4, 100],
      [10, 98],
      [11, 96],
    ]);
    expect(triggers.size).toBe(0);
    expect(engine.bestBidTicks()).toBe(0);
  });
});
