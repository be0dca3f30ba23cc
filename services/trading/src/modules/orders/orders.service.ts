/**
 * The order lifecycle (PRODUCT.md, "Trading"; docs/adr/0007-trading-reservation-and-settlement.md): place (checks,
 * reservation, venue), the venue's reports (fills settled in the ledger, releases), cancel, replace, expiry, and
 * recovery at start. Every ledger write goes through the outbox: decided and stored in the same database
 * transaction as the state it belongs to, then sent; a crash resends it with the same ids, so nothing is lost or
 * settled twice. Everything that touches an instrument's book or its orders runs in the instrument's serial queue.
 */
import { createHash } from 'node:crypto';
import {
  type Order,
  type PlaceOrderRequest,
  type ReplaceOrderRequest,
  type TransferInput,
  TRADING_OPEN_ORDERS_MAX,
  TRADING_TOPICS,
  type TradingServerMessage,
  uuidv7,
  MARKET_DATA_TOPICS,
  type VenueTradeEvent,
  type ProductId,
} from '@tessera/contracts';
import type { CustomerSocketEvent } from '@tessera/platform';
import { Decimal, invariant } from '@tessera/money';
import { sql } from 'kysely';
import { venueAccountIds } from '../accounts/trading-accounts.ts';
import {
  type InstrumentSpec,
  lotsToQuantity,
  priceToTicks,
  quantityToLots,
  ticksToPrice,
} from '../instruments/instrument-spec.ts';
import type { InternalVenue } from '../venue/internal-venue.ts';
import { MARKET_MAKER_ORDER_ID_BASE } from '../venue/internal-venue.ts';
import type { VenueExecutionReport, VenueOrder } from '../venue/venue-adapter.ts';
import {
  ClientOrderIdReusedError,
  InsufficientBuyingPowerError,
  InsufficientPositionError,
  OpenOrdersLimitError,
  OrderNotFoundError,
  OrderNotOpenError,
  PriceNotOnTickError,
  PriceOutOfRangeError,
  QuantityNotOnLotError,
  ReplaceNotSupportedError,
  StopWouldTriggerError,
  VenueRejectedError,
} from '../../trading.errors.ts';
import { buyReservationMinor } from './order-math.ts';
import { fillView, orderView } from './order-views.ts';
import {
  OPEN_STATUSES,
  type OrderState,
  orderStateOf,
  orderUpdateOf,
  type TradingDatabase,
} from './orders.tables.ts';
import { checkOrder, type CheckedOrder, minorOf } from './pre-trade.ts';
import type { ReferencePrices } from './reference-prices.ts';
import { SerialQueues } from './serial-queue.ts';
import {
  linkChain,
  releaseTransfer,
  reservationTransfer,
  settleFill,
  TRADING_TENANT,
  type FillParty,
} from './settlement.ts';
import type { TradingCore } from './trading-core.ts';

/** The bus topic the trading websocket listens to: one customer's message. */
export const TRADING_CUSTOMER_TOPIC = 'trading.customer';
/** Its payload (what the platform's customer socket fans out). */
export type TradingCustomerEvent = CustomerSocketEvent<TradingServerMessage>;

const ENGINE_TIME_IN_FORCE = { DAY: 'gtc', GTC: 'gtc', GTD: 'gtc', IOC: 'ioc', FOK: 'fok' } as const;

/** Orders, their settlement and lifecycle. */
export class OrdersService {
  readonly queues = new SerialQueues();
  /** Orders being expired (their `done` becomes `expired`, not `cancelled`). */
  private readonly expiring = new Set<number>();
  private readonly onVenueChange: (productId: string) => void;

  constructor(
    private readonly core: TradingCore,
    private readonly references: ReferencePrices,
    private readonly venue: InternalVenue,
    onVenueChange: (productId: string) => void,
  ) {
    this.onVenueChange = onVenueChange;
  }

