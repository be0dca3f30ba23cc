/**
 * The trigger book of one instrument: stop, stop-limit and trailing-stop orders, held by the service outside the
 * limit order book until the last trade price reaches them (issue #5). Pure and single-threaded like the engine,
 * and owned by the same writer.
 *
 * Triggers, on the last trade price `p`:
 * - stop and stop-limit: a buy triggers when `p >= stop`, a sell when `p <= stop`. A stop that would trigger at
 *   once (on the wrong side of the last price) is rejected, so a typo does not become a market order.
 * - trailing stop: a sell follows the highest price since it was placed, `stop = high - amount` or
 *   `floor(high * (1 - percent))`; a buy follows the lowest, `stop = low + amount` or `ceil(low * (1 + percent))`.
 *   The stop is rounded to whole ticks away from the price, so it triggers only once the move is complete.
 * Orders triggered by one trade are released oldest first (placement order); a stop price buys no precedence.
 * A stop or trailing stop becomes a market order with the collar as protection price, a stop-limit a limit order.
 */
import { invariant } from '@tessera/money';
import type { MatchingEngine } from './matching-engine.ts';
import type {
  CancelReason,
  DoneReason,
  MatchingEventSink,
  MatchingLimits,
  OrderRequest,
  RejectionReason,
  SelfTradePrevention,
  Side,
  TimeInForce,
} from './matching.types.ts';

/** Fields every triggered order has. */
interface TriggerOrderBase {
  readonly orderId: number;
  readonly accountId: string;
  readonly side: Side;
  readonly quantityLots: number;
  readonly selfTradePrevention?: SelfTradePrevention;
}

/** Becomes a market order when the last trade reaches `stopPriceTicks`. */
export interface StopOrderRequest extends TriggerOrderBase {
  readonly kind: 'stop';
  readonly stopPriceTicks: number;
}

/** Becomes a limit order at `limitPriceTicks` when the last trade reaches `stopPriceTicks`. */
export interface StopLimitOrderRequest extends TriggerOrderBase {
  readonly kind: 'stop_limit';
  readonly stopPriceTicks: number;
  readonly limitPriceTicks: number;
  readonly timeInForce: TimeInForce;
}

/** How far a trailing stop follows the price: a fixed number of ticks, or a share in basis points (1 = 0.01%). */
export type Trail = { readonly amountTicks: number } | { readonly percentBasisPoints: number };

/** A stop whose price follows the market at a distance; becomes a market order when it triggers. */
export interface TrailingStopOrderRequest extends TriggerOrderBase {
  readonly kind: 'trailing_stop';
  readonly trail: Trail;
}

/** What {@link TriggerBook.add} accepts. */
export type TriggerOrderRequest = StopOrderRequest | StopLimitOrderRequest | TrailingStopOrderRequest;

/** Why the trigger book refused an order. */
export type TriggerRejectionReason =
  | Extract<RejectionReason, 'invalid_order_id' | 'duplicate_order_id' | 'invalid_price' | 'invalid_quantity'>
  /** A trail amount outside 1..priceTicksMax ticks, or a percentage outside 0.01%..99.99%. */
  | 'invalid_trail'
  /** The stop is already reached by the last trade price. */
  | 'would_trigger_immediately'
  /** A trailing stop needs a price to trail from, and nothing has traded yet. */
  | 'no_reference_price'
  /** The trigger book holds `triggersMax` orders. */
  | 'trigger_book_full';

/** A triggered order, to be submitted to the engine ({@link toOrderRequest}). */
export interface TriggeredOrder {
  readonly request: TriggerOrderRequest;
  /** The last trade price that triggered it. */
  readonly triggerPriceTicks: number;
}

/** The trigger book's bounds: the engine's price and quantity limits and how many orders it may hold. */
export interface TriggerLimits extends Pick<MatchingLimits, 'priceTicksMax' | 'quantityLotsMax'> {
  readonly triggersMax: number;
}

const BASIS_POINTS = 10_000;

