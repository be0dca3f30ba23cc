/**
 * The internal venue (PRODUCT.md, "Trading": matching): one matching engine and one trigger book per instrument,
 * and simulated market makers that quote a ladder around the reference price. The only writer of its books: the
 * trading service calls it from one serial queue per instrument (docs/operations.md, scale-out: one process owns
 * an instrument's partition, `partitionOf`).
 *
 * Market makers: on every reference price they cancel their quotes and quote `levels` bids and asks, the first
 * `halfSpreadBasisPoints` from the reference and each next one `stepBasisPoints` further, all within the collar,
 * on the tick, in whole lots, each worth about `levelNotional` of the currency (deeper levels a little more). A
 * customer's resting limit order that the new quotes cross trades at the customer's price (the customer is the
 * maker), so a resting buy fills when the market moves down through it. Trigger orders watch both the venue's
 * trades and the reference price.
 *
 * Simulated participants (docs/adr/0014-simulated-participants.md): the rest of the market. With each reference
 * price come the orders market data's simulator drew for that tick (a seeded number, side and size); they enter the
 * engine as market orders of their own account, after the makers requoted, through the same matching a customer's
 * order takes: they trade with the best resting orders (the makers', or a customer's that is better), and their
 * fills are the venue's trades that move last, volume, candles and the tape while the venue is open.
 */
import { assertNever, Decimal, invariant, scale as toScale } from '@tessera/money';
import {
  MatchingEngine,
  MatchingEventRecorder,
  type MatchingEvent,
  type OrderRequest,
  toOrderRequest,
  TriggerBook,
  triggerAwareSink,
  type TriggerOrderRequest,
} from '../matching/index.ts';
import type { InstrumentSpec } from '../instruments/instrument-spec.ts';
import { ticksNear } from '../instruments/instrument-spec.ts';
import type { VenueAdapter, VenueExecutionReport, VenueOrder } from './venue-adapter.ts';
import { TRADING_COLLAR_BASIS_POINTS } from '@tessera/contracts';

/** The market makers' account on the engine (self-trade prevention keeps them from trading with themselves). */
export const MARKET_MAKER_ACCOUNT = 'market-maker';
/** Market-maker order ids start here, far above any customer order sequence. */
export const MARKET_MAKER_ORDER_ID_BASE = 2 ** 52;
/** The simulated participants' account on the engine (they trade with the makers, never with each other). */
export const PARTICIPANT_ACCOUNT = 'participant';

/** A simulated participant's market order of one tick, in lots. */
export interface ParticipantOrderLots {
  readonly side: 'buy' | 'sell';
  readonly quantityLots: number;
}

/** At most this many participant orders are taken per reference price (a bound on a tick's work). */
export const PARTICIPANT_ORDERS_PER_TICK_MAX = 20;

/** How the market makers quote. */
export interface MarketMakerOptions {
  readonly levels: number;
  readonly halfSpreadBasisPoints: number;
  readonly stepBasisPoints: number;
  /** Value of one level in the currency (decimal text). */
  readonly levelNotional: string;
}

export const MARKET_MAKER_DEFAULTS: MarketMakerOptions = {
  levels: 5,
  halfSpreadBasisPoints: 5,
  stepBasisPoints: 5,
  levelNotional: '20000',
};

interface Book {
  readonly spec: InstrumentSpec;
  readonly engine: MatchingEngine;
  readonly triggers: TriggerBook;
  readonly recorder: MatchingEventRecorder;
  quoteIds: number[];
  referenceTicks: number;
  tradeSequence: number;
  /** Trigger orders' worst prices (a triggered buy is never protected above what it reserved). */
  readonly triggerCaps: Map<number, number>;
  /** The sides of the participants' orders of the current action (their fills' aggressor side). */
  readonly participantSides: Map<number, 'buy' | 'sell'>;
}

/** The internal venue. Synchronous inside; the adapter's promises resolve at once. */
export class InternalVenue implements VenueAdapter {
  private readonly books = new Map<string, Book>();
  private nextQuoteId = MARKET_MAKER_ORDER_ID_BASE;

