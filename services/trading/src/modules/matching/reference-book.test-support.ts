/**
 * A deliberately naive order book for property tests: every resting order in one array, and each match filters
 * and sorts it from scratch (price, then arrival sequence). Slow and obviously correct, so the fast engine is
 * checked against it event for event. It follows the rules written at the top of matching-engine.ts, not the
 * engine's code.
 */
import type { MatchingEvent } from './matching-events.ts';
import type {
  CancelReason,
  MatchingLimits,
  OrderRequest,
  RejectionReason,
  RestingOrderView,
  Side,
} from './matching.types.ts';

interface ReferenceOrder {
  orderId: number;
  accountId: string;
  side: Side;
  priceTicks: number;
  quantityLots: number;
  postOnly: boolean;
  cancelIncoming: boolean;
  sequence: number;
}

interface Taker {
  readonly orderId: number;
  readonly accountId: string;
  readonly side: Side;
  readonly priceTicks: number;
  readonly quantityLots: number;
  readonly cancelIncoming: boolean;
}

/** The reference model: same requests, same events, as plainly as possible. */
export class ReferenceBook {
  readonly events: MatchingEvent[] = [];
  private resting: ReferenceOrder[] = [];
  private sequence = 0;

  constructor(private readonly limits: MatchingLimits) {}

  submit(request: OrderRequest): void {
    const rejection = this.validateNew(request);
    if (rejection !== null) {
      this.events.push({ type: 'rejected', orderId: request.orderId, reason: rejection });
      return;
    }
    this.events.push({ type: 'accepted', orderId: request.orderId });
    const priceTicks = request.type === 'market' ? request.protectionPriceTicks : request.priceTicks;
    const taker: Taker = {
      orderId: request.orderId,
      accountId: request.accountId,
      side: request.side,
      priceTicks,
      quantityLots: request.quantityLots,
      cancelIncoming: request.selfTradePrevention === 'cancel_incoming',
    };
    if (request.type === 'limit' && request.timeInForce === 'fok' && !this.canFill(taker)) {
      this.finish(taker.orderId, taker.quantityLots, 'fill_or_kill');
      return;
    }
    const { remaining, stopped } = this.match(taker);
    if (stopped) {
      this.finish(taker.orderId, remaining, 'self_trade_prevention');
    } else if (request.type === 'market') {
      this.finish(taker.orderId, remaining, 'market_unfilled');
    } else if (remaining === 0 || request.timeInForce !== 'gtc') {
      this.finish(taker.orderId, remaining, 'immediate_or_cancel');
    } else {
      this.rest(taker, remaining, request.postOnly === true);
    }
  }

  cancel(orderId: number): void {
    const order = this.resting.find((candidate) => candidate.orderId === orderId);
    if (order === undefined) {
      this.events.push({ type: 'rejected', orderId, reason: 'unknown_order' });
      return;
    }
    this.remove(order);
    this.events.push({ type: 'cancelled', orderId, quantityLots: order.quantityLots, reason: 'requested' });
    this.events.push({ type: 'done', orderId, reason: 'cancelled' });
  }

  replace(orderId: number, priceTicks: number, quantityLots: number): void {
    const order = this.resting.find((candidate) => candidate.orderId === orderId);
    const rejection = order === undefined ? 'unknown_order' : this.validateNumbers(priceTicks, quantityLots);
    if (order === undefined || rejection !== null) {
      this.events.push({ type: 'rejected', orderId, reason: rejection ?? 'unknown_order' });
      return;
    }
    if (priceTicks === order.priceTicks && quantityLots <= order.quantityLots) {
      order.quantityLots = quantityLots;
      this.events.push({ type: 'replaced', orderId, priceTicks, quantityLots, priorityKept: true });
      return;
    }
    if (order.postOnly && this.wouldTrade(order.side, priceTicks)) {
      this.events.push({ type: 'rejected', orderId, reason: 'post_only_would_take' });
      return;
    }
    this.remove(order);
    this.events.push({ type: 'replaced', orderId, priceTicks, quantityLots, priorityKept: false });
    const taker = { ...order, priceTicks, quantityLots };
    const { remaining, stopped } = this.match(taker);
    if (stopped || remaining === 0) {
      this.finish(orderId, remaining, 'self_trade_prevention');
    } else {
      this.rest(taker, remaining, order.postOnly);
    }
  }

  /** Resting orders of one side, best price first, then oldest first. */
  restingOrders(side: Side): RestingOrderView[] {
    return this.priorityOrder(this.resting.filter((order) => order.side === side)).map((order) => ({
      orderId: order.orderId,
      accountId: order.accountId,
      side: order.side,
      priceTicks: order.priceTicks,
      quantityLots: order.quantityLots,
    }));
  }

