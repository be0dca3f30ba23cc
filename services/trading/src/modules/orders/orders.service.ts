/**
 * The order lifecycle (PRODUCT.md, "Trading"; docs/adr/0007-trading-reservation-and-settlement.md): place (checks,
 * reservation, venue), the venue's reports (fills settled in the ledger, releases), cancel, replace, expiry, and
 * recovery at start. Every ledger write goes through the outbox: decided and stored in the same database
 * transaction as the state it belongs to, then sent; a crash resends it with the same ids, so nothing is lost or
 * settled twice. Everything that touches an instrument's book or its orders runs in the instrument's serial queue.
 *
 * This class is the lifecycle's one face (routes, runtime, alerts, positions, tests); each responsibility lives in
 * its own file: placement (order-placement.ts), the venue and its reports (venue-reports.ts), fills
 * (fill-booking.ts), cancel/replace/expiry (order-changes.ts), recovery and the sweep (order-recovery.ts), the
 * outbox (ledger-outbox.ts), storage (order-store.ts) and notifications (order-notifications.ts).
 */
import type {
  Order,
  OrdersPage,
  PlaceOrderRequest,
  ProductId,
  ReplaceOrderRequest,
  TradingServerMessage,
} from '@tessera/contracts';
import type { Decimal } from '@tessera/money';
import type { InstrumentSpec } from '../instruments/instrument-spec.ts';
import type { InternalVenue, ParticipantOrderLots } from '../venue/internal-venue.ts';
import type { VenueExecutionReport } from '../venue/venue-adapter.ts';
import { FillBooking } from './fill-booking.ts';
import { LedgerOutbox, type SendPendingResult } from './ledger-outbox.ts';
import { OrderChanges } from './order-changes.ts';
import { OrderNotifications, type PositionChangedListener } from './order-notifications.ts';
import { OrderPlacement, type Placement } from './order-placement.ts';
import { OrderRecovery, type SweepReport } from './order-recovery.ts';
import { OrderStore } from './order-store.ts';
import type { OrdersQuery } from './orders.schemas.ts';
import type { OrderState } from './orders.tables.ts';
import { minorOf } from './pre-trade.ts';
import type { ReferencePrices } from './reference-prices.ts';
import { SerialQueues } from './serial-queue.ts';
import type { TradingCore } from './trading-core.ts';
import { VenueReports } from './venue-reports.ts';

export { TRADING_CUSTOMER_TOPIC, type TradingCustomerEvent } from './order-notifications.ts';
export type { SweepReport } from './order-recovery.ts';

/** Orders, their settlement and lifecycle. */
export class OrdersService {
  readonly queues = new SerialQueues();
  private readonly store: OrderStore;
  private readonly outbox: LedgerOutbox;
  private readonly notifications: OrderNotifications;
  private readonly reports: VenueReports;
  private readonly placement: OrderPlacement;
  private readonly changes: OrderChanges;
  private readonly recovery: OrderRecovery;

  constructor(
    core: TradingCore,
    private readonly references: ReferencePrices,
    venue: InternalVenue,
    onVenueChange: (productId: string) => void,
  ) {
    const placing = new Set<string>();
    this.store = new OrderStore(core);
    this.outbox = new LedgerOutbox(core);
    this.notifications = new OrderNotifications(core, this.store);
    const fills = new FillBooking(core, this.store, this.outbox, this.notifications);
    this.reports = new VenueReports(
      core,
      venue,
      this.store,
      this.outbox,
      this.notifications,
      fills,
      onVenueChange,
    );
    const parts = [this.store, this.outbox, this.notifications, this.reports] as const;
    this.placement = new OrderPlacement(core, references, this.queues, ...parts, placing);
    this.changes = new OrderChanges(core, venue, this.queues, ...parts);
    this.recovery = new OrderRecovery(core, this.queues, ...parts, this.placement, this.changes, placing);
  }

  /** Called after a fill changed the customer's position (the runtime sends the `position` message). */
  get onPositionChanged(): PositionChangedListener | null {
    return this.notifications.onPositionChanged;
  }

