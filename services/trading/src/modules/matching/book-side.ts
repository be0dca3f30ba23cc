/**
 * One side of a limit order book, built for the matching hot path:
 * - price levels in an array sorted from the worst price to the best, so the best level is the last element and
 *   taking liquidity empties levels with `pop()` (O(1)); a new level is placed by binary search, and because
 *   orders arrive near the best price the `splice` moves only a few elements;
 * - a Map from integer price to level, for O(1) placement of an order on an existing level;
 * - within a level an intrusive doubly-linked FIFO of orders (time priority), so a cancel anywhere is O(1).
 * Nothing here emits events or validates input: the engine does both.
 */
import { invariant } from '@tessera/money';
import type { Side } from './matching.types.ts';

/** A resting order: a node of its level's FIFO. Owned by the engine; never handed out. */
export class RestingOrder {
  orderId: number;
  accountId: string;
  side: Side;
  priceTicks: number;
  remainingLots: number;
  postOnly: boolean;
  cancelIncomingOnSelfTrade: boolean;
  level: PriceLevel | null = null;
  previous: RestingOrder | null = null;
  next: RestingOrder | null = null;

  constructor(
    orderId: number,
    accountId: string,
    side: Side,
    priceTicks: number,
    remainingLots: number,
    postOnly: boolean,
    cancelIncomingOnSelfTrade: boolean,
  ) {
    this.orderId = orderId;
    this.accountId = accountId;
    this.side = side;
    this.priceTicks = priceTicks;
    this.remainingLots = remainingLots;
    this.postOnly = postOnly;
    this.cancelIncomingOnSelfTrade = cancelIncomingOnSelfTrade;
  }
}

/** All resting orders at one price, oldest first. */
export class PriceLevel {
  priceTicks: number;
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  /** The sum of the orders' remaining lots (bounded by ordersMax * quantityLotsMax < 2^53). */
  quantityLots = 0;
  orderCount = 0;

  constructor(priceTicks: number) {
    this.priceTicks = priceTicks;
  }
}

// Emptied levels are kept for reuse, so a busy book does not allocate a level per new price; bounded so a burst
// of levels cannot pin memory for ever.
const FREE_LEVELS_MAX = 1024;

/** Bids or asks. */
export class BookSide {
  readonly side: Side;
  /** Sorted worst to best: ascending prices for bids, descending for asks. */
  readonly levels: PriceLevel[] = [];
  readonly levelByPrice = new Map<number, PriceLevel>();
  orderCount = 0;
  private readonly freeLevels: PriceLevel[] = [];

  constructor(side: Side) {
    this.side = side;
  }

  /** The best level, or undefined when the side is empty. */
  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Appends `order` at the back of its price's level, creating the level if needed. */
  append(order: RestingOrder): void {
    let level = this.levelByPrice.get(order.priceTicks);
    if (level === undefined) {
      level = this.insertLevel(order.priceTicks);
    }
    order.level = level;
    order.previous = level.tail;
    order.next = null;
    if (level.tail === null) {
      level.head = order;
    } else {
      level.tail.next = order;
    }
    level.tail = order;
    level.quantityLots += order.remainingLots;
    level.orderCount += 1;
    this.orderCount += 1;
  }

  /**
   * Unlinks `order` from its level. The level stays in place even when empty: the caller removes it with
   * {@link removeBestLevel} (matching) or {@link removeLevelIfEmpty} (cancel, replace).
   */
  unlink(order: RestingOrder): void {
    const level = order.level;
    invariant(level !== null, 'unlink: the order is not on a level');
    if (order.previous === null) {
      level.head = order.next;
    } else {
      order.previous.next = order.next;
    }
    if (order.next === null) {
      level.tail = order.previous;
    } else {
      order.next.previous = order.previous;
    }
    level.quantityLots -= order.remainingLots;
    level.orderCount -= 1;
    this.orderCount -= 1;
    order.level = null;
    order.previous = null;
    order.next = null;
  }

  /** Removes the best level, which matching has just emptied. */
  removeBestLevel(): void {
    const level = this.levels.pop();
    invariant(level !== undefined && level.orderCount === 0, 'removeBestLevel: the best level is not empty');
    this.releaseLevel(level);
  }

  /** Removes `level` from the side when it holds no order. */
  removeLevelIfEmpty(level: PriceLevel): void {
    if (level.orderCount !== 0) {
      return;
    }
    const last = this.levels.length - 1;
    if (this.levels[last] === level) {
      this.levels.pop();
    } else {
      const index = this.searchIndex(level.priceTicks);
      invariant(this.levels[index] === level, 'removeLevelIfEmpty: the level is not where its price says');
      this.levels.splice(index, 1);
    }
    this.releaseLevel(level);
  }

  /** True when a price on this side is better than (strictly ahead of) `otherPriceTicks`. */
  isBetter(priceTicks: number, otherPriceTicks: number): boolean {
    return this.side === 'buy' ? priceTicks > otherPriceTicks : priceTicks < otherPriceTicks;
  }

  private insertLevel(priceTicks: number): PriceLevel {
    const level = this.freeLevels.pop() ?? new PriceLevel(priceTicks);
    level.priceTicks = priceTicks;
    const index = this.insertionIndex(priceTicks);
    if (index === this.levels.length) {
      this.levels.push(level);
    } else {
      this.levels.splice(index, 0, level);
    }
    this.levelByPrice.set(priceTicks, level);
    return level;
  }

  private releaseLevel(level: PriceLevel): void {
    this.levelByPrice.delete(level.priceTicks);
    level.head = null;
    level.tail = null;
    level.quantityLots = 0;
    level.orderCount = 0;
    if (this.freeLevels.length < FREE_LEVELS_MAX) {
      this.freeLevels.push(level);
    }
  }

  /** The first index whose level is better than `priceTicks` (where a new level at that price belongs). */
  private insertionIndex(priceTicks: number): number {
    let low = 0;
    let high = this.levels.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.isBetter((this.levels[middle] as PriceLevel).priceTicks, priceTicks)) {
        high = middle;
      } else {
        low = middle + 1;
      }
    }
    return low;
  }

  /** The index of the level at `priceTicks`, which must exist. */
  private searchIndex(priceTicks: number): number {
    // Levels before the insertion index are worse or equal, so the level sits just before it.
    return this.insertionIndex(priceTicks) - 1;
  }
}