interface Entry {
  readonly request: TriggerOrderRequest;
  readonly sequence: number;
  /** The stop price now (for a trailing stop, it moves with `extremeTicks`). */
  stopPriceTicks: number;
  /** Trailing stops: the highest (sell) or lowest (buy) trade price since placement. */
  extremeTicks: number;
}

/** Stop, stop-limit and trailing-stop orders waiting for the last trade price. */
export class TriggerBook {
  readonly limits: TriggerLimits;
  // Fixed stops sorted so the next to trigger is last (pop): buys by descending stop (the lowest triggers first
  // on a rise), sells by ascending stop; at one stop price the oldest is last.
  private readonly buyStops: Entry[] = [];
  private readonly sellStops: Entry[] = [];
  // Trailing stops move with every trade, so they are scanned: at most triggersMax of them.
  private trailing: Entry[] = [];
  private readonly byId = new Map<number, Entry>();
  private pending: TriggeredOrder[] = [];
  private sequence = 0;

  constructor(limits: TriggerLimits) {
    invariant(
      Number.isSafeInteger(limits.triggersMax) && limits.triggersMax > 0,
      'triggersMax must be positive',
    );
    invariant(
      Number.isSafeInteger(limits.priceTicksMax) && limits.priceTicksMax > 0,
      'priceTicksMax must be positive',
    );
    // floor(price * (10000 + bps)) must stay exact: 2^30 * 20000 < 2^53.
    invariant(limits.priceTicksMax <= 2 ** 30, 'priceTicksMax must be at most 2^30');
    this.limits = limits;
  }

  /** How many orders wait for a trigger. */
  get size(): number {
    return this.byId.size;
  }

  /**
   * Adds an order. `lastTradePriceTicks` is the instrument's last trade price (0 when nothing has traded): the
   * price a trailing stop starts from, and the price a stop must not already have reached.
   */
  add(request: TriggerOrderRequest, lastTradePriceTicks: number): TriggerRejectionReason | null {
    const rejection = this.validate(request, lastTradePriceTicks);
    if (rejection !== null) {
      return rejection;
    }
    // From here the order is held until it triggers or is cancelled.
    this.sequence += 1;
    const isTrailing = request.kind === 'trailing_stop';
    const entry: Entry = {
      request,
      sequence: this.sequence,
      stopPriceTicks: isTrailing ? trailingStop(request, lastTradePriceTicks) : request.stopPriceTicks,
      extremeTicks: lastTradePriceTicks,
    };
    this.byId.set(request.orderId, entry);
    if (isTrailing) {
      this.trailing.push(entry);
    } else {
      insertSorted(request.side === 'buy' ? this.buyStops : this.sellStops, entry, request.side);
    }
    return null;
  }

  /** Cancels a waiting order; false when it is not here (unknown, or already triggered). */
  cancel(orderId: number): boolean {
    const entry = this.byId.get(orderId);
    if (entry === undefined) {
      return false;
    }
    this.byId.delete(orderId);
    const list =
      entry.request.kind === 'trailing_stop'
        ? this.trailing
        : entry.request.side === 'buy'
          ? this.buyStops
          : this.sellStops;
    const index = list.indexOf(entry);
    invariant(index >= 0, 'cancel: a held order is missing from its list');
    list.splice(index, 1);
    return true;
  }

  /** The current stop price of a waiting order (trailing stops move), or undefined. */
  stopPriceTicks(orderId: number): number | undefined {
    return this.byId.get(orderId)?.stopPriceTicks;
  }

  /** Feeds one trade price; orders it triggers wait in {@link takeTriggered}. */
  observeTrade(priceTicks: number): void {
    invariant(Number.isSafeInteger(priceTicks) && priceTicks > 0, 'a trade price is a positive integer');
    const triggered: Entry[] = [];
    while (this.buyStops.length > 0 && (this.buyStops.at(-1) as Entry).stopPriceTicks <= priceTicks) {
      triggered.push(this.buyStops.pop() as Entry);
    }
    while (this.sellStops.length > 0 && (this.sellStops.at(-1) as Entry).stopPriceTicks >= priceTicks) {
      triggered.push(this.sellStops.pop() as Entry);
    }
    if (this.trailing.length > 0) {
      this.trailing = this.trailing.filter((entry) => {
        const fired = followTrade(entry, priceTicks);
        if (fired) {
          triggered.push(entry);
        }
        return !fired;
      });
    }
    triggered.sort((a, b) => a.sequence - b.sequence);
    for (const entry of triggered) {
      this.byId.delete(entry.request.orderId);
      this.pending.push({ request: entry.request, triggerPriceTicks: priceTicks });
    }
  }

