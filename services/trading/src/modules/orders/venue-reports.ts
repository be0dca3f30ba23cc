/**
 * The venue side of the lifecycle: handing an order to the venue in the venue's terms, and applying what the venue
 * reports (acceptances, fills, cancellations, rejections, replacements, ends) in order, in the instrument's queue.
 * An order that ends releases what is still reserved in the same database transaction as its final status.
 */
import { assertNever, invariant } from '@tessera/money';
import type { TimeInForce } from '@tessera/contracts';
import type { CancelReason } from '../matching/index.ts';
import type { InstrumentSpec } from '../instruments/instrument-spec.ts';
import type { InternalVenue, ParticipantOrderLots } from '../venue/internal-venue.ts';
import { MARKET_MAKER_ORDER_ID_BASE } from '../venue/internal-venue.ts';
import type { VenueExecutionReport, VenueOrder } from '../venue/venue-adapter.ts';
import type { FillBooking } from './fill-booking.ts';
import { orderTermsOf } from './order-terms.ts';
import type { LedgerOutbox } from './ledger-outbox.ts';
import type { OrderNotifications } from './order-notifications.ts';
import { type OrderEnd, storedReasonOf, type TradingCancelReason } from './order-outcomes.ts';
import type { OrderStore } from './order-store.ts';
import { isOpen, type OrderState } from './orders.tables.ts';
import { releaseTransfer } from './settlement.ts';
import type { TradingCore } from './trading-core.ts';

const ENGINE_TIME_IN_FORCE = {
  DAY: 'gtc',
  GTC: 'gtc',
  GTD: 'gtc',
  IOC: 'ioc',
  FOK: 'fok',
} as const satisfies Record<TimeInForce, VenueOrder['timeInForce']>;

/** The order's remaining quantity in the venue's terms, one kind per order type. */
export function venueOrderOf(spec: InstrumentSpec, order: OrderState): VenueOrder {
  const base = {
    orderId: order.sequence,
    productId: spec.productId,
    accountId: `customer:${order.userId}`,
    side: order.side,
    quantityLots: Number(order.quantityLots - order.filledLots),
    timeInForce: ENGINE_TIME_IN_FORCE[order.timeInForce],
    ...(order.referenceTicks === null ? {} : { referencePriceTicks: order.referenceTicks }),
  };
  const protectionPriceTicks = order.maxPriceTicks;
  const terms = orderTermsOf(order.type, order);
  switch (terms.type) {
    case 'market':
      return { ...base, kind: 'market', protectionPriceTicks };
    case 'limit':
      return { ...base, kind: 'limit', limitPriceTicks: terms.limitPriceTicks };
    case 'stop':
      return { ...base, kind: 'stop', stopPriceTicks: terms.stopPriceTicks, protectionPriceTicks };
    case 'stop_limit':
      return {
        ...base,
        kind: 'stop_limit',
        stopPriceTicks: terms.stopPriceTicks,
        limitPriceTicks: terms.limitPriceTicks,
      };
    case 'trailing_stop':
      return { ...base, kind: 'trailing_stop', protectionPriceTicks, trail: terms.trail };
    default:
      return assertNever(terms, 'order terms');
  }
}

/** The customer orders one batch of reports touched, loaded once each (market makers' orders are not ours). */
class TouchedOrders {
  readonly orders = new Map<number, OrderState>();
  /** The venue's reason for each cancellation, until the order's `done`. */
  readonly cancelReasons = new Map<number, CancelReason>();

  constructor(private readonly store: OrderStore) {}

  async load(sequence: number): Promise<OrderState | null> {
    if (sequence >= MARKET_MAKER_ORDER_ID_BASE) {
      return null;
    }
    let order = this.orders.get(sequence);
    if (order === undefined) {
      order = await this.store.findBySequence(sequence);
      invariant(order !== undefined, `the venue reported an unknown order ${sequence}`);
      this.orders.set(sequence, order);
    }
    return order;
  }
}

/** Drives the venue and applies its reports. */
export class VenueReports {
  /** Orders being expired (their `done` becomes `expired`, not `cancelled`). */
  private readonly expiring = new Set<number>();
  /** Why an order being cancelled by trading itself ends (instead of the venue's reason). */
  private readonly cancelReasons = new Map<number, TradingCancelReason>();

  constructor(
    private readonly core: TradingCore,
    private readonly venue: InternalVenue,
    private readonly store: OrderStore,
    private readonly outbox: LedgerOutbox,
    private readonly notifications: OrderNotifications,
    private readonly fills: FillBooking,
    private readonly onVenueChange: (productId: string) => void,
  ) {}

  /** Hands an accepted order to the venue and applies what happened (run in the instrument's queue). */
  async submitToVenue(spec: InstrumentSpec, order: OrderState): Promise<void> {
    const reports = await this.venue.submit(venueOrderOf(spec, order));
    await this.applyReports(spec, reports);
  }

  /**
   * A new reference price: the market makers requote, triggers are checked, then the simulated participants' orders
   * trade (run in the instrument's queue).
   */
  async referencePrice(
    spec: InstrumentSpec,
    priceTicks: number,
    participants: readonly ParticipantOrderLots[] = [],
  ): Promise<void> {
    const reports = await this.venue.referencePrice(spec.productId, priceTicks, participants);
    await this.applyReports(spec, reports);
  }

