// Property test: the trigger book releases exactly the orders, at exactly the trades, that a naive scan finds.
// The scan keeps every order's full price history and compares with exact cross-multiplication, so the book's
// rounding of percentage trails to whole ticks is checked too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TriggerBook, type TriggerOrderRequest } from './trigger-book.ts';

type Step =
  | { readonly kind: 'add'; readonly request: TriggerOrderRequest }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'trade'; readonly priceTicks: number };

interface NaiveOrder {
  readonly request: TriggerOrderRequest;
  /** Every trade price since placement, starting with the reference price. */
  readonly prices: number[];
}

/** Does a trade at `price` reach the order, given every price it has seen (including this one)? */
function naiveTriggers(order: NaiveOrder, price: number): boolean {
  const { request } = order;
  const isBuy = request.side === 'buy';
  if (request.kind !== 'trailing_stop') {
    return isBuy ? price >= request.stopPriceTicks : price <= request.stopPriceTicks;
  }
  const extreme = isBuy ? Math.min(...order.prices) : Math.max(...order.prices);
  const trail = request.trail;
  if ('amountTicks' in trail) {
    return isBuy ? price >= extreme + trail.amountTicks : price <= extreme - trail.amountTicks;
  }
  const bps = trail.percentBasisPoints;
  return isBuy ? price * 10_000 >= extreme * (10_000 + bps) : price * 10_000 <= extreme * (10_000 - bps);
}

const requestArbitrary = (orderId: number): fc.Arbitrary<TriggerOrderRequest> => {
  const base = { orderId, accountId: 'alice', quantityLots: 1 };
  const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
  return fc.oneof(
    fc
      .record({ side, stopPriceTicks: fc.integer({ min: 900, max: 1100 }) })
      .map((f) => ({ ...base, kind: 'stop' as const, ...f })),
    fc
      .record({
        side,
        trail: fc.oneof(
          fc.record({ amountTicks: fc.integer({ min: 1, max: 40 }) }),
          fc.record({ percentBasisPoints: fc.integer({ min: 1, max: 600 }) }),
        ),
      })
      .map((f) => ({ ...base, kind: 'trailing_stop' as const, ...f })),
  );
};

const stepsArbitrary = fc
  .array(
    fc.oneof({ weight: 2, arbitrary: fc.constant('add' as const) }, fc.constant('cancel' as const), {
      weight: 4,
      arbitrary: fc.constant('trade' as const),
    }),
    {
      minLength: 1,
      maxLength: 120,
      size: 'max',
    },
  )
  .chain((kinds) =>
    fc.tuple(
      ...kinds.map((kind, index): fc.Arbitrary<Step> => {
        if (kind === 'add') {
          return requestArbitrary(index + 1).map((request) => ({ kind, request }));
        }
        if (kind === 'cancel') {
          return fc.nat(200).map((pick) => ({ kind, pick }));
        }
        return fc.integer({ min: 900, max: 1100 }).map((priceTicks) => ({ kind, priceTicks }));
      }),
    ),
  );

describe('trigger book against a naive scan', () => {
  it('releases the same orders at the same trades, oldest first', () => {
    fc.assert(
      fc.property(stepsArbitrary, (steps) => {
        const book = new TriggerBook({ triggersMax: 1_000, priceTicksMax: 1_000_000, quantityLotsMax: 10 });
        let naive: NaiveOrder[] = [];
        let lastPrice = 1000;
        for (const step of steps) {
          if (step.kind === 'add') {
            const rejection = book.add(step.request, lastPrice);
            if (rejection === null) {
              naive.push({ request: step.request, prices: [lastPrice] });
            } else {
              // The only refusal this stream can meet: a stop on the wrong side of the last price.
              expect(rejection).toBe('would_trigger_immediately');
              expect(naiveTriggers({ request: step.request, prices: [lastPrice] }, lastPrice)).toBe(true);
            }
          } else if (step.kind === 'cancel') {
            const target = naive[step.pick % Math.max(1, naive.length)];
            expect(book.cancel(target?.request.orderId ?? -1)).toBe(target !== undefined);
            naive = naive.filter((order) => order !== target);
          } else {
            lastPrice = step.priceTicks;
            naive.forEach((order) => order.prices.push(lastPrice));
            const expected = naive.filter((order) => naiveTriggers(order, lastPrice));
            naive = naive.filter((order) => !expected.includes(order));
            book.observeTrade(lastPrice);
            expect(book.takeTriggered()).toEqual(
              expected.map((order) => ({ request: order.request, triggerPriceTicks: lastPrice })),
            );
          }
          expect(book.size).toBe(naive.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});