  /** The orders triggered since the last call, oldest first; forgets them. */
  takeTriggered(): TriggeredOrder[] {
    const pending = this.pending;
    this.pending = [];
    return pending;
  }

  private validate(request: TriggerOrderRequest, lastTradePriceTicks: number): TriggerRejectionReason | null {
    const { priceTicksMax, quantityLotsMax } = this.limits;
    if (!Number.isSafeInteger(request.orderId) || request.orderId <= 0) {
      return 'invalid_order_id';
    }
    if (this.byId.has(request.orderId)) {
      return 'duplicate_order_id';
    }
    if (!isIntegerIn(request.quantityLots, 1, quantityLotsMax)) {
      return 'invalid_quantity';
    }
    if (request.kind === 'trailing_stop') {
      const trail = request.trail;
      const valid =
        'amountTicks' in trail
          ? isIntegerIn(trail.amountTicks, 1, priceTicksMax)
          : isIntegerIn(trail.percentBasisPoints, 1, BASIS_POINTS - 1);
      if (!valid) {
        return 'invalid_trail';
      }
      return lastTradePriceTicks > 0 ? this.capacity() : 'no_reference_price';
    }
    if (
      !isIntegerIn(request.stopPriceTicks, 1, priceTicksMax) ||
      (request.kind === 'stop_limit' && !isIntegerIn(request.limitPriceTicks, 1, priceTicksMax))
    ) {
      return 'invalid_price';
    }
    const reached =
      lastTradePriceTicks > 0 &&
      (request.side === 'buy'
        ? lastTradePriceTicks >= request.stopPriceTicks
        : lastTradePriceTicks <= request.stopPriceTicks);
    return reached ? 'would_trigger_immediately' : this.capacity();
  }

  private capacity(): TriggerRejectionReason | null {
    return this.byId.size >= this.limits.triggersMax ? 'trigger_book_full' : null;
  }
}

/** Moves a trailing stop with a trade and says whether the trade reaches it. */
function followTrade(entry: Entry, priceTicks: number): boolean {
  const request = entry.request as TrailingStopOrderRequest;
  const isSell = request.side === 'sell';
  if (isSell ? priceTicks > entry.extremeTicks : priceTicks < entry.extremeTicks) {
    entry.extremeTicks = priceTicks;
    entry.stopPriceTicks = trailingStop(request, priceTicks);
  }
  return isSell ? priceTicks <= entry.stopPriceTicks : priceTicks >= entry.stopPriceTicks;
}

/** The stop of a trailing order whose extreme is `extremeTicks`, rounded away from the price. */
function trailingStop(request: TrailingStopOrderRequest, extremeTicks: number): number {
  const isSell = request.side === 'sell';
  const trail = request.trail;
  if ('amountTicks' in trail) {
    return isSell ? extremeTicks - trail.amountTicks : extremeTicks + trail.amountTicks;
  }
  // Exact integer arithmetic: extremeTicks <= 2^30 and the factor <= 20000, so the product is below 2^53.
  const factor = isSell ? BASIS_POINTS - trail.percentBasisPoints : BASIS_POINTS + trail.percentBasisPoints;
  const scaled = extremeTicks * factor;
  const floor = (scaled - (scaled % BASIS_POINTS)) / BASIS_POINTS;
  return isSell || scaled % BASIS_POINTS === 0 ? floor : floor + 1;
}