  constructor(
    private readonly specOf: (productId: string) => InstrumentSpec,
    private readonly marketMakers: MarketMakerOptions = MARKET_MAKER_DEFAULTS,
  ) {}

  /** True when the instrument's book was created (orders restored or quoted). */
  has(productId: string): boolean {
    return this.books.has(productId);
  }

  submit(order: VenueOrder): Promise<VenueExecutionReport[]> {
    const book = this.bookOf(order.productId);
    return Promise.resolve(this.collect(book, () => this.submitIn(book, order)));
  }

  cancel(productId: string, orderId: number): Promise<VenueExecutionReport[]> {
    const book = this.bookOf(productId);
    return Promise.resolve(
      this.collect(book, () => {
        if (book.triggers.cancel(orderId)) {
          book.triggerCaps.delete(orderId);
          book.recorder.cancelled(orderId, 0, 'requested');
          book.recorder.done(orderId, 'cancelled');
          return;
        }
        book.engine.cancel(orderId);
      }),
    );
  }

  replace(productId: string, orderId: number, priceTicks: number, quantityLots: number) {
    const book = this.bookOf(productId);
    return Promise.resolve(this.collect(book, () => book.engine.replace(orderId, priceTicks, quantityLots)));
  }

  referencePrice(
    productId: string,
    priceTicks: number,
    participants: readonly ParticipantOrderLots[] = [],
  ): Promise<VenueExecutionReport[]> {
    const book = this.bookOf(productId);
    book.referenceTicks = priceTicks;
    return Promise.resolve(
      this.collect(book, () => {
        this.requote(book, priceTicks);
        book.triggers.observeTrade(priceTicks);
        this.releaseTriggered(book);
        this.participate(book, priceTicks, participants);
      }),
    );
  }

  book(productId: string, depth: number) {
    const book = this.books.get(productId);
    if (book === undefined) {
      return null;
    }
    const levels = (side: 'buy' | 'sell') =>
      book.engine.depth(side, depth).map((level): [number, number] => [level.priceTicks, level.quantityLots]);
    return { bids: levels('buy'), asks: levels('sell') };
  }

  private bookOf(productId: string): Book {
    let book = this.books.get(productId);
    if (book === undefined) {
      const spec = this.specOf(productId);
      const recorder = new MatchingEventRecorder();
      const triggers = new TriggerBook({
        priceTicksMax: 2 ** 30 - 1,
        quantityLotsMax: 9_000_000_000,
        triggersMax: 100_000,
      });
      book = {
        spec,
        engine: new MatchingEngine(triggerAwareSink(recorder, triggers)),
        triggers,
        recorder,
        quoteIds: [],
        referenceTicks: 0,
        tradeSequence: 0,
        triggerCaps: new Map(),
        participantSides: new Map(),
      };
      this.books.set(productId, book);
    }
    return book;
  }

  private submitIn(book: Book, order: VenueOrder): void {
    if (isTriggerOrder(order)) {
      const request = triggerRequestOf(order);
      const reference = order.referencePriceTicks ?? book.referenceTicks;
      const rejection = book.triggers.add(request, reference);
      if (rejection !== null) {
        book.recorder.rejected(order.orderId, rejection);
        return;
      }
      book.recorder.accepted(order.orderId);
      if (order.kind !== 'stop_limit') {
        book.triggerCaps.set(order.orderId, order.protectionPriceTicks);
      }
      return;
    }
    book.engine.submit(engineRequestOf(order));
    this.releaseTriggered(book);
  }

