/**
 * The matching engine's vocabulary: requests in, events out, named rejections and cancellations, and limits.
 *
 * Inside the engine prices are integer ticks and quantities integer lots (plain safe integers, never money):
 * the trading service converts decimal prices and quantities at the edge with the instrument's tick and lot size
 * (`price = priceTicks * tickSize`, `quantity = quantityLots * lotSize`). Every bound below is asserted or
 * rejected, so no sum inside the engine can leave the safe-integer range.
 */

/** The side of an order. */
export type Side = 'buy' | 'sell';

/**
 * Time in force at the engine level. DAY and GTD are service-level: the service cancels such orders when they
 * expire, so the engine only knows whether an order may rest (`gtc`) or must complete now (`ioc`, `fok`).
 */
export type TimeInForce = 'gtc' | 'ioc' | 'fok';

/**
 * Self-trade prevention when an incoming order meets a resting order of the same account.
 * - `cancel_resting` (the default): the resting order is cancelled and matching continues. The newest order is
 *   taken as the account's current intent, and a market maker's fresh quote replaces its stale one.
 * - `cancel_incoming`: the incoming order's remainder is cancelled at the first own order it meets (fills before
 *   that stand); the resting order keeps its place.
 */
export type SelfTradePrevention = 'cancel_resting' | 'cancel_incoming';

/** A limit order: trades at `priceTicks` or better; the remainder rests (`gtc`) or is cancelled (`ioc`, `fok`). */
export interface LimitOrderRequest {
  readonly type: 'limit';
  /** Assigned by the service, unique per instrument for the engine's lifetime (a sequence number). */
  readonly orderId: number;
  readonly accountId: string;
  readonly side: Side;
  readonly priceTicks: number;
  readonly quantityLots: number;
  readonly timeInForce: TimeInForce;
  /** Rejected instead of taking liquidity; only with `gtc`. */
  readonly postOnly?: boolean;
  readonly selfTradePrevention?: SelfTradePrevention;
}

/**
 * A market order. It never rests and never trades beyond `protectionPriceTicks`: the collar the pre-trade check
 * computes (5% from the reference price), so a thin book cannot fill a customer at any price. The unfilled
 * remainder is cancelled.
 */
export interface MarketOrderRequest {
  readonly type: 'market';
  readonly orderId: number;
  readonly accountId: string;
  readonly side: Side;
  readonly quantityLots: number;
  /** The worst price it may trade at: the highest for a buy, the lowest for a sell. */
  readonly protectionPriceTicks: number;
  readonly selfTradePrevention?: SelfTradePrevention;
}

/** What `MatchingEngine.submit` accepts. */
export type OrderRequest = LimitOrderRequest | MarketOrderRequest;

/** Why a request changed nothing. Stable names: the trading service maps each to an error code. */
export type RejectionReason =
  /** The order id is not a positive safe integer. */
  | 'invalid_order_id'
  /** A resting order already has this id. */
  | 'duplicate_order_id'
  /** The price (or protection price) is not an integer from 1 to `priceTicksMax`. */
  | 'invalid_price'
  /** The quantity is not an integer from 1 to `quantityLotsMax`. */
  | 'invalid_quantity'
  /** Post-only was asked with IOC or FOK, which never rest. */
  | 'post_only_requires_gtc'
  /** A post-only order (or its replacement) would trade on arrival. */
  | 'post_only_would_take'
  /** The book holds `ordersMax` resting orders; a `gtc` order could not rest. */
  | 'book_full'
  /** Cancel or replace of an order that is not resting (unknown, filled or already cancelled). */
  | 'unknown_order';

/** Why quantity left the engine without trading. */
export type CancelReason =
  /** The customer (or the service, at expiry) cancelled it. */
  | 'requested'
  /** Self-trade prevention removed it (see {@link SelfTradePrevention}). */
  | 'self_trade_prevention'
  /** The unfilled remainder of an IOC order. */
  | 'immediate_or_cancel'
  /** A FOK order that the book could not fill completely: nothing traded. */
  | 'fill_or_kill'
  /** The unfilled remainder of a market order (no more liquidity within the protection price). */
  | 'market_unfilled';

/** How an accepted order ended. */
export type DoneReason = 'filled' | 'cancelled';

/**
 * Where the engine reports what happened, synchronously and in order. An accepted order gets exactly one `done`
 * when it leaves the engine; a rejected request gets `rejected` and nothing else.
 *
 * Order of events for one request: `accepted` (or `rejected`, or `replaced`), then fills in priority order (a
 * maker filled completely is followed at once by its `done`; a resting order removed by self-trade prevention
 * gets `cancelled` then `done`), then the incoming order's own `cancelled`/`done` if it does not rest.
 */
export interface MatchingEventSink {
  accepted(orderId: number): void;
  rejected(orderId: number, reason: RejectionReason): void;
  /** A trade at the maker's price. */
  fill(makerOrderId: number, takerOrderId: number, priceTicks: number, quantityLots: number): void;
  /** `quantityLots` left the order without trading. */
  cancelled(orderId: number, quantityLots: number, reason: CancelReason): void;
  /**
   * A replace took effect: the order now has `priceTicks` and `quantityLots` open. `priorityKept` is true for a
   * decrease at the same price; otherwise the order went to the back of its (new) level, after any fills.
   */
  replaced(orderId: number, priceTicks: number, quantityLots: number, priorityKept: boolean): void;
  done(orderId: number, reason: DoneReason): void;
}

/** The engine's bounds. Each is a promise the engine keeps: beyond it, requests are rejected. */
export interface MatchingLimits {
  /** Resting orders per book. */
  readonly ordersMax: number;
  /** The highest price in ticks. At most 2^30 - 1, so prices stay small integers (fast map keys in V8). */
  readonly priceTicksMax: number;
  /** The largest quantity of one order, in lots. */
  readonly quantityLotsMax: number;
}

/** The largest `priceTicksMax` any book may use: 2^30 - 1. */
export const PRICE_TICKS_LIMIT = 2 ** 30 - 1;

/**
 * Defaults: a million resting orders of up to 9 * 10^9 lots. Their product stays below 2^53, so a level's or a
 * side's total can never lose precision. With shares in lots of 0.000001 that is 9,000 shares per order; a
 * service that needs more per order lowers `ordersMax` for that instrument (the product is what is checked).
 */
export const MATCHING_LIMITS_DEFAULT: MatchingLimits = {
  ordersMax: 1_000_000,
  priceTicksMax: PRICE_TICKS_LIMIT,
  quantityLotsMax: 9_000_000_000,
};

/** One resting order as the engine reports it (a copy; changing it changes nothing). */
export interface RestingOrderView {
  readonly orderId: number;
  readonly accountId: string;
  readonly side: Side;
  readonly priceTicks: number;
  readonly quantityLots: number;
}

/** One price level of the book. */
export interface PriceLevelView {
  readonly priceTicks: number;
  readonly quantityLots: number;
  readonly orderCount: number;
}
