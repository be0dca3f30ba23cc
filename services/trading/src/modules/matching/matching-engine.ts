/**
 * The matching engine of one instrument: a limit order book with price-time priority (issue #5).
 *
 * Pure and single-threaded: no I/O, no clock, no randomness. The same requests in the same order always give the
 * same events, so a service rebuilds a book by replaying its command log (see README.md in this folder for how
 * instruments are partitioned across processes, one writer each).
 *
 * Rules:
 * - Price-time priority: the best price first, then the oldest order at that price. Trades happen at the resting
 *   (maker) order's price.
 * - Limit `gtc` rests what it cannot fill; `ioc` cancels the remainder; `fok` trades its whole quantity at once or
 *   nothing (checked against the book before any trade, self-trade prevention included).
 * - Market orders sweep up to their protection price and cancel the remainder; they never rest.
 * - Post-only orders are rejected if they would take liquidity.
 * - Replace: a decrease at the same price keeps the order's place; a price change or an increase sends it to the
 *   back of its (new) level, and a new price that crosses the book trades first, as an incoming order would.
 * - Self-trade prevention on the account id (see {@link SelfTradePrevention}).
 */
import { invariant } from '@tessera/money';
import { BookSide, RestingOrder, type PriceLevel } from './book-side.ts';
import { OrderIndex } from './order-index.ts';
import {
  MATCHING_LIMITS_DEFAULT,
  PRICE_TICKS_LIMIT,
  type CancelReason,
  type MatchingEventSink,
  type MatchingLimits,
  type OrderRequest,
  type PriceLevelView,
  type RejectionReason,
  type RestingOrderView,
  type Side,
} from './matching.types.ts';

// Done orders are kept for reuse so steady trading does not allocate an object per order; bounded.
const FREE_ORDERS_MAX = 4096;

/** A limit order book and its matching rules, for one instrument. */
export class MatchingEngine {
  readonly limits: MatchingLimits;
  private readonly sink: MatchingEventSink;
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new OrderIndex<RestingOrder>();
  private readonly freeOrders: RestingOrder[] = [];
  // Set by `match` when self-trade prevention stopped the incoming order (cancel_incoming).
  private stoppedBySelfTrade = false;
  private lastTradeTicks = 0;
  // Every id ever accepted is at most this: resting orders' ids included.
  private highestOrderId = 0;

  constructor(sink: MatchingEventSink, limits: MatchingLimits = MATCHING_LIMITS_DEFAULT) {
    invariant(isPositiveSafeInteger(limits.ordersMax), 'ordersMax must be a positive integer');
    invariant(isPositiveSafeInteger(limits.quantityLotsMax), 'quantityLotsMax must be a positive integer');
    invariant(
      isPositiveSafeInteger(limits.priceTicksMax) && limits.priceTicksMax <= PRICE_TICKS_LIMIT,
      `priceTicksMax must be an integer from 1 to ${PRICE_TICKS_LIMIT}`,
    );
    // Level and side totals add up to ordersMax orders of quantityLotsMax each: that must stay exact.
    invariant(
      limits.ordersMax * limits.quantityLotsMax <= Number.MAX_SAFE_INTEGER,
      'ordersMax * quantityLotsMax must not exceed 2^53 - 1',
    );
    this.sink = sink;
    this.limits = limits;
  }

  /** Submits a new limit or market order. */
  submit(request: OrderRequest): void {
    const rejection = this.validateNew(request);
    if (rejection !== null) {
      this.sink.rejected(request.orderId, rejection);
      return;
    }
    // From here the order is accepted: it gets exactly one `done`, now or when it leaves the book.
    if (request.orderId > this.highestOrderId) {
      this.highestOrderId = request.orderId;
    }
    this.sink.accepted(request.orderId);
    const cancelIncoming = request.selfTradePrevention === 'cancel_incoming';
    if (request.type === 'market') {
      const remaining = this.match(
        request,
        request.protectionPriceTicks,
        request.quantityLots,
        cancelIncoming,
      );
      this.finishTaker(
        request.orderId,
        remaining,
        this.stoppedBySelfTrade ? 'self_trade_prevention' : 'market_unfilled',
      );
      return;
    }
    if (
      request.timeInForce === 'fok' &&
      !this.canFillCompletely(request, request.priceTicks, request.quantityLots, cancelIncoming)
    ) {
      this.finishTaker(request.orderId, request.quantityLots, 'fill_or_kill');
      return;
    }
    const remaining = this.match(request, request.priceTicks, request.quantityLots, cancelIncoming);
    if (request.timeInForce !== 'gtc' || remaining === 0 || this.stoppedBySelfTrade) {
      invariant(request.timeInForce !== 'fok' || remaining === 0, 'a fillable FOK order left a remainder');
      this.finishTaker(
        request.orderId,
        remaining,
        this.stoppedBySelfTrade ? 'self_trade_prevention' : 'immediate_or_cancel',
      );
      return;
    }
    const order = this.newOrder(
      request.orderId,
      request.accountId,
      request.side,
      request.priceTicks,
      remaining,
    );
    order.postOnly = request.postOnly === true;
    order.cancelIncomingOnSelfTrade = cancelIncoming;
    this.rest(order);
  }