  /** Cancels the order on the venue; `reason` says why when trading itself cancels (run in the queue). */
  async cancelOnVenue(spec: InstrumentSpec, order: OrderState, reason?: TradingCancelReason): Promise<void> {
    if (reason !== undefined) {
      this.cancelReasons.set(order.sequence, reason);
    }
    try {
      await this.applyReports(spec, await this.venue.cancel(spec.productId, order.sequence));
    } finally {
      if (reason !== undefined) {
        this.cancelReasons.delete(order.sequence);
      }
    }
  }

  /** Expires an order the venue holds: its cancellation ends as `expired` (run in the queue). */
  async expireOnVenue(spec: InstrumentSpec, order: OrderState): Promise<void> {
    this.expiring.add(order.sequence);
    const reports = await this.venue.cancel(spec.productId, order.sequence);
    await this.applyReports(spec, reports);
    this.expiring.delete(order.sequence);
  }

  /** Applies the venue's reports in order: settles fills, releases what finished orders no longer need. */
  async applyReports(spec: InstrumentSpec, reports: readonly VenueExecutionReport[]): Promise<void> {
    const touched = new TouchedOrders(this.store);
    for (const report of reports) {
      await this.applyReport(spec, report, touched);
    }
    for (const order of touched.orders.values()) {
      await this.settleOpenStatus(order);
      await this.notifications.notifyOrder(order);
    }
    if (reports.length > 0) {
      this.onVenueChange(spec.productId);
    }
  }

  private async applyReport(
    spec: InstrumentSpec,
    report: VenueExecutionReport,
    touched: TouchedOrders,
  ): Promise<void> {
    switch (report.type) {
      case 'accepted':
        return this.onAccepted(await touched.load(report.orderId));
      case 'fill':
        return this.fills.applyFill(
          spec,
          report,
          await touched.load(report.makerOrderId),
          await touched.load(report.takerOrderId),
        );
      case 'cancelled':
        touched.cancelReasons.set(report.orderId, report.reason);
        return;
      case 'rejected': {
        const order = await touched.load(report.orderId);
        if (order !== null && !order.onVenue && order.status === 'accepted') {
          await this.finish(spec, order, { status: 'rejected', by: 'venue', rejection: report.reason });
        }
        return;
      }
      case 'replaced':
        return this.onReplaced(await touched.load(report.orderId), report);
      case 'done': {
        const order = await touched.load(report.orderId);
        if (order !== null) {
          await this.finish(spec, order, this.endOf(report, touched));
        }
        return;
      }
      default:
        return assertNever(report, 'a venue report');
    }
  }

  private async onAccepted(order: OrderState | null): Promise<void> {
    if (order !== null && !order.onVenue) {
      order.onVenue = true;
      await this.store.save(order);
    }
  }

  private async onReplaced(
    order: OrderState | null,
    report: Extract<VenueExecutionReport, { type: 'replaced' }>,
  ): Promise<void> {
    if (order !== null) {
      order.limitPriceTicks = report.priceTicks;
      order.maxPriceTicks = report.priceTicks;
      order.quantityLots = order.filledLots + BigInt(report.quantityLots);
      await this.store.save(order);
    }
  }

  /** How a `done` ends the order: filled, expired (trading expired it), or cancelled with the first reason known. */
  private endOf(report: Extract<VenueExecutionReport, { type: 'done' }>, touched: TouchedOrders): OrderEnd {
    const expired = this.expiring.delete(report.orderId);
    if (report.reason === 'filled') {
      return { status: 'filled' };
    }
    if (expired) {
      return { status: 'expired' };
    }
    const reason =
      this.cancelReasons.get(report.orderId) ?? touched.cancelReasons.get(report.orderId) ?? 'requested';
    return { status: 'cancelled', reason };
  }

  /** An open order the venue holds is `working`, or `partially_filled` once something filled. */
  private async settleOpenStatus(order: OrderState): Promise<void> {
    if (!order.onVenue || !isOpen(order.status)) {
      return;
    }
    const status = order.filledLots > 0n ? 'partially_filled' : 'working';
    if (order.status !== status) {
      order.status = status;
      await this.store.save(order);
    }
  }

  /** Final status; releases what is still reserved, in the same transaction as the status. */
  async finish(spec: InstrumentSpec, order: OrderState, end: OrderEnd): Promise<void> {
    order.status = end.status;
    order.reason = storedReasonOf(end);
    const release =
      order.reservationId !== null && order.reservedMinor > 0n ? releaseTransfer(spec, order) : null;
    order.reservationId = null;
    order.reservedMinor = 0n;
    await this.core.db.transaction().execute(async (trx) => {
      await this.store.save(order, trx);
      if (release !== null) {
        await this.outbox.add(trx, spec.productId, [release]);
      }
    });
    await this.outbox.sendOrLog(spec.productId);
    if (release !== null && order.side === 'buy') {
      await this.notifications.walletChanged(order.userId, spec.currency);
    }
  }
}
