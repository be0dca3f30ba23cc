/**
 * Placing an order (PRODUCT.md, "Trading"): idempotent by clientOrderId; the pre-trade checks; the order and its
 * first hold stored in one transaction; the hold sent by this placement alone; then the order handed to the venue.
 */
import { createHash } from 'node:crypto';
import { type Order, type PlaceOrderRequest, uuidv7 } from '@tessera/contracts';
import { invariant } from '@tessera/money';
import { sql } from 'kysely';
import { venueAccountIds } from '../accounts/trading-accounts.ts';
import type { InstrumentSpec } from '../instruments/instrument-spec.ts';
import {
  ClientOrderIdReusedError,
  InsufficientBuyingPowerError,
  InsufficientPositionError,
} from '../../errors.ts';
import type { LedgerOutbox } from './ledger-outbox.ts';
import type { OrderNotifications } from './order-notifications.ts';
import { venueRejectionError, venueRejectionOf } from './order-outcomes.ts';
import type { OrderStore } from './order-store.ts';
import { type OrderState, orderStateOf, type OrdersTable } from './orders.tables.ts';
import { checkOrder, type CheckedOrder } from './pre-trade.ts';
import type { ReferencePrices } from './reference-prices.ts';
import type { SerialQueues } from './serial-queue.ts';
import { reservationTransfer } from './settlement.ts';
import type { TradingCore } from './trading-core.ts';
import type { VenueReports } from './venue-reports.ts';
import type { Insertable } from 'kysely';

/** What a placement answers: the order, and whether this call created it (201) or found it (200). */
export interface Placement {
  readonly order: Order;
  readonly created: boolean;
}

/** The columns of a freshly accepted order. */
function acceptedOrderRow(
  ids: { id: string; reservationId: string; sequence: string },
  userId: string,
  request: PlaceOrderRequest,
  requestHash: string,
  checked: CheckedOrder,
  now: Date,
): Insertable<OrdersTable> {
  return {
    id: ids.id,
    sequence: ids.sequence,
    user_id: userId,
    client_order_id: request.clientOrderId,
    request_hash: requestHash,
    product_id: checked.spec.productId,
    side: request.side,
    type: request.type,
    time_in_force: request.timeInForce,
    status: 'accepted',
    reason: null,
    quantity_lots: checked.quantityLots,
    notional: request.notional ?? null,
    limit_price_ticks: checked.limitPriceTicks,
    stop_price_ticks: checked.stopPriceTicks,
    trail_amount_ticks: checked.trailAmountTicks,
    trail_percent_bp: checked.trailPercentBp,
    max_price_ticks: checked.maxPriceTicks,
    reference_ticks: checked.referenceTicks,
    reservation_id: ids.reservationId,
    reserved_minor: checked.reservationMinor,
    on_venue: false,
    expires_at: checked.expiresAt,
    created_at: now,
    updated_at: now,
  };
}

/** Places orders. */
export class OrderPlacement {
  constructor(
    private readonly core: TradingCore,
    private readonly references: ReferencePrices,
    private readonly queues: SerialQueues,
    private readonly store: OrderStore,
    private readonly outbox: LedgerOutbox,
    private readonly notifications: OrderNotifications,
    private readonly reports: VenueReports,
    /** Orders whose placement is running in this process: their first hold is theirs to send, not the sweep's. */
    private readonly placing: Set<string>,
  ) {}

  /** Places an order: idempotent by clientOrderId (the same body answers the first order, 200 vs 201). */
  async place(userId: string, request: PlaceOrderRequest): Promise<Placement> {
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const existing = await this.store.findByClientOrderId(userId, request.clientOrderId);
    if (existing !== null) {
      return this.answerExisting(existing, requestHash);
    }
    const checked = await checkOrder(this.core, this.references, userId, request);
    await this.store.assertBelowOpenOrdersLimit(userId);
    const { spec } = checked;
    await this.core.accounts.ensureVenue(spec);
    if (request.side === 'buy') {
      // The units land in the position account: it must exist before the first fill.
      await this.core.accounts.ensurePosition(userId, spec);
    }
    const order = await this.insertAccepted(userId, request, requestHash, checked);
    if (order === null) {
      const raced = await this.store.findByClientOrderId(userId, request.clientOrderId);
      invariant(raced !== null, 'a unique violation on clientOrderId means the order exists');
      return this.answerExisting(raced, requestHash);
    }
    return { order: await this.completePlacement(spec, order), created: true };
  }