  /** Cancels a resting order (`rejected: unknown_order` if it is not resting). */
  cancel(orderId: number): void {
    const order = this.orders.get(orderId);
    if (order === undefined) {
      this.sink.rejected(orderId, 'unknown_order');
      return;
    }
    const remaining = order.remainingLots;
    this.removeResting(order);
    this.sink.cancelled(orderId, remaining, 'requested');
    this.sink.done(orderId, 'cancelled');
    this.releaseOrder(order);
  }

  /**
   * Replaces a resting order's price and open quantity (`quantityLots` is what stays open, not the original
   * size). Keeps priority only for a same-price decrease (or no change); otherwise the order re-enters at the back
   * and trades first if the new price crosses the book.
   */
  replace(orderId: number, priceTicks: number, quantityLots: number): void {
    const order = this.orders.get(orderId);
    const rejection =
      order === undefined ? 'unknown_order' : this.validatePriceAndQuantity(priceTicks, quantityLots);
    if (rejection !== null || order === undefined) {
      this.sink.rejected(orderId, rejection ?? 'unknown_order');
      return;
    }
    const level = order.level as PriceLevel;
    if (priceTicks === order.priceTicks && quantityLots <= order.remainingLots) {
      level.quantityLots -= order.remainingLots - quantityLots;
      order.remainingLots = quantityLots;
      this.sink.replaced(orderId, priceTicks, quantityLots, true);
      return;
    }
    if (order.postOnly && this.crosses(order.side, priceTicks)) {
      this.sink.rejected(orderId, 'post_only_would_take');
      return;
    }
    // From here the replace must succeed: the order leaves its place and comes back as an incoming order.
    this.removeResting(order);
    this.sink.replaced(orderId, priceTicks, quantityLots, false);
    const remaining = this.match(order, priceTicks, quantityLots, order.cancelIncomingOnSelfTrade);
    if (remaining === 0 || this.stoppedBySelfTrade) {
      this.finishTaker(orderId, remaining, 'self_trade_prevention');
      this.releaseOrder(order);
      return;
    }
    order.priceTicks = priceTicks;
    order.remainingLots = remaining;
    this.rest(order);
  }

  /** The best bid in ticks, or 0 when there is none. */
  bestBidTicks(): number {
    return this.bids.best()?.priceTicks ?? 0;
  }

  /** The best ask in ticks, or 0 when there is none. */
  bestAskTicks(): number {
    return this.asks.best()?.priceTicks ?? 0;
  }

  /** The price of the last trade in ticks, or 0 before the first trade. */
  lastTradePriceTicks(): number {
    return this.lastTradeTicks;
  }

  /** How many orders rest in the book. */
  restingOrderCount(): number {
    return this.orders.size;
  }

  /** A copy of a resting order, or undefined. */
  restingOrder(orderId: number): RestingOrderView | undefined {
    const order = this.orders.get(orderId);
    return order === undefined ? undefined : toView(order);
  }

  /** Up to `levelsMax` levels of one side, best first (market data, snapshots). */
  depth(side: Side, levelsMax: number): PriceLevelView[] {
    invariant(Number.isSafeInteger(levelsMax) && levelsMax >= 0, 'levelsMax must be a non-negative integer');
    const levels = side === 'buy' ? this.bids.levels : this.asks.levels;
    const result: PriceLevelView[] = [];
    for (let index = levels.length - 1; index >= 0 && result.length < levelsMax; index -= 1) {
      const level = levels[index] as PriceLevel;
      result.push({
        priceTicks: level.priceTicks,
        quantityLots: level.quantityLots,
        orderCount: level.orderCount,
      });
    }
    return result;
  }

  /** Every resting order of one side in priority order (snapshots, tests). O(n). */
  restingOrders(side: Side): RestingOrderView[] {
    const levels = side === 'buy' ? this.bids.levels : this.asks.levels;
    const result: RestingOrderView[] = [];
    for (let index = levels.length - 1; index >= 0; index -= 1) {
      for (let order = (levels[index] as PriceLevel).head; order !== null; order = order.next) {
        result.push(toView(order));
      }
    }
    return result;
  }