  set onPositionChanged(listener: PositionChangedListener | null) {
    this.notifications.onPositionChanged = listener;
  }

  /** Places an order: idempotent by clientOrderId (the same body answers the first order, 200 vs 201). */
  place(userId: string, request: PlaceOrderRequest): Promise<Placement> {
    return this.placement.place(userId, request);
  }

  /** Cancels the customer's open order; another customer's id answers as unknown. */
  cancel(userId: string, orderId: string): Promise<Order> {
    return this.changes.cancel(userId, orderId);
  }

  /** Replaces a working limit order's price and/or total quantity (order-changes.ts). */
  replace(userId: string, orderId: string, request: ReplaceOrderRequest): Promise<Order> {
    return this.changes.replace(userId, orderId, request);
  }

  /** Expires open orders whose time has come (order-changes.ts). */
  expireDue(limit?: number): Promise<number> {
    return this.changes.expireDue(limit);
  }

  /** Sends the product's unsent settlements in order (ledger-outbox.ts). */
  sendPending(productId: string): Promise<SendPendingResult> {
    return this.outbox.sendPending(productId);
  }

  /** Hands an accepted order to the venue and applies what happened (run in the instrument's queue). */
  submitToVenue(spec: InstrumentSpec, order: OrderState): Promise<void> {
    return this.reports.submitToVenue(spec, order);
  }

  /** A new reference price: the market makers requote, triggers are checked (run in the instrument's queue). */
  referencePrice(
    spec: InstrumentSpec,
    priceTicks: number,
    participants: readonly ParticipantOrderLots[] = [],
  ): Promise<void> {
    return this.reports.referencePrice(spec, priceTicks, participants);
  }

  /** Applies the venue's reports in order (venue-reports.ts). */
  applyReports(spec: InstrumentSpec, reports: readonly VenueExecutionReport[]): Promise<void> {
    return this.reports.applyReports(spec, reports);
  }

  /** Recovery at start (order-recovery.ts). */
  recover(): Promise<void> {
    return this.recovery.recover();
  }

  /** The periodic sweep (order-recovery.ts). */
  sweep(): Promise<SweepReport> {
    return this.recovery.sweep();
  }

  /** Voids holds no open order stands behind (order-recovery.ts). */
  voidOrphanHolds(): Promise<number> {
    return this.recovery.voidOrphanHolds();
  }

  /** The order `userId` placed with `clientOrderId`, or null (the fund port decides a buy's quantity once). */
  async placedBy(userId: string, clientOrderId: string): Promise<Order | null> {
    const existing = await this.store.findByClientOrderId(userId, clientOrderId);
    return existing === null ? null : this.store.view(existing);
  }

  loadOrder(id: string): Promise<OrderState> {
    return this.store.loadOrder(id);
  }

  /** The customer's order; another customer's (or an unknown, or malformed) id is TRADING_ORDER_NOT_FOUND. */
  ownedOrder(userId: string, orderId: string): Promise<OrderState> {
    return this.store.ownedOrder(userId, orderId);
  }

  /** A page of the customer's orders, newest first. */
  list(userId: string, query: OrdersQuery): Promise<OrdersPage> {
    return this.store.list(userId, query);
  }

  view(order: OrderState): Promise<Order> {
    return this.store.view(order);
  }

  notify(userId: string, message: TradingServerMessage): Promise<void> {
    return this.notifications.notify(userId, message);
  }

  /** Units reserved by the customer's open sell orders of a product, in lots. */
  reservedLots(userId: string, productId: string): Promise<bigint> {
    return this.store.reservedLots(userId, productId);
  }

  /** The latest reference price, asking market data when no event has arrived yet; null when nobody knows. */
  async currentReference(spec: InstrumentSpec): Promise<Decimal | null> {
    return this.references.get(spec);
  }

  /** The spec's reference price decimal, if known. */
  referenceOf(productId: ProductId): Decimal | null {
    return this.references.latest(productId);
  }

  /** Reads a decimal balance string of the ledger in minor units (helper for the preview). */
  static minor(text: string, scale: number): bigint {
    return minorOf(text, scale);
  }
}