  /** Hands an accepted order to the venue once (a retry, the sweep and recovery may all try: the first wins). */
  async submitIfAccepted(spec: InstrumentSpec, orderId: string): Promise<void> {
    const order = await this.store.loadOrder(orderId);
    if (order.status !== 'accepted' || order.onVenue) {
      return;
    }
    await this.reports.submitToVenue(spec, order);
  }

  /**
   * Sends the order's first hold (its own outbox row, never another order's), then hands the order to the venue.
   * A refusal answers only this order: its row and the order are deleted and the customer gets the pre-trade code,
   * with nothing held. A ledger that throws or does not answer in time leaves both in place (the hold may have
   * landed): the customer gets TRADING_LEDGER_UNAVAILABLE, and a retry with the same clientOrderId, or the sweep,
   * completes the placement with the same ids.
   */
  private async completePlacement(spec: InstrumentSpec, order: OrderState): Promise<Order> {
    this.placing.add(order.id);
    try {
      const refused = await this.outbox.sendReservation(order.id);
      if (refused !== null) {
        await this.forgetRefused(order);
        throw order.side === 'buy' ? new InsufficientBuyingPowerError() : new InsufficientPositionError();
      }
    } finally {
      this.placing.delete(order.id);
    }
    if (order.side === 'buy') {
      await this.notifications.walletChanged(order.userId, spec.currency);
    }
    await this.queues.run(spec.productId, () => this.submitIfAccepted(spec, order.id));
    const final = await this.store.loadOrder(order.id);
    const rejection = venueRejectionOf(final);
    if (rejection !== null) {
      throw venueRejectionError(rejection);
    }
    return this.store.view(final);
  }

  /** A race with another movement of the wallet or position: nothing was held for this order, so it goes. */
  private async forgetRefused(order: OrderState): Promise<void> {
    await this.core.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('ledger_outbox')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'reservation')
        .execute();
      await trx.deleteFrom('orders').where('id', '=', order.id).execute();
    });
  }

  private async answerExisting(existing: OrderState, requestHash: string): Promise<Placement> {
    if ((await this.store.requestHashOf(existing.id)) !== requestHash) {
      throw new ClientOrderIdReusedError(undefined, { orderId: existing.id });
    }
    if (existing.status === 'accepted' && !existing.onVenue && !this.placing.has(existing.id)) {
      // The first try stopped before the venue had it (the ledger did not answer, or the process died): this
      // retry finishes it with the same ids, so it holds and trades once.
      const spec = this.core.specs.get(existing.productId);
      return { order: await this.completePlacement(spec, existing), created: false };
    }
    return { order: await this.store.view(existing), created: false };
  }

  /** Stores the order and its first hold's outbox row; null when the clientOrderId raced another placement. */
  private async insertAccepted(
    userId: string,
    request: PlaceOrderRequest,
    requestHash: string,
    checked: CheckedOrder,
  ): Promise<OrderState | null> {
    const { spec } = checked;
    const now = this.core.now();
    const id = uuidv7();
    const reservationId = uuidv7();
    const transfer = reservationTransfer(
      spec,
      {
        id,
        side: request.side,
        userId,
        productId: spec.productId,
        expiresAt: checked.expiresAt,
        createdAt: now,
      },
      reservationId,
      checked.reservationMinor,
      checked.walletAccountId ?? '',
      venueAccountIds(spec),
      now,
    );
    return await this.core.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        sequence: string;
      }>`select nextval('trading.order_sequence') as sequence`.execute(trx);
      const ids = { id, reservationId, sequence: rows[0]!.sequence };
      const row = await trx
        .insertInto('orders')
        .values(acceptedOrderRow(ids, userId, request, requestHash, checked, now))
        .onConflict((conflict) => conflict.columns(['user_id', 'client_order_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) {
        return null;
      }
      await this.outbox.add(trx, spec.productId, [transfer], { kind: 'reservation', orderId: id });
      return orderStateOf(row);
    });
  }
}