  /**
   * Checks every structural invariant in O(n) and throws on the first broken one: the book is not crossed, levels
   * are sorted and non-empty, totals and counts add up, and the id map holds exactly the resting orders.
   * Tests and the benchmark call it after a run; it is too slow for the hot path.
   */
  checkInvariants(): void {
    const bestBid = this.bids.best();
    const bestAsk = this.asks.best();
    invariant(
      bestBid === undefined || bestAsk === undefined || bestBid.priceTicks < bestAsk.priceTicks,
      `the book is crossed: bid ${bestBid?.priceTicks} >= ask ${bestAsk?.priceTicks}`,
    );
    const counted = checkSide(this.bids, this.orders) + checkSide(this.asks, this.orders);
    invariant(
      counted === this.orders.size,
      `the id map has ${this.orders.size} orders, the levels ${counted}`,
    );
    invariant(this.orders.size <= this.limits.ordersMax, 'more resting orders than ordersMax');
  }

  private validateNew(request: OrderRequest): RejectionReason | null {
    if (!isPositiveSafeInteger(request.orderId)) {
      return 'invalid_order_id';
    }
    // Services number orders with a rising sequence, so a new id above every id seen so far skips the lookup.
    if (request.orderId <= this.highestOrderId && this.orders.has(request.orderId)) {
      return 'duplicate_order_id';
    }
    const priceTicks = request.type === 'market' ? request.protectionPriceTicks : request.priceTicks;
    const rejection = this.validatePriceAndQuantity(priceTicks, request.quantityLots);
    if (rejection !== null || request.type === 'market') {
      return rejection;
    }
    if (request.postOnly === true) {
      if (request.timeInForce !== 'gtc') {
        return 'post_only_requires_gtc';
      }
      if (this.crosses(request.side, request.priceTicks)) {
        return 'post_only_would_take';
      }
    }
    if (request.timeInForce === 'gtc' && this.orders.size >= this.limits.ordersMax) {
      return 'book_full';
    }
    return null;
  }

  private validatePriceAndQuantity(priceTicks: number, quantityLots: number): RejectionReason | null {
    if (!isPositiveSafeInteger(priceTicks) || priceTicks > this.limits.priceTicksMax) {
      return 'invalid_price';
    }
    if (!isPositiveSafeInteger(quantityLots) || quantityLots > this.limits.quantityLotsMax) {
      return 'invalid_quantity';
    }
    return null;
  }

  /** True when an order on `side` at `priceTicks` would trade with the opposite best. */
  private crosses(side: Side, priceTicks: number): boolean {
    const best = side === 'buy' ? this.asks.best() : this.bids.best();
    return (
      best !== undefined && (side === 'buy' ? best.priceTicks <= priceTicks : best.priceTicks >= priceTicks)
    );
  }

  /**
   * Trades `quantityLots` of the taker against the opposite side up to `limitTicks` and returns what is left.
   * Sets `stoppedBySelfTrade` when cancel_incoming self-trade prevention ended it early.
   */
  private match(
    taker: { readonly orderId: number; readonly accountId: string; readonly side: Side },
    limitTicks: number,
    quantityLots: number,
    cancelIncoming: boolean,
  ): number {
    const isBuy = taker.side === 'buy';
    const opposite = isBuy ? this.asks : this.bids;
    const sink = this.sink;
    let remaining = quantityLots;
    this.stoppedBySelfTrade = false;
    while (remaining > 0) {
      const level = opposite.best();
      if (level === undefined || (isBuy ? level.priceTicks > limitTicks : level.priceTicks < limitTicks)) {
        break;
      }
      let maker = level.head;
      while (maker !== null && remaining > 0) {
        const next = maker.next;
        if (maker.accountId === taker.accountId) {
          if (cancelIncoming) {
            // The own order is still on this level, so the level is not empty and stays.
            this.stoppedBySelfTrade = true;
            return remaining;
          }
          this.cancelResting(opposite, maker, 'self_trade_prevention');
        } else {
          const tradedLots = remaining < maker.remainingLots ? remaining : maker.remainingLots;
          remaining -= tradedLots;
          maker.remainingLots -= tradedLots;
          level.quantityLots -= tradedLots;
          this.lastTradeTicks = level.priceTicks;
          sink.fill(maker.orderId, taker.orderId, level.priceTicks, tradedLots);
          if (maker.remainingLots === 0) {
            opposite.unlink(maker);
            this.orders.delete(maker.orderId);
            sink.done(maker.orderId, 'filled');
            this.releaseOrder(maker);
          }
        }
        maker = next;
      }
      this.removeLevelIfEmptyAfterMatch(opposite, level);
    }
    return remaining;
  }

  private removeLevelIfEmptyAfterMatch(side: BookSide, level: PriceLevel): void {
    if (level.orderCount === 0) {
      side.removeBestLevel();
    }
  }

