// Property tests: on random order streams (limits within 100 ticks of the mid, market orders, cancels,
// replaces, IOC, FOK, post-only, self-trade prevention, invalid input) the engine emits exactly the events of
// the naive reference model, ends with the same resting book, never rests a crossed book, and conserves
// quantity: filled + resting + cancelled = submitted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchingEngine } from './matching-engine.ts';
import { MatchingEventRecorder, type MatchingEvent } from './matching-events.ts';
import type {
  MatchingLimits,
  OrderRequest,
  SelfTradePrevention,
  Side,
  TimeInForce,
} from './matching.types.ts';
import { ReferenceBook } from './reference-book.test-support.ts';

const MID_TICKS = 1000;
// A failure shrinks a long stream, re-running it each time: bounded so a red run stays short. A green run takes
// a few seconds; the test's own timeout leaves room for the shrink to report its counterexample.
const SHRINK_TIME_LIMIT_MS = 60_000;
const TEST_TIMEOUT_MS = 90_000;
const ACCOUNTS = ['alice', 'bob', 'carol'];

/** An order before it has its id (0 here): `reuseBack > 0` reuses the id issued that many orders earlier. */
interface Draft {
  readonly reuseBack: number;
  readonly request: OrderRequest;
}

/** Which order a cancel or replace names: mostly a resting one, sometimes any id issued so far (maybe done). */
interface Pick {
  readonly resting: boolean;
  readonly index: number;
}

type Operation =
  | { readonly kind: 'submit'; readonly request: OrderRequest }
  | { readonly kind: 'cancel'; readonly pick: Pick }
  | {
      readonly kind: 'replace';
      readonly pick: Pick;
      /** A new price, or null to keep the order's price. */
      readonly priceTicks: number | null;
      /** A new open quantity, or a change relative to the current one. */
      readonly quantity: { readonly lots: number } | { readonly change: number };
    };

const sideArbitrary = fc.constantFrom<Side>('buy', 'sell');
const stpArbitrary = fc.constantFrom<SelfTradePrevention | undefined>(
  undefined,
  'cancel_resting',
  'cancel_incoming',
);
// Mostly valid quantities; sometimes 0, a fraction or a size above the tight limit (all rejected).
const quantityArbitrary = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 1, max: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1.5, 5000) },
);
const priceArbitrary = fc.oneof(
  { weight: 30, arbitrary: fc.integer({ min: MID_TICKS - 100, max: MID_TICKS + 100 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -3, 2.5) },
);
const reuseArbitrary = fc.oneof(
  { weight: 15, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.nat(30) },
);

const limitArbitrary: fc.Arbitrary<Draft> = fc
  .record({
    reuseBack: reuseArbitrary,
    accountId: fc.constantFrom(...ACCOUNTS),
    side: sideArbitrary,
    priceTicks: priceArbitrary,
    quantityLots: quantityArbitrary,
    timeInForce: fc.constantFrom<TimeInForce>('gtc', 'gtc', 'gtc', 'ioc', 'fok'),
    postOnly: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, fc.constant(true)),
    selfTradePrevention: stpArbitrary,
  })
  .map(({ reuseBack, ...fields }) => ({ reuseBack, request: { type: 'limit', orderId: 0, ...fields } }));

const marketArbitrary: fc.Arbitrary<Draft> = fc
  .record({
    accountId: fc.constantFrom(...ACCOUNTS),
    side: sideArbitrary,
    quantityLots: fc.integer({ min: 1, max: 60 }),
    protectionPriceTicks: fc.integer({ min: MID_TICKS - 120, max: MID_TICKS + 120 }),
    selfTradePrevention: stpArbitrary,
  })
  .map((fields) => ({ reuseBack: 0, request: { type: 'market', orderId: 0, ...fields } }));

const pickArbitrary: fc.Arbitrary<Pick> = fc.record({
  resting: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
  index: fc.nat(1000),
});

const stepArbitrary: fc.Arbitrary<Draft | Exclude<Operation, { kind: 'submit' }>> = fc.oneof(
  { weight: 10, arbitrary: limitArbitrary },
  { weight: 2, arbitrary: marketArbitrary },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: pickArbitrary }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      pick: pickArbitrary,
      priceTicks: fc.oneof(fc.constant(null), priceArbitrary),
      quantity: fc.oneof(
        fc.record({ lots: quantityArbitrary }),
        fc.record({ change: fc.integer({ min: -6, max: 6 }) }),
      ),
    }),
  },
);

const limitsArbitrary = fc.constantFrom<MatchingLimits>(
  { ordersMax: 10_000, priceTicksMax: 1_000_000, quantityLotsMax: 1_000 },
  // Tight: a small book that fills up, and prices near the top of the window rejected.
  { ordersMax: 5, priceTicksMax: MID_TICKS + 60, quantityLotsMax: 18 },
);

const streamArbitrary = fc.tuple(
  limitsArbitrary,
  fc.array(stepArbitrary, { minLength: 1, maxLength: 250, size: 'max' }),
);

/** Gives each draft its order id: the next sequence number, or an earlier one when it asks for reuse. */
function materialise(steps: ReadonlyArray<Draft | Exclude<Operation, { kind: 'submit' }>>): Operation[] {
  let nextOrderId = 1;
  return steps.map((step): Operation => {
    if (!('request' in step)) {
      return step;
    }
    const reused = step.reuseBack > 0 && nextOrderId > step.reuseBack;
    const orderId = reused ? nextOrderId - step.reuseBack : nextOrderId++;
    return { kind: 'submit', request: { ...step.request, orderId } };
  });
}