  private validateNew(request: OrderRequest): RejectionReason | null {
    if (!Number.isSafeInteger(request.orderId) || request.orderId <= 0) {
      return 'invalid_order_id';
    }
    if (this.resting.some((order) => order.orderId === request.orderId)) {
      return 'duplicate_order_id';
    }
    const priceTicks = request.type === 'market' ? request.protectionPriceTicks : request.priceTicks;
    const numbers = this.validateNumbers(priceTicks, request.quantityLots);
    if (numbers !== null || request.type === 'market') {
      return numbers;
    }
    if (request.postOnly === true && request.timeInForce !== 'gtc') {
      return 'post_only_requires_gtc';
    }
    if (request.postOnly === true && this.wouldTrade(request.side, request.priceTicks)) {
      return 'post_only_would_take';
    }
    if (request.timeInForce === 'gtc' && this.resting.length >= this.limits.ordersMax) {
      return 'book_full';
    }
    return null;
  }

  private validateNumbers(priceTicks: number, quantityLots: number): RejectionReason | null {
    if (!Number.isSafeInteger(priceTicks) || priceTicks < 1 || priceTicks > this.limits.priceTicksMax) {
      return 'invalid_price';
    }
    if (
      !Number.isSafeInteger(quantityLots) ||
      quantityLots < 1 ||
      quantityLots > this.limits.quantityLotsMax
    ) {
      return 'invalid_quantity';
    }
    return null;
  }

  private wouldTrade(side: Side, priceTicks: number): boolean {
    return this.crossing(side, priceTicks).length > 0;
  }

  /** The opposite orders an order on `side` at `priceTicks` may trade with, in the order it meets them. */
  private crossing(side: Side, priceTicks: number): ReferenceOrder[] {
    const opposite = this.resting.filter((order) =>
      side === 'buy'
        ? order.side === 'sell' && order.priceTicks <= priceTicks
        : order.side === 'buy' && order.priceTicks >= priceTicks,
    );
    return this.priorityOrder(opposite);
  }

  private priorityOrder(orders: ReferenceOrder[]): ReferenceOrder[] {
    return [...orders].sort((a, b) => {
      if (a.priceTicks !== b.priceTicks) {
        return a.side === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks;
      }
      return a.sequence - b.sequence;
    });
  }

  private canFill(taker: Taker): boolean {
    let available = 0;
    for (const maker of this.crossing(taker.side, taker.priceTicks)) {
      if (maker.accountId === taker.accountId) {
        if (taker.cancelIncoming) {
          return false;
        }
        continue;
      }
      available += maker.quantityLots;
      if (available >= taker.quantityLots) {
        return true;
      }
    }
    return false;
  }

  private match(taker: Taker): { remaining: number; stopped: boolean } {
    let remaining = taker.quantityLots;
    for (const maker of this.crossing(taker.side, taker.priceTicks)) {
      if (remaining === 0) {
        break;
      }
      if (maker.accountId === taker.accountId) {
        if (taker.cancelIncoming) {
          return { remaining, stopped: true };
        }
        this.remove(maker);
        this.finish(maker.orderId, maker.quantityLots, 'self_trade_prevention');
        continue;
      }
      const quantityLots = Math.min(remaining, maker.quantityLots);
      remaining -= quantityLots;
      maker.quantityLots -= quantityLots;
      this.events.push({
        type: 'fill',
        makerOrderId: maker.orderId,
        takerOrderId: taker.orderId,
        priceTicks: maker.priceTicks,
        quantityLots,
      });
      if (maker.quantityLots === 0) {
        this.remove(maker);
        this.events.push({ type: 'done', orderId: maker.orderId, reason: 'filled' });
      }
    }
    return { remaining, stopped: false };
  }

  private finish(orderId: number, remaining: number, reason: CancelReason): void {
    if (remaining > 0) {
      this.events.push({ type: 'cancelled', orderId, quantityLots: remaining, reason });
    }
    this.events.push({ type: 'done', orderId, reason: remaining > 0 ? 'cancelled' : 'filled' });
  }

  private rest(taker: Taker, remaining: number, postOnly: boolean): void {
    this.sequence += 1;
    this.resting.push({
      orderId: taker.orderId,
      accountId: taker.accountId,
      side: taker.side,
      priceTicks: taker.priceTicks,
      quantityLots: remaining,
      postOnly,
      cancelIncoming: taker.cancelIncoming,
      sequence: this.sequence,
    });
  }

  private remove(order: ReferenceOrder): void {
    this.resting = this.resting.filter((candidate) => candidate !== order);
  }
}