/** Inserts a fixed stop so that the list stays ordered with the next to trigger last. */
function insertSorted(list: Entry[], entry: Entry, side: Side): void {
  // `before(a, b)`: a belongs earlier in the list than b (triggers later).
  const before = (a: Entry, b: Entry) =>
    a.stopPriceTicks !== b.stopPriceTicks
      ? side === 'buy'
        ? a.stopPriceTicks > b.stopPriceTicks
        : a.stopPriceTicks < b.stopPriceTicks
      : a.sequence > b.sequence;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(list[middle] as Entry, entry)) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  list.splice(low, 0, entry);
}

function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

/**
 * The engine request a triggered order becomes. Stops and trailing stops become market orders protected by the
 * collar (`collarBasisPoints` around the trigger price: 500 is the 5% the pre-trade check uses), rounded to whole
 * ticks towards the trigger price and kept within 1..priceTicksMax; stop-limits become limit orders.
 */
export function toOrderRequest(
  triggered: TriggeredOrder,
  collarBasisPoints: number,
  priceTicksMax: number,
): OrderRequest {
  invariant(isIntegerIn(collarBasisPoints, 0, BASIS_POINTS - 1), 'the collar is 0 to 9999 basis points');
  const { request, triggerPriceTicks } = triggered;
  const common = {
    orderId: request.orderId,
    accountId: request.accountId,
    side: request.side,
    quantityLots: request.quantityLots,
    ...(request.selfTradePrevention === undefined
      ? {}
      : { selfTradePrevention: request.selfTradePrevention }),
  };
  if (request.kind === 'stop_limit') {
    return {
      type: 'limit',
      ...common,
      priceTicks: request.limitPriceTicks,
      timeInForce: request.timeInForce,
    };
  }
  const isBuy = request.side === 'buy';
  const scaled =
    triggerPriceTicks * (isBuy ? BASIS_POINTS + collarBasisPoints : BASIS_POINTS - collarBasisPoints);
  const floor = (scaled - (scaled % BASIS_POINTS)) / BASIS_POINTS;
  const protection = isBuy || scaled % BASIS_POINTS === 0 ? floor : floor + 1;
  return {
    type: 'market',
    ...common,
    protectionPriceTicks: Math.min(Math.max(protection, 1), priceTicksMax),
  };
}

/**
 * Wraps the service's sink so that every fill price reaches the trigger book, in trade order (a sweep through
 * several levels moves trailing stops level by level, as the tape would).
 */
export function triggerAwareSink(inner: MatchingEventSink, triggers: TriggerBook): MatchingEventSink {
  return {
    accepted: (orderId: number) => inner.accepted(orderId),
    rejected: (orderId: number, reason: RejectionReason) => inner.rejected(orderId, reason),
    fill(makerOrderId: number, takerOrderId: number, priceTicks: number, quantityLots: number) {
      inner.fill(makerOrderId, takerOrderId, priceTicks, quantityLots);
      triggers.observeTrade(priceTicks);
    },
    cancelled: (orderId: number, quantityLots: number, reason: CancelReason) =>
      inner.cancelled(orderId, quantityLots, reason),
    replaced: (orderId: number, priceTicks: number, quantityLots: number, priorityKept: boolean) =>
      inner.replaced(orderId, priceTicks, quantityLots, priorityKept),
    done: (orderId: number, reason: DoneReason) => inner.done(orderId, reason),
  };
}

/**
 * Submits `request`, then every order it triggers, and every order those trigger, until none is left. Each
 * trigger order is released once and leaves the book, so the cascade ends after at most `triggersMax` orders.
 * The engine must have been built with {@link triggerAwareSink} over `triggers`.
 */
export function submitWithTriggers(
  engine: MatchingEngine,
  triggers: TriggerBook,
  request: OrderRequest,
  collarBasisPoints: number,
): void {
  engine.submit(request);
  let released = 0;
  for (let batch = triggers.takeTriggered(); batch.length > 0; batch = triggers.takeTriggered()) {
    for (const triggered of batch) {
      released += 1;
      invariant(
        released <= triggers.limits.triggersMax,
        'a trigger cascade released more orders than were held',
      );
      engine.submit(toOrderRequest(triggered, collarBasisPoints, engine.limits.priceTicksMax));
    }
  }
}