  /** Submits what the last trades triggered, and what those trigger, protected by the collar (and the cap). */
  private releaseTriggered(book: Book): void {
    for (let batch = book.triggers.takeTriggered(); batch.length > 0; batch = book.triggers.takeTriggered()) {
      for (const triggered of batch) {
        let request = toOrderRequest(
          triggered,
          TRADING_COLLAR_BASIS_POINTS,
          book.engine.limits.priceTicksMax,
        );
        const cap = book.triggerCaps.get(request.orderId);
        book.triggerCaps.delete(request.orderId);
        if (request.type === 'market' && cap !== undefined) {
          const protection =
            request.side === 'buy'
              ? Math.min(request.protectionPriceTicks, cap)
              : Math.max(request.protectionPriceTicks, cap);
          request = { ...request, protectionPriceTicks: protection };
        }
        // The trigger book accepted it earlier: the engine's own `accepted` is not reported twice.
        book.engine.submit(request);
      }
    }
  }

  /**
   * The participants' market orders, protected by the collar around the reference price (they never sweep the book
   * further than a customer's market order could); what finds no price within it is cancelled, as for a customer.
   */
  private participate(
    book: Book,
    referenceTicks: number,
    participants: readonly ParticipantOrderLots[],
  ): void {
    const collar = TRADING_COLLAR_BASIS_POINTS;
    const quantityLotsMax = Math.floor(book.engine.limits.quantityLotsMax / 10);
    for (const participant of participants.slice(0, PARTICIPANT_ORDERS_PER_TICK_MAX)) {
      const quantityLots = Math.min(Math.floor(participant.quantityLots), quantityLotsMax);
      if (quantityLots < 1) {
        continue;
      }
      const protectionPriceTicks =
        participant.side === 'buy'
          ? Math.min(
              book.engine.limits.priceTicksMax,
              Math.ceil((referenceTicks * (10_000 + collar)) / 10_000),
            )
          : Math.max(1, Math.floor((referenceTicks * (10_000 - collar)) / 10_000));
      const orderId = this.nextQuoteId;
      this.nextQuoteId += 1;
      book.participantSides.set(orderId, participant.side);
      book.engine.submit({
        type: 'market',
        orderId,
        accountId: PARTICIPANT_ACCOUNT,
        side: participant.side,
        quantityLots,
        protectionPriceTicks,
      });
      this.releaseTriggered(book);
    }
  }

  private requote(book: Book, referenceTicks: number): void {
    for (const id of book.quoteIds) {
      if (book.engine.restingOrder(id) !== undefined) {
        book.engine.cancel(id);
      }
    }
    book.quoteIds = [];
    const { spec } = book;
    const options = this.marketMakers;
    const reference = Decimal.of(BigInt(referenceTicks) * spec.tick.mantissa, spec.tick.scale);
    const notional = Decimal.from(options.levelNotional);
    const quantityLotsMax = Math.floor(book.engine.limits.quantityLotsMax / 10);
    let lastBid = Number.POSITIVE_INFINITY;
    let lastAsk = 0;
    for (let level = 0; level < options.levels; level += 1) {
      const distance = options.halfSpreadBasisPoints + level * options.stepBasisPoints;
      invariant(distance < TRADING_COLLAR_BASIS_POINTS, 'market makers quote within the collar');
      const away = Decimal.of(BigInt(distance), 4);
      let bid = ticksNear(spec, reference.mul(Decimal.ONE.sub(away)), 'floor');
      let ask = ticksNear(spec, reference.mul(Decimal.ONE.add(away)), 'ceil');
      bid = Math.min(bid, lastBid - 1, referenceTicks - 1);
      ask = Math.max(ask, lastAsk + 1, referenceTicks + 1);
      lastBid = bid;
      lastAsk = ask;
      const sizeNotional = notional.mul(Decimal.of(BigInt(10 + 5 * level), 1));
      for (const [side, priceTicks] of [
        ['buy', bid],
        ['sell', ask],
      ] as const) {
        if (priceTicks < 1) {
          continue;
        }
        const price = Decimal.of(BigInt(priceTicks) * spec.tick.mantissa, spec.tick.scale);
        const lotValue = price.mul(spec.lot);
        const lots = lotValue.isZero()
          ? quantityLotsMax
          : Number(sizeNotional.div(lotValue, toScale(0), 'floor').mantissa);
        const quantityLots = Math.max(1, Math.min(lots, quantityLotsMax));
        const orderId = this.nextQuoteId;
        this.nextQuoteId += 1;
        book.quoteIds.push(orderId);
        book.engine.submit({
          type: 'limit',
          orderId,
          accountId: MARKET_MAKER_ACCOUNT,
          side,
          priceTicks,
          quantityLots,
          timeInForce: 'gtc',
        });
      }
    }
  }