function apply(operation: Operation, engine: MatchingEngine, reference: ReferenceBook, issued: number): void {
  if (operation.kind === 'submit') {
    engine.submit(operation.request);
    reference.submit(operation.request);
    return;
  }
  // The inputs are read from the reference book; both books then get the same call.
  const resting = [...reference.restingOrders('buy'), ...reference.restingOrders('sell')];
  const { pick } = operation;
  const target = pick.resting ? resting[pick.index % Math.max(1, resting.length)] : undefined;
  const orderId = target?.orderId ?? (pick.index % Math.max(1, issued)) + 1;
  if (operation.kind === 'cancel') {
    engine.cancel(orderId);
    reference.cancel(orderId);
    return;
  }
  const priceTicks = operation.priceTicks ?? target?.priceTicks ?? MID_TICKS;
  const quantityLots =
    'lots' in operation.quantity
      ? operation.quantity.lots
      : (target?.quantityLots ?? 5) + operation.quantity.change;
  engine.replace(orderId, priceTicks, quantityLots);
  reference.replace(orderId, priceTicks, quantityLots);
}

/** Quantity accounting from the events alone, checked against the engine's book after every operation. */
class Conservation {
  submittedLots = 0;
  filledLots = 0;
  cancelledLots = 0;
  readonly openLots = new Map<number, number>();

  record(events: readonly MatchingEvent[], operation: Operation): void {
    for (const event of events) {
      this.recordOne(event, operation);
    }
  }

  private recordOne(event: MatchingEvent, operation: Operation): void {
    const open = (orderId: number) => this.openLots.get(orderId) ?? Number.NaN;
    switch (event.type) {
      case 'accepted': {
        expect(operation.kind).toBe('submit');
        const size = operation.kind === 'submit' ? operation.request.quantityLots : Number.NaN;
        this.submittedLots += size;
        this.openLots.set(event.orderId, size);
        break;
      }
      case 'fill':
        expect(event.quantityLots).toBeGreaterThan(0);
        this.filledLots += 2 * event.quantityLots; // both the maker and the taker fill that much
        this.openLots.set(event.makerOrderId, open(event.makerOrderId) - event.quantityLots);
        this.openLots.set(event.takerOrderId, open(event.takerOrderId) - event.quantityLots);
        break;
      case 'cancelled':
        this.cancelledLots += event.quantityLots;
        this.openLots.set(event.orderId, open(event.orderId) - event.quantityLots);
        break;
      case 'replaced': {
        // An increase is newly submitted quantity; a decrease leaves without trading, like a cancel.
        const change = event.quantityLots - open(event.orderId);
        this.submittedLots += Math.max(change, 0);
        this.cancelledLots += Math.max(-change, 0);
        this.openLots.set(event.orderId, event.quantityLots);
        break;
      }
      case 'done':
        expect(open(event.orderId), `order ${event.orderId} is done with lots open`).toBe(0);
        this.openLots.delete(event.orderId);
        break;
      case 'rejected':
        break;
    }
  }

  check(engine: MatchingEngine): void {
    const resting = [...engine.restingOrders('buy'), ...engine.restingOrders('sell')];
    const restingLots = resting.reduce((sum, order) => sum + order.quantityLots, 0);
    expect(this.filledLots + restingLots + this.cancelledLots).toBe(this.submittedLots);
    expect(resting.length).toBe(this.openLots.size);
    for (const order of resting) {
      expect(this.openLots.get(order.orderId)).toBe(order.quantityLots);
    }
  }
}

function runStream(limits: MatchingLimits, operations: readonly Operation[]): void {
  const recorder = new MatchingEventRecorder();
  const engine = new MatchingEngine(recorder, limits);
  const reference = new ReferenceBook(limits);
  const conservation = new Conservation();
  let issued = 0;
  for (const [index, operation] of operations.entries()) {
    if (operation.kind === 'submit') {
      issued = Math.max(issued, operation.request.orderId);
    }
    const referenceBefore = reference.events.length;
    apply(operation, engine, reference, issued);
    const events = recorder.take();
    expect(events, `events of operation ${index}`).toEqual(reference.events.slice(referenceBefore));
    conservation.record(events, operation);
    conservation.check(engine);
    engine.checkInvariants();
    const bestBid = engine.bestBidTicks();
    const bestAsk = engine.bestAskTicks();
    expect(bestBid === 0 || bestAsk === 0 || bestBid < bestAsk, 'the resting book is crossed').toBe(true);
  }
  expect(engine.restingOrders('buy')).toEqual(reference.restingOrders('buy'));
  expect(engine.restingOrders('sell')).toEqual(reference.restingOrders('sell'));
}

describe('matching engine against the reference model', () => {
  it(
    'emits the same events and keeps the same book on random order streams',
    () => {
      fc.assert(
        fc.property(streamArbitrary, ([limits, steps]) => runStream(limits, materialise(steps))),
        { numRuns: 200, interruptAfterTimeLimit: SHRINK_TIME_LIMIT_MS, markInterruptAsFailure: true },
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'agrees on long streams around one price, where levels fill, empty and refill',
    () => {
      fc.assert(
        fc.property(fc.array(stepArbitrary, { minLength: 1000, maxLength: 1200 }), (steps) =>
          runStream(
            { ordersMax: 10_000, priceTicksMax: 1_000_000, quantityLotsMax: 1_000 },
            materialise(steps),
          ),
        ),
        { numRuns: 4, interruptAfterTimeLimit: SHRINK_TIME_LIMIT_MS, markInterruptAsFailure: true },
      );
    },
    TEST_TIMEOUT_MS,
  );
});