  /**
   * Whether a FOK order would fill completely, walking the book as `match` would (own orders are skipped under
   * cancel_resting, and end the walk under cancel_incoming). Changes nothing.
   */
  private canFillCompletely(
    taker: { readonly accountId: string; readonly side: Side },
    limitTicks: number,
    quantityLots: number,
    cancelIncoming: boolean,
  ): boolean {
    const isBuy = taker.side === 'buy';
    const levels = isBuy ? this.asks.levels : this.bids.levels;
    let available = 0;
    for (let index = levels.length - 1; index >= 0; index -= 1) {
      const level = levels[index] as PriceLevel;
      if (isBuy ? level.priceTicks > limitTicks : level.priceTicks < limitTicks) {
        return false;
      }
      for (let maker = level.head; maker !== null; maker = maker.next) {
        if (maker.accountId === taker.accountId) {
          if (cancelIncoming) {
            return false;
          }
        } else {
          available += maker.remainingLots;
          if (available >= quantityLots) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Ends an incoming order that does not rest: cancels its remainder (if any) and reports it done. */
  private finishTaker(orderId: number, remainingLots: number, reason: CancelReason): void {
    if (remainingLots === 0) {
      this.sink.done(orderId, 'filled');
      return;
    }
    this.sink.cancelled(orderId, remainingLots, reason);
    this.sink.done(orderId, 'cancelled');
  }

  private cancelResting(side: BookSide, order: RestingOrder, reason: CancelReason): void {
    const remaining = order.remainingLots;
    side.unlink(order);
    this.orders.delete(order.orderId);
    this.sink.cancelled(order.orderId, remaining, reason);
    this.sink.done(order.orderId, 'cancelled');
    this.releaseOrder(order);
  }

  private rest(order: RestingOrder): void {
    invariant(order.remainingLots > 0, 'a resting order must have quantity');
    invariant(this.orders.size < this.limits.ordersMax, 'the book is full');
    (order.side === 'buy' ? this.bids : this.asks).append(order);
    this.orders.add(order.orderId, order);
  }

  private removeResting(order: RestingOrder): void {
    const side = order.side === 'buy' ? this.bids : this.asks;
    const level = order.level as PriceLevel;
    side.unlink(order);
    side.removeLevelIfEmpty(level);
    this.orders.delete(order.orderId);
  }

  private newOrder(
    orderId: number,
    accountId: string,
    side: Side,
    priceTicks: number,
    remainingLots: number,
  ): RestingOrder {
    const order = this.freeOrders.pop();
    if (order === undefined) {
      return new RestingOrder(orderId, accountId, side, priceTicks, remainingLots, false, false);
    }
    order.orderId = orderId;
    order.accountId = accountId;
    order.side = side;
    order.priceTicks = priceTicks;
    order.remainingLots = remainingLots;
    return order;
  }

  private releaseOrder(order: RestingOrder): void {
    if (this.freeOrders.length < FREE_ORDERS_MAX) {
      order.postOnly = false;
      order.cancelIncomingOnSelfTrade = false;
      this.freeOrders.push(order);
    }
  }
}

function isPositiveSafeInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function toView(order: RestingOrder): RestingOrderView {
  return {
    orderId: order.orderId,
    accountId: order.accountId,
    side: order.side,
    priceTicks: order.priceTicks,
    quantityLots: order.remainingLots,
  };
}

/** Checks one side's levels and orders; returns how many orders it holds. */
function checkSide(side: BookSide, orders: OrderIndex<RestingOrder>): number {
  let counted = 0;
  for (let index = 0; index < side.levels.length; index += 1) {
    const level = side.levels[index] as PriceLevel;
    const previous = side.levels[index - 1];
    invariant(
      previous === undefined || side.isBetter(level.priceTicks, previous.priceTicks),
      'levels out of order',
    );
    invariant(side.levelByPrice.get(level.priceTicks) === level, 'a level is missing from the price map');
    invariant(level.orderCount > 0 && level.head !== null, 'an empty level stayed in the book');
    let quantityLots = 0;
    let orderCount = 0;
    for (let order: RestingOrder | null = level.head; order !== null; order = order.next) {
      invariant(
        order.level === level && order.priceTicks === level.priceTicks,
        'an order on the wrong level',
      );
      invariant(order.remainingLots > 0, 'a resting order without quantity');
      invariant(orders.get(order.orderId) === order, 'a resting order is missing from the id map');
      quantityLots += order.remainingLots;
      orderCount += 1;
    }
    invariant(level.quantityLots === quantityLots, 'a level total does not match its orders');
    invariant(level.orderCount === orderCount, 'a level count does not match its orders');
    counted += orderCount;
  }
  invariant(side.levelByPrice.size === side.levels.length, 'the price map holds levels not in the book');
  invariant(side.orderCount === counted, 'a side count does not match its orders');
  return counted;
}