  /** Runs `action` and turns the engine's events into reports (trade ids numbered per instrument). */
  private collect(book: Book, action: () => void): VenueExecutionReport[] {
    action();
    const reports = book.recorder.take().map((event) => reportOf(book, event));
    book.participantSides.clear();
    return reports;
  }
}

function reportOf(book: Book, event: MatchingEvent): VenueExecutionReport {
  switch (event.type) {
    case 'fill': {
      book.tradeSequence += 1;
      const takerSide = book.participantSides.get(event.takerOrderId);
      return {
        type: 'fill',
        makerOrderId: event.makerOrderId,
        takerOrderId: event.takerOrderId,
        priceTicks: event.priceTicks,
        quantityLots: event.quantityLots,
        tradeId: `${book.spec.productId}-${Date.now()}-${book.tradeSequence}`,
        ...(takerSide === undefined ? {} : { takerSide }),
      };
    }
    case 'rejected':
      return { type: 'rejected', orderId: event.orderId, reason: event.reason };
    case 'cancelled':
      return {
        type: 'cancelled',
        orderId: event.orderId,
        quantityLots: event.quantityLots,
        reason: event.reason,
      };
    case 'replaced':
      return {
        type: 'replaced',
        orderId: event.orderId,
        priceTicks: event.priceTicks,
        quantityLots: event.quantityLots,
        priorityKept: event.priorityKept,
      };
    case 'accepted':
      return { type: 'accepted', orderId: event.orderId };
    case 'done':
      return { type: 'done', orderId: event.orderId, reason: event.reason };
    default:
      return assertNever(event, 'a matching event');
  }
}

/** An order of a trigger kind (stop, stop limit, trailing stop): it waits in the trigger book. */
type TriggerVenueOrder = Extract<VenueOrder, { kind: 'stop' | 'stop_limit' | 'trailing_stop' }>;
/** An order the engine takes at once (market, limit). */
type EngineVenueOrder = Extract<VenueOrder, { kind: 'market' | 'limit' }>;

function isTriggerOrder(order: VenueOrder): order is TriggerVenueOrder {
  return order.kind === 'stop' || order.kind === 'stop_limit' || order.kind === 'trailing_stop';
}

function triggerRequestOf(order: TriggerVenueOrder): TriggerOrderRequest {
  const common = {
    orderId: order.orderId,
    accountId: order.accountId,
    side: order.side,
    quantityLots: order.quantityLots,
  };
  switch (order.kind) {
    case 'stop':
      return { kind: 'stop', ...common, stopPriceTicks: order.stopPriceTicks };
    case 'stop_limit':
      return {
        kind: 'stop_limit',
        ...common,
        stopPriceTicks: order.stopPriceTicks,
        limitPriceTicks: order.limitPriceTicks,
        timeInForce: order.timeInForce,
      };
    case 'trailing_stop':
      return { kind: 'trailing_stop', ...common, trail: order.trail };
    default:
      return assertNever(order, 'an order kind of the trigger book');
  }
}

function engineRequestOf(order: EngineVenueOrder): OrderRequest {
  switch (order.kind) {
    case 'market':
      return {
        type: 'market',
        orderId: order.orderId,
        accountId: order.accountId,
        side: order.side,
        quantityLots: order.quantityLots,
        protectionPriceTicks: order.protectionPriceTicks,
      };
    case 'limit':
      return {
        type: 'limit',
        orderId: order.orderId,
        accountId: order.accountId,
        side: order.side,
        priceTicks: order.limitPriceTicks,
        quantityLots: order.quantityLots,
        timeInForce: order.timeInForce,
      };
    default:
      return assertNever(order, 'an order kind of the engine');
  }
}
