/**
 * Changing an open order: the customer's cancel and replace, and expiry (DAY at the session close, GTD at its
 * time, any order at TRADING_ORDER_LIFETIME_MS_MAX). Each runs in the instrument's serial queue.
 */
import {
  type Order,
  type ReplaceOrderRequest,
  TRADING_ORDER_LIFETIME_MS_MAX,
  type TransferInput,
  uuidv7,
} from '@tessera/contracts';
import { Decimal, invariant } from '@tessera/money';
import { venueAccountIds } from '../accounts/trading-accounts.ts';
import { type InstrumentSpec, priceToTicks, quantityToLots } from '../instruments/instrument-spec.ts';
import type { InternalVenue } from '../venue/internal-venue.ts';
import {
  InsufficientBuyingPowerError,
  InsufficientPositionError,
  LedgerUnavailableError,
  OrderNotOpenError,
  PriceNotOnTickError,
  PriceOutOfRangeError,
  QuantityNotAboveFilledError,
  QuantityNotOnLotError,
  ReplaceNotSupportedError,
  ReplaceRefusedByVenueError,
} from '../../errors.ts';
import { type LedgerOutbox, refusalOf } from './ledger-outbox.ts';
import { buyReservationMinor } from './order-math.ts';
import type { OrderNotifications } from './order-notifications.ts';
import type { OrderStore } from './order-store.ts';
import { isOpen, OPEN_STATUSES, type OrderState, type OrderRow } from './orders.tables.ts';
import type { SerialQueues } from './serial-queue.ts';
import { linkChain, releaseTransfer, reservationTransfer } from './settlement.ts';
import type { TradingCore } from './trading-core.ts';
import type { VenueReports } from './venue-reports.ts';

/** A replace's new terms, in ticks and lots. */
interface Replacement {
  readonly priceTicks: number;
  readonly totalLots: bigint;
}

/** The limit price a replace asks for, in ticks (the order's own when it asks none). */
function replacementPriceTicks(
  spec: InstrumentSpec,
  order: OrderState,
  request: ReplaceOrderRequest,
): number {
  if (request.limitPrice === undefined) {
    invariant(order.limitPriceTicks !== null, 'a limit order has a limit price');
    return order.limitPriceTicks;
  }
  const ticks = priceToTicks(spec, Decimal.from(request.limitPrice));
  if (ticks === 'off_grid') {
    throw new PriceNotOnTickError(undefined, { tickSize: spec.info.tickSize });
  }
  if (ticks === 'out_of_range') {
    throw new PriceOutOfRangeError();
  }
  return ticks;
}

/** The total quantity a replace asks for, in lots (the order's own when it asks none). */
function replacementLots(spec: InstrumentSpec, order: OrderState, request: ReplaceOrderRequest): bigint {
  if (request.quantity === undefined) {
    return order.quantityLots;
  }
  const lots = quantityToLots(spec, Decimal.from(request.quantity));
  if (lots === null) {
    throw new QuantityNotOnLotError(undefined, { lotSize: spec.lot.toString() });
  }
  if (lots <= order.filledLots) {
    throw new QuantityNotAboveFilledError('The new quantity must be above what is already filled.');
  }
  return lots;
}

/** What the order must hold once replaced: cash for a buy at the new price, units for a sell. */
function reservationAfter(spec: InstrumentSpec, order: OrderState, replacement: Replacement): bigint {
  const remaining = replacement.totalLots - order.filledLots;
  return order.side === 'buy'
    ? buyReservationMinor(
        spec,
        order.filledTickLots,
        remaining,
        BigInt(replacement.priceTicks),
        order.grossMinor,
        order.feesMinor,
      )
    : remaining * spec.unitsPerLot;
}

/** Cancel, replace and expiry. */
export class OrderChanges {
  constructor(
    private readonly core: TradingCore,
    private readonly venue: InternalVenue,
    private readonly queues: SerialQueues,
    private readonly store: OrderStore,
    private readonly outbox: LedgerOutbox,
    private readonly notifications: OrderNotifications,
    private readonly reports: VenueReports,
  ) {}

  /** Cancels the customer's open order; another customer's id answers as unknown. */
  async cancel(userId: string, orderId: string): Promise<Order> {
    const order = await this.store.ownedOrder(userId, orderId);
    const spec = this.core.specs.get(order.productId);
    await this.queues.run(spec.productId, async () => {
      const current = await this.store.loadOrder(order.id);
      if (!isOpen(current.status)) {
        throw new OrderNotOpenError(undefined, { status: current.status });
      }
      const reports = await this.venue.cancel(spec.productId, current.sequence);
      await this.reports.applyReports(spec, reports);
    });
    return this.store.view(await this.store.loadOrder(order.id));
  }