  private get db(): TradingDatabase {
    return this.core.db;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Placing
  // ---------------------------------------------------------------------------------------------------------

  /** Places an order: idempotent by clientOrderId (the same body answers the first order, 200 vs 201). */
  async place(userId: string, request: PlaceOrderRequest): Promise<{ order: Order; created: boolean }> {
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const existing = await this.findByClientOrderId(userId, request.clientOrderId);
    if (existing !== null) {
      return this.answerExisting(existing, requestHash);
    }
    const checked = await checkOrder(this.core, this.references, userId, request);
    const open = await this.db
      .selectFrom('orders')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirstOrThrow();
    if (Number(open.count) >= TRADING_OPEN_ORDERS_MAX) {
      throw new OpenOrdersLimitError(undefined, { openOrdersMax: TRADING_OPEN_ORDERS_MAX });
    }
    const { spec } = checked;
    await this.core.accounts.ensureVenue(spec);
    if (request.side === 'buy') {
      // The units land in the position account: it must exist before the first fill.
      await this.core.accounts.ensurePosition(userId, spec);
    }
    const order = await this.insertAccepted(userId, request, requestHash, checked);
    if (order === null) {
      const raced = await this.findByClientOrderId(userId, request.clientOrderId);
      invariant(raced !== null, 'a unique violation on clientOrderId means the order exists');
      return this.answerExisting(raced, requestHash);
    }
    const sent = await this.sendPending(order.productId);
    if (!sent.ok) {
      // The ledger refused the reservation (a race with another movement of the wallet): nothing was reserved.
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('ledger_outbox').where('sequence', '=', sent.outboxSequence).execute();
        await trx.deleteFrom('orders').where('id', '=', order.id).execute();
      });
      throw request.side === 'buy' ? new InsufficientBuyingPowerError() : new InsufficientPositionError();
    }
    if (request.side === 'buy') {
      await this.walletChanged(userId, spec.currency);
    }
    await this.queues.run(spec.productId, () => this.submitToVenue(spec, order));
    const final = await this.loadOrder(order.id);
    if (final.status === 'rejected' && final.reason !== null && final.reason.startsWith('venue:')) {
      const reason = final.reason.slice('venue:'.length);
      throw reason === 'would_trigger_immediately'
        ? new StopWouldTriggerError()
        : new VenueRejectedError(undefined, { reason });
    }
    return { order: await this.view(final), created: true };
  }

  private async answerExisting(existing: OrderState, requestHash: string) {
    const row = await this.db
      .selectFrom('orders')
      .select('request_hash')
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    if (row.request_hash !== requestHash) {
      throw new ClientOrderIdReusedError(undefined, { orderId: existing.id });
    }
    return { order: await this.view(existing), created: false };
  }

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
    const accounts = venueAccountIds(spec);
    const transfer = reservationTransfer(
      spec,
      { id, side: request.side, userId, productId: spec.productId },
      reservationId,
      checked.reservationMinor,
      checked.walletAccountId ?? '',
      accounts,
    );
    return await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        sequence: string;
      }>`select nextval('trading.order_sequence') as sequence`.execute(trx);
      const row = await trx
        .insertInto('orders')
        .values({
          id,
          sequence: rows[0]!.sequence,
          user_id: userId,
          client_order_id: request.clientOrderId,
          request_hash: requestHash,
          product_id: spec.productId,
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
          reservation_id: reservationId,
          reserved_minor: checked.reservationMinor,
          on_venue: false,
          expires_at: checked.expiresAt,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'client_order_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) {
        return null;
      }
      await this.addOutbox(trx, spec.productId, [transfer]);
      return orderStateOf(row);
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // The outbox
  // ---------------------------------------------------------------------------------------------------------

  private async addOutbox(db: TradingDatabase, productId: string, transfers: TransferInput[]): Promise<void> {
    if (transfers.length === 0) {
      return;
    }
    await db
      .insertInto('ledger_outbox')
      .values({
        product_id: productId,
        transfers: JSON.stringify(transfers),
        sent_at: null,
        created_at: this.core.now(),
      })
      .execute();
  }

  /**
   * Sends the product's unsent ledger writes in order. Stops at the first the ledger refuses and answers it (only
   * a reservation can be refused: a race with the wallet; a settlement refused is a broken invariant, logged).
   */
  async sendPending(
    productId: string,
  ): Promise<{ ok: true } | { ok: false; outboxSequence: string; code: string }> {
    const rows = await this.db
      .selectFrom('ledger_outbox')
      .selectAll()
      .where('product_id', '=', productId)
      .where('sent_at', 'is', null)
      .orderBy('sequence')
      .limit(1000)
      .execute();
    for (const row of rows) {
      const results = await this.core.ledger.createTransfers(TRADING_TENANT, row.transfers);
      const refused = results.find(
        (result) => result.status === 'rejected' && result.error.code !== 'LEDGER_LINKED_EVENT_FAILED',
      );
      if (refused !== undefined && refused.status === 'rejected') {
        this.core.log.warn(
          { outbox: row.sequence, error: refused.error },
          'the ledger refused a trading write',
        );
        return { ok: false, outboxSequence: row.sequence, code: refused.error.code };
      }
      await this.db
        .updateTable('ledger_outbox')
        .set({ sent_at: this.core.now() })
        .where('sequence', '=', row.sequence)
        .execute();
    }
    return { ok: true };
  }

  // ---------------------------------------------------------------------------------------------------------
  // The venue
  // ---------------------------------------------------------------------------------------------------------

  private venueOrderOf(spec: InstrumentSpec, order: OrderState): VenueOrder {
    const remaining = Number(order.quantityLots - order.filledLots);
    const base = {
      orderId: order.sequence,
      productId: spec.productId,
      accountId: `customer:${order.userId}`,
      side: order.side,
      quantityLots: remaining,
      timeInForce: ENGINE_TIME_IN_FORCE[order.timeInForce as keyof typeof ENGINE_TIME_IN_FORCE],
      ...(order.referenceTicks === null ? {} : { referencePriceTicks: order.referenceTicks }),
    };
    switch (order.type) {
      case 'market':
        return { ...base, kind: 'market', protectionPriceTicks: order.maxPriceTicks };
      case 'limit':
        return { ...base, kind: 'limit', limitPriceTicks: order.limitPriceTicks as number };
      case 'stop':
        return {
          ...base,
          kind: 'stop',
          stopPriceTicks: order.stopPriceTicks as number,
          protectionPriceTicks: order.maxPriceTicks,
        };
      case 'stop_limit':
        return {
          ...base,
          kind: 'stop_limit',
          stopPriceTicks: order.stopPriceTicks as number,
          limitPriceTicks: order.limitPriceTicks as number,
        };
      default:
        return {
          ...base,
          kind: 'trailing_stop',
          protectionPriceTicks: order.maxPriceTicks,
          trail:
            order.trailAmountTicks !== null
              ? { amountTicks: order.trailAmountTicks }
              : { percentBasisPoints: order.trailPercentBp as number },
        };
    }
  }

  /** Hands an accepted order to the venue and applies what happened (run in the instrument's queue). */
  async submitToVenue(spec: InstrumentSpec, order: OrderState): Promise<void> {
    const reports = await this.venue.submit(this.venueOrderOf(spec, order));
    await this.applyReports(spec, reports);
  }

  /** A new reference price: the market makers requote, triggers are checked (run in the instrument's queue). */
  async referencePrice(spec: InstrumentSpec, priceTicks: number): Promise<void> {
    const reports = await this.venue.referencePrice(spec.productId, priceTicks);
    await this.applyReports(spec, reports);
  }

  /** Applies the venue's reports in order: settles fills, releases what finished orders no longer need. */
  async applyReports(spec: InstrumentSpec, reports: readonly VenueExecutionReport[]): Promise<void> {
    const touched = new Map<number, OrderState>();
    const cancelReasons = new Map<number, string>();
    const load = async (sequence: number): Promise<OrderState | null> => {
      if (sequence >= MARKET_MAKER_ORDER_ID_BASE) {
        return null;
      }
      let order = touched.get(sequence);
      if (order === undefined) {
        const row = await this.db
          .selectFrom('orders')
          .selectAll()
          .where('sequence', '=', String(sequence))
          .executeTakeFirst();
        invariant(row !== undefined, `the venue reported an unknown order ${sequence}`);
        order = orderStateOf(row);
        touched.set(sequence, order);
      }
      return order;
    };
    let changed = false;
    for (const report of reports) {
      switch (report.type) {
        case 'accepted': {
          const order = await load(report.orderId);
          if (order !== null && !order.onVenue) {
            order.onVenue = true;
            await this.save(order);
          }
          break;
        }
        case 'fill':
          changed = true;
          await this.applyFill(
            spec,
            report,
            await load(report.makerOrderId),
            await load(report.takerOrderId),
          );
          break;
        case 'cancelled':
          cancelReasons.set(report.orderId, report.reason);
          break;
        case 'rejected': {
          const order = await load(report.orderId);
          if (order !== null && !order.onVenue && order.status === 'accepted') {
            await this.finish(spec, order, 'rejected', `venue:${report.reason}`);
          }
          break;
        }
        case 'replaced': {
          changed = true;
          const order = await load(report.orderId);
          if (order !== null) {
            order.limitPriceTicks = report.priceTicks;
            order.maxPriceTicks = report.priceTicks;
            order.quantityLots = order.filledLots + BigInt(report.quantityLots);
            await this.save(order);
          }
          break;
        }
        case 'done': {
          changed = true;
          const order = await load(report.orderId);
          if (order !== null) {
            const expired = this.expiring.delete(report.orderId);
            const status = report.reason === 'filled' ? 'filled' : expired ? 'expired' : 'cancelled';
            await this.finish(
              spec,
              order,
              status,
              status === 'filled'
                ? null
                : expired
                  ? 'expired'
                  : (cancelReasons.get(report.orderId) ?? 'requested'),
            );
          }
          break;
        }
      }
    }
    for (const order of touched.values()) {
      if (order.onVenue && (OPEN_STATUSES as readonly string[]).includes(order.status)) {
        const status = order.filledLots > 0n ? 'partially_filled' : 'working';
        if (order.status !== status) {
          order.status = status;
          await this.save(order);
        }
      }
      await this.notifyOrder(spec, order);
    }
    if (changed || reports.length > 0) {
      this.onVenueChange(spec.productId);
    }
  }

  private async save(order: OrderState, db: TradingDatabase = this.db): Promise<void> {
    order.updatedAt = this.core.now();
    await db.updateTable('orders').set(orderUpdateOf(order)).where('id', '=', order.id).execute();
  }

  /** Final status; releases what is still reserved, in the same transaction as the status. */
  private async finish(
    spec: InstrumentSpec,
    order: OrderState,
    status: string,
    reason: string | null,
  ): Promise<void> {
    order.status = status;
    order.reason = reason;
    const release =
      order.reservationId !== null && order.reservedMinor > 0n ? releaseTransfer(spec, order) : null;
    order.reservationId = null;
    order.reservedMinor = 0n;
    await this.db.transaction().execute(async (trx) => {
      await this.save(order, trx);
      if (release !== null) {
        await this.addOutbox(trx, spec.productId, [release]);
      }
    });
    await this.sendOrLog(spec.productId);
    if (release !== null && order.side === 'buy') {
      await this.walletChanged(order.userId, spec.currency);
    }
  }

  /** Tells the customer's live wallet views that the wallet moved (cash operations pushes `wallet.changed`). */
  private async walletChanged(userId: string, currency: string): Promise<void> {
    try {
      const wallet = await this.core.cash.currentWallet(userId, currency);
      if (wallet !== null) {
        await this.core.cash.notifyWalletChanged(userId, wallet.walletId);
      }
    } catch (error) {
      this.core.log.warn({ err: error, userId }, 'could not notify a wallet change');
    }
  }

  private async sendOrLog(productId: string): Promise<void> {
    const sent = await this.sendPending(productId);
    if (!sent.ok) {
      this.core.log.error({ productId, code: sent.code }, 'a trading settlement was refused by the ledger');
    }
  }

  private async applyFill(
    spec: InstrumentSpec,
    report: Extract<VenueExecutionReport, { type: 'fill' }>,
    maker: OrderState | null,
    taker: OrderState | null,
  ): Promise<void> {
    const party = (order: OrderState | null): FillParty =>
      order === null ? { kind: 'market_maker' } : { kind: 'customer', order };
    const wallets = new Map<string, string>();
    for (const order of [maker, taker]) {
      if (order !== null && !wallets.has(order.userId)) {
        const wallet = await this.core.cash.currentWallet(order.userId, spec.currency, { create: true });
        invariant(wallet !== null, 'cash operations opens a wallet when asked to');
        wallets.set(order.userId, wallet.accountId);
      }
    }
    const settlement = settleFill(
      spec,
      venueAccountIds(spec),
      { walletOf: (userId) => wallets.get(userId) as string },
      party(maker),
      party(taker),
      report.priceTicks,
      report.quantityLots,
      report.tradeId,
    );
    const now = this.core.now();
    await this.db.transaction().execute(async (trx) => {
      for (const fill of settlement.fills) {
        await this.save(fill.order, trx);
        await trx
          .insertInto('fills')
          .values({
            id: fill.id,
            order_id: fill.order.id,
            user_id: fill.order.userId,
            product_id: spec.productId,
            side: fill.order.side,
            price_ticks: fill.priceTicks,
            lots: fill.lots,
            gross_minor: fill.grossMinor,
            fee_minor: fill.feeMinor,
            liquidity: fill.liquidity,
            trade_id: report.tradeId,
            created_at: now,
          })
          .execute();
        await this.updatePosition(trx, spec, fill.order, BigInt(fill.lots), fill.grossMinor, fill.feeMinor);
      }
      await this.addOutbox(trx, spec.productId, settlement.transfers);
    });
    await this.sendOrLog(spec.productId);
    for (const fill of settlement.fills) {
      await this.walletChanged(fill.order.userId, spec.currency);
    }
    const trade: VenueTradeEvent = {
      productId: spec.productId,
      tradeId: report.tradeId,
      price: ticksToPrice(spec, report.priceTicks),
      size: lotsToQuantity(spec, report.quantityLots),
      aggressorSide: taker?.side ?? (maker?.side === 'buy' ? 'sell' : 'buy'),
      sequence: Number(report.tradeId.split('-').pop()),
      timeMs: now.getTime(),
    };
    await this.core.events.publish(MARKET_DATA_TOPICS.venueTrade, trade).catch(() => undefined);
    for (const fill of settlement.fills) {
      const row = await this.db
        .selectFrom('fills')
        .selectAll()
        .where('id', '=', fill.id)
        .executeTakeFirstOrThrow();
      await this.notify(fill.order.userId, { type: 'fill', fill: fillView(spec, row) });
    }
    for (const fill of settlement.fills) {
      await this.onPositionChanged?.(fill.order.userId, spec.productId);
    }
  }

  /** Average cost and realised P&L: buys add their cost with fees; sells take out the average cost. */
  private async updatePosition(
    db: TradingDatabase,
    spec: InstrumentSpec,
    order: OrderState,
    lots: bigint,
    grossMinor: bigint,
    feeMinor: bigint,
  ): Promise<void> {
    const now = this.core.now();
    const row = await db
      .selectFrom('positions')
      .selectAll()
      .where('user_id', '=', order.userId)
      .where('product_id', '=', spec.productId)
      .executeTakeFirst();
    const quantity = row === undefined ? 0n : BigInt(row.quantity_lots);
    const cost = row === undefined ? 0n : BigInt(row.cost_basis_minor);
    const realised = row === undefined ? 0n : BigInt(row.realised_minor);
    let next: { quantity: bigint; cost: bigint; realised: bigint };
    if (order.side === 'buy') {
      next = { quantity: quantity + lots, cost: cost + grossMinor + feeMinor, realised };
    } else {
      invariant(quantity >= lots, 'a sale never exceeds the position (its units were reserved)');
      const removed = quantity === 0n ? 0n : (cost * lots * 2n + quantity) / (quantity * 2n);
      next = {
        quantity: quantity - lots,
        cost: cost - removed,
        realised: realised + grossMinor - feeMinor - removed,
      };
    }
    await db
      .insertInto('positions')
      .values({
        user_id: order.userId,
        product_id: spec.productId,
        quantity_lots: next.quantity,
        cost_basis_minor: next.cost,
        realised_minor: next.realised,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'product_id']).doUpdateSet({
          quantity_lots: next.quantity,
          cost_basis_minor: next.cost,
          realised_minor: next.realised,
          updated_at: now,
        }),
      )
      .execute();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Cancel, replace, expire
  // ---------------------------------------------------------------------------------------------------------

  /** Cancels the customer's open order; another customer's id answers as unknown. */
  async cancel(userId: string, orderId: string): Promise<Order> {
    const order = await this.ownedOrder(userId, orderId);
    const spec = this.core.specs.get(order.productId);
    await this.queues.run(spec.productId, async () => {
      const current = await this.loadOrder(order.id);
      if (!(OPEN_STATUSES as readonly string[]).includes(current.status)) {
        throw new OrderNotOpenError(undefined, { status: current.status });
      }
      const reports = await this.venue.cancel(spec.productId, current.sequence);
      await this.applyReports(spec, reports);
    });
    return this.view(await this.loadOrder(order.id));
  }

  /**
   * Replaces a working limit or stop-limit order's price and/or total quantity. A buy's reservation follows: the
   * old one is voided and a new one placed in one linked chain (refused as a whole when the wallet cannot hold
   * the new amount: nothing changes). A sell's units likewise.
   */
  async replace(userId: string, orderId: string, request: ReplaceOrderRequest): Promise<Order> {
    const owned = await this.ownedOrder(userId, orderId);
    const spec = this.core.specs.get(owned.productId);
    await this.queues.run(spec.productId, async () => {
      const order = await this.loadOrder(owned.id);
      if (!(OPEN_STATUSES as readonly string[]).includes(order.status)) {
        throw new OrderNotOpenError(undefined, { status: order.status });
      }
      if (order.type !== 'limit' || !order.onVenue) {
        throw new ReplaceNotSupportedError();
      }
      let priceTicks = order.limitPriceTicks as number;
      if (request.limitPrice !== undefined) {
        const ticks = priceToTicks(spec, Decimal.from(request.limitPrice));
        if (ticks === 'off_grid') {
          throw new PriceNotOnTickError(undefined, { tickSize: spec.info.tickSize });
        }
        if (ticks === 'out_of_range') {
          throw new PriceOutOfRangeError();
        }
        priceTicks = ticks;
      }
      let totalLots = order.quantityLots;
      if (request.quantity !== undefined) {
        const lots = quantityToLots(spec, Decimal.from(request.quantity));
        if (lots === null) {
          throw new QuantityNotOnLotError(undefined, { lotSize: spec.lot.toString() });
        }
        if (lots <= order.filledLots) {
          throw new OrderNotOpenError('The new quantity must be above what is already filled.');
        }
        totalLots = lots;
      }
      const remaining = totalLots - order.filledLots;
      const needed =
        order.side === 'buy'
          ? buyReservationMinor(
              spec,
              order.filledTickLots,
              remaining,
              BigInt(priceTicks),
              order.grossMinor,
              order.feesMinor,
            )
          : remaining * spec.unitsPerLot;
      if (needed !== order.reservedMinor) {
        await this.swapReservation(spec, order, needed);
      }
      const reports = await this.venue.replace(spec.productId, order.sequence, priceTicks, Number(remaining));
      if (reports.some((report) => report.type === 'rejected')) {
        throw new OrderNotOpenError();
      }
      await this.applyReports(spec, reports);
    });
    return this.view(await this.loadOrder(owned.id));
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
      chain.push(
        reservationTransfer(spec, order, newId, neededMinor, wallet?.accountId ?? '', venueAccountIds(spec)),
      );
    }
    // Sent directly (not through the outbox) because it may be refused; the ids are fresh, so a retry is a new try.
    const results = await this.core.ledger.createTransfers(TRADING_TENANT, linkChain(chain));
    if (results.some((result) => result.status === 'rejected')) {
      throw order.side === 'buy' ? new InsufficientBuyingPowerError() : new InsufficientPositionError();
    }
    order.reservationId = neededMinor > 0n ? newId : null;
    order.reservedMinor = neededMinor;
    await this.save(order);
  }

  /** Expires open orders whose time has come (DAY at the session close, GTD at expiresAt). */
  async expireDue(limit = 200): Promise<number> {
    const due = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', [...OPEN_STATUSES])
      .where('expires_at', '<=', this.core.now())
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    for (const row of due) {
      const spec = this.core.specs.get(row.product_id);
      await this.queues.run(spec.productId, async () => {
        const order = await this.loadOrder(row.id);
        if (!(OPEN_STATUSES as readonly string[]).includes(order.status)) {
          return;
        }
        if (!order.onVenue) {
          await this.finish(spec, order, 'expired', 'expired');
          await this.notifyOrder(spec, order);
          return;
        }
        this.expiring.add(order.sequence);
        const reports = await this.venue.cancel(spec.productId, order.sequence);
        await this.applyReports(spec, reports);
        this.expiring.delete(order.sequence);
      });
    }
    return due.length;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Recovery
  // ---------------------------------------------------------------------------------------------------------

  /**
   * At start: resend unsent ledger writes, put the open orders back on the venue in their original order (resting
   * books never cross, so this trades nothing), and submit orders accepted but not yet on the venue.
   */
  async recover(): Promise<void> {
    const products = await this.db
      .selectFrom('ledger_outbox')
      .select('product_id')
      .distinct()
      .where('sent_at', 'is', null)
      .execute();
    for (const { product_id: productId } of products) {
      const sent = await this.sendPending(productId);
      if (!sent.ok) {
        // Only a reservation can be refused: its order was never on the venue; it is rejected and forgotten.
        await this.db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('ledger_outbox')
            .select('transfers')
            .where('sequence', '=', sent.outboxSequence)
            .executeTakeFirstOrThrow();
          const reservationId = row.transfers[0]?.id ?? '';
          await trx
            .updateTable('orders')
            .set({
              status: 'rejected',
              reason: 'reservation_refused',
              reservation_id: null,
              reserved_minor: '0',
            })
            .where('reservation_id', '=', reservationId)
            .execute();
          await trx
            .updateTable('ledger_outbox')
            .set({ sent_at: this.core.now() })
            .where('sequence', '=', sent.outboxSequence)
            .execute();
        });
        await this.sendPending(productId);
      }
    }
    const open = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', [...OPEN_STATUSES])
      .orderBy('sequence')
      .execute();
    for (const row of open) {
      if (!this.core.specs.isTradable(row.product_id)) {
        continue;
      }
      const spec = this.core.specs.get(row.product_id);
      const order = orderStateOf(row);
      await this.queues.run(spec.productId, () => this.submitToVenue(spec, order));
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Reads and notifications
  // ---------------------------------------------------------------------------------------------------------

  async loadOrder(id: string): Promise<OrderState> {
    const row = await this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return orderStateOf(row);
  }

  private async findByClientOrderId(userId: string, clientOrderId: string): Promise<OrderState | null> {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
    return row === undefined ? null : orderStateOf(row);
  }

  /** The customer's order; another customer's (or an unknown, or malformed) id is TRADING_ORDER_NOT_FOUND. */
  async ownedOrder(userId: string, orderId: string): Promise<OrderState> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) {
      throw new OrderNotFoundError();
    }
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId.toLowerCase())
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row === undefined) {
      throw new OrderNotFoundError();
    }
    return orderStateOf(row);
  }

  async view(order: OrderState): Promise<Order> {
    const fills = await this.db
      .selectFrom('fills')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return orderView(this.core.specs.get(order.productId), order, fills);
  }

  private async notifyOrder(spec: InstrumentSpec, order: OrderState): Promise<void> {
    const view = await this.view(order);
    await this.notify(order.userId, { type: 'order', order: view });
    await this.core.events
      .publish(TRADING_TOPICS.order, { userId: order.userId, order: view })
      .catch(() => undefined);
    void spec;
  }

  /** Called after a fill changed the customer's position (the runtime sends the `position` message). */
  onPositionChanged: ((userId: string, productId: string) => Promise<void>) | null = null;

  async notify(userId: string, message: TradingServerMessage): Promise<void> {
    const event: TradingCustomerEvent = { userId, message };
    await this.core.events.publish(TRADING_CUSTOMER_TOPIC, event).catch(() => undefined);
  }

  /** Units reserved by the customer's open sell orders of a product, in lots. */
  async reservedLots(userId: string, productId: string): Promise<bigint> {
    const rows = await this.db
      .selectFrom('orders')
      .select(['quantity_lots', 'filled_lots'])
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .where('side', '=', 'sell')
      .where('status', 'in', [...OPEN_STATUSES])
      .execute();
    return rows.reduce((sum, row) => sum + BigInt(row.quantity_lots) - BigInt(row.filled_lots), 0n);
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