  /**
   * Replaces a working limit or stop-limit order's price and/or total quantity. A buy's reservation follows: the
   * old one is voided and a new one placed in one linked chain (refused as a whole when the wallet cannot hold
   * the new amount: nothing changes). A sell's units likewise.
   */
  async replace(userId: string, orderId: string, request: ReplaceOrderRequest): Promise<Order> {
    const owned = await this.store.ownedOrder(userId, orderId);
    const spec = this.core.specs.get(owned.productId);
    await this.queues.run(spec.productId, async () => {
      const order = await this.store.loadOrder(owned.id);
      if (!isOpen(order.status)) {
        throw new OrderNotOpenError(undefined, { status: order.status });
      }
      if (order.type !== 'limit' || !order.onVenue) {
        throw new ReplaceNotSupportedError();
      }
      const replacement = {
        priceTicks: replacementPriceTicks(spec, order, request),
        totalLots: replacementLots(spec, order, request),
      };
      await this.holdForReplacement(spec, order, reservationAfter(spec, order, replacement));
      const remaining = Number(replacement.totalLots - order.filledLots);
      const reports = await this.venue.replace(
        spec.productId,
        order.sequence,
        replacement.priceTicks,
        remaining,
      );
      if (reports.some((report) => report.type === 'rejected')) {
        throw new ReplaceRefusedByVenueError();
      }
      await this.reports.applyReports(spec, reports);
    });
    return this.store.view(await this.store.loadOrder(owned.id));
  }

  /** Swaps the order's hold for `neededMinor` when it changes; an unconfirmed swap cancels the order. */
  private async holdForReplacement(
    spec: InstrumentSpec,
    order: OrderState,
    neededMinor: bigint,
  ): Promise<void> {
    if (neededMinor === order.reservedMinor) {
      return;
    }
    try {
      await this.swapReservation(spec, order, neededMinor);
    } catch (error) {
      if (LedgerUnavailableError.is(error)) {
        // A swap chain the ledger did not answer may land later or never, so the order's hold is unknown: it must
        // not keep trading. It is cancelled (`ledger_unavailable`) and its old hold released through the outbox.
        // Whatever the chain does, this ends whole: landed first, the release finds the old hold voided (counted
        // as done) and the sweep voids the new hold, which no open order stands behind; landed after the release,
        // it is refused as a whole (its void names a voided hold) and holds nothing.
        await this.reports.cancelOnVenue(spec, order, 'ledger_unavailable');
      }
      throw error;
    }
  }

  private async swapReservation(spec: InstrumentSpec, order: OrderState, neededMinor: bigint): Promise<void> {
    const wallet =
      order.side === 'buy' ? await this.core.cash.currentWallet(order.userId, spec.currency) : null;
    const newId = uuidv7();
    const chain: TransferInput[] = [];
    if (order.reservationId !== null && order.reservedMinor > 0n) {
      chain.push(releaseTransfer(spec, order));
    }
    if (neededMinor > 0n) {
      const accounts = venueAccountIds(spec);
      const walletAccountId = wallet?.accountId ?? '';
      chain.push(
        reservationTransfer(spec, order, newId, neededMinor, walletAccountId, accounts, this.core.now()),
      );
    }
    // Sent directly (not through the outbox) because it may be refused; the ids are fresh, so a retry is a new try.
    const results = await this.outbox.write(linkChain(chain));
    if (refusalOf(results) !== null) {
      throw order.side === 'buy' ? new InsufficientBuyingPowerError() : new InsufficientPositionError();
    }
    order.reservationId = neededMinor > 0n ? newId : null;
    order.reservedMinor = neededMinor;
    await this.store.save(order);
  }

  /**
   * Expires open orders whose time has come: DAY at the session close, GTD at expiresAt, and an order without an
   * expiry of its own TRADING_ORDER_LIFETIME_MS_MAX after it was placed (its holds' timeouts assume it). An order
   * whose first hold is still unsent waits for the sweep to resolve it: there may be nothing to release yet.
   */
  async expireDue(limit = 200): Promise<number> {
    const due = await this.dueOrders(limit);
    for (const row of due) {
      const spec = this.core.specs.get(row.product_id);
      await this.queues.run(spec.productId, () => this.expire(spec, row.id));
    }
    return due.length;
  }

  private async dueOrders(limit: number): Promise<OrderRow[]> {
    const now = this.core.now();
    const lifetimeStart = new Date(now.getTime() - TRADING_ORDER_LIFETIME_MS_MAX);
    return this.core.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', [...OPEN_STATUSES])
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb.and([eb('expires_at', 'is', null), eb('created_at', '<=', lifetimeStart)]),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger_outbox')
              .select('sequence')
              .whereRef('ledger_outbox.order_id', '=', 'orders.id')
              .where('ledger_outbox.kind', '=', 'reservation')
              .where('ledger_outbox.sent_at', 'is', null),
          ),
        ),
      )
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  /** Expires one order if it is still open (run in the instrument's queue). */
  private async expire(spec: InstrumentSpec, orderId: string): Promise<void> {
    const order = await this.store.loadOrder(orderId);
    if (!isOpen(order.status)) {
      return;
    }
    if (!order.onVenue) {
      await this.reports.finish(spec, order, { status: 'expired' });
      await this.notifications.notifyOrder(order);
      return;
    }
    await this.reports.expireOnVenue(spec, order);
  }
}
