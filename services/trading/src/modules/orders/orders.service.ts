/**
 * The order lifecycle (PRODUCT.md, "Trading"; docs/adr/0007-trading-reservation-and-settlement.md): place (checks,
 * reservation, venue), the venue's reports (fills settled in the ledger, releases), cancel, replace, expiry, and
 * recovery at start. Every ledger write goes through the outbox: decided and stored in the same database
 * transaction as the state it belongs to, then sent; a crash resends it with the same ids, so nothing is lost or
 * settled twice. Everything that touches an instrument's book or its orders runs in the instrument's serial queue.
 */
import { createHash } from 'node:crypto';
import {
  type LedgerErrorBody,
  type LedgerResult,
  type Order,
  type PlaceOrderRequest,
  type ReplaceOrderRequest,
  type Transfer,
  type TransferInput,
  TRADING_OPEN_ORDERS_MAX,
  TRADING_ORDER_LIFETIME_MS_MAX,
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
  LedgerUnavailableError,
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
  RESERVATION_PURPOSE,
  reservationTransfer,
  settleFill,
  TRADING_TENANT,
  type FillParty,
} from './settlement.ts';
import { publishOrLog, type TradingCore } from './trading-core.ts';

/** The bus topic the trading websocket listens to: one customer's message. */
export const TRADING_CUSTOMER_TOPIC = 'trading.customer';
/** Its payload (what the platform's customer socket fans out). */
export type TradingCustomerEvent = CustomerSocketEvent<TradingServerMessage>;

const ENGINE_TIME_IN_FORCE = { DAY: 'gtc', GTC: 'gtc', GTD: 'gtc', IOC: 'ioc', FOK: 'fok' } as const;

/**
 * Refusals of a lone void that mean the hold is already gone (the ledger expired it, or an earlier try of the same
 * release voided it): the release has nothing left to do.
 */
const ALREADY_RELEASED = new Set([
  'LEDGER_PENDING_TRANSFER_EXPIRED',
  'LEDGER_PENDING_TRANSFER_ALREADY_VOIDED',
]);

/** The first real refusal of a batch (the others of a linked chain only say the chain failed), or null. */
function refusalOf(results: ReadonlyArray<LedgerResult<Transfer>>): LedgerErrorBody | null {
  for (const result of results) {
    if (result.status === 'rejected' && result.error.code !== 'LEDGER_LINKED_EVENT_FAILED') {
      return result.error;
    }
  }
  return null;
}

/** What one pass of {@link OrdersService.sweep} did (logs, tests). */
export interface SweepReport {
  /** Placements whose first hold was sent by the sweep (then handed to the venue) or refused (then rejected). */
  readonly placementsResolved: number;
  /** Holds in the ledger with no open order behind them, voided. */
  readonly orphansVoided: number;
  /** Orders expired. */
  readonly expired: number;
}

/** Orders, their settlement and lifecycle. */
export class OrdersService {
  readonly queues = new SerialQueues();
  /** Orders being expired (their `done` becomes `expired`, not `cancelled`). */
  private readonly expiring = new Set<number>();
  /** Why an order being cancelled by trading itself ends (instead of the venue's reason). */
  private readonly cancelReasons = new Map<number, string>();
  /** Orders whose placement is running in this process: their first hold is theirs to send, not the sweep's. */
  private readonly placing = new Set<string>();
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
    return { order: await this.completePlacement(spec, order), created: true };
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
      const refused = await this.sendReservation(order.id);
      if (refused !== null) {
        // A race with another movement of the wallet or position: nothing was held for this order.
        await this.db.transaction().execute(async (trx) => {
          await trx
            .deleteFrom('ledger_outbox')
            .where('order_id', '=', order.id)
            .where('kind', '=', 'reservation')
            .execute();
          await trx.deleteFrom('orders').where('id', '=', order.id).execute();
        });
        throw order.side === 'buy' ? new InsufficientBuyingPowerError() : new InsufficientPositionError();
      }
    } finally {
      this.placing.delete(order.id);
    }
    if (order.side === 'buy') {
      await this.walletChanged(order.userId, spec.currency);
    }
    await this.queues.run(spec.productId, () => this.submitIfAccepted(spec, order.id));
    const final = await this.loadOrder(order.id);
    if (final.status === 'rejected' && final.reason !== null && final.reason.startsWith('venue:')) {
      const reason = final.reason.slice('venue:'.length);
      throw reason === 'would_trigger_immediately'
        ? new StopWouldTriggerError()
        : new VenueRejectedError(undefined, { reason });
    }
    return this.view(final);
  }

  /** Hands an accepted order to the venue once (a retry, the sweep and recovery may all try: the first wins). */
  private async submitIfAccepted(spec: InstrumentSpec, orderId: string): Promise<void> {
    const order = await this.loadOrder(orderId);
    if (order.status !== 'accepted' || order.onVenue) {
      return;
    }
    await this.submitToVenue(spec, order);
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
    if (existing.status === 'accepted' && !existing.onVenue && !this.placing.has(existing.id)) {
      // The first try stopped before the venue had it (the ledger did not answer, or the process died): this
      // retry finishes it with the same ids, so it holds and trades once.
      const spec = this.core.specs.get(existing.productId);
      return { order: await this.completePlacement(spec, existing), created: false };
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
      accounts,
      now,
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
      await this.addOutbox(trx, spec.productId, [transfer], { kind: 'reservation', orderId: id });
      return orderStateOf(row);
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // The outbox
  // ---------------------------------------------------------------------------------------------------------

  private async addOutbox(
    db: TradingDatabase,
    productId: string,
    transfers: TransferInput[],
    owner: { kind: 'reservation' | 'settlement'; orderId: string | null } = {
      kind: 'settlement',
      orderId: null,
    },
  ): Promise<void> {
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
        kind: owner.kind,
        order_id: owner.orderId,
      })
      .execute();
  }

  /**
   * One ledger write with a deadline (core.ledgerCallTimeoutMs). A ledger that throws or does not answer in time
   * is unavailable: the write may still land later, and the next try reuses its ids, so it lands once.
   */
  private async writeLedger(transfers: readonly TransferInput[]): Promise<Array<LedgerResult<Transfer>>> {
    const call = this.core.ledger.createTransfers(TRADING_TENANT, transfers);
    // A call that answers after the deadline must not become an unhandled rejection.
    call.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the ledger did not answer within ${this.core.ledgerCallTimeoutMs} ms`)),
        this.core.ledgerCallTimeoutMs,
      );
    });
    try {
      return await Promise.race([call, deadline]);
    } catch (error) {
      this.core.log.warn({ err: error }, 'a trading ledger write did not complete');
      throw new LedgerUnavailableError(undefined, undefined, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends the order's first hold, if it is still unsent; answers the ledger's refusal, or null when the hold is
   * in the ledger. Throws LedgerUnavailableError when the ledger throws or does not answer in time.
   */
  private async sendReservation(orderId: string): Promise<LedgerErrorBody | null> {
    const row = await this.db
      .selectFrom('ledger_outbox')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'reservation')
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (row === undefined) {
      return null;
    }
    const refused = refusalOf(await this.writeLedger(row.transfers));
    if (refused !== null) {
      return refused;
    }
    await this.db
      .updateTable('ledger_outbox')
      .set({ sent_at: this.core.now() })
      .where('sequence', '=', row.sequence)
      .execute();
    return null;
  }

  /**
   * Sends the product's unsent settlements (fills, releases) in order. A placement's first hold is never sent
   * here: it belongs to its placement, whose refusal must answer that order only. Stops at the first refusal and
   * answers it: a settlement refused is a broken invariant (logged); a lone release of a hold the ledger already
   * expired or voided counts as sent. Throws LedgerUnavailableError when the ledger does not answer.
   */
  async sendPending(
    productId: string,
  ): Promise<{ ok: true } | { ok: false; outboxSequence: string; code: string }> {
    const rows = await this.db
      .selectFrom('ledger_outbox')
      .selectAll()
      .where('product_id', '=', productId)
      .where('sent_at', 'is', null)
      .where('kind', '=', 'settlement')
      .orderBy('sequence')
      .limit(1000)
      .execute();
    for (const row of rows) {
      const refused = refusalOf(await this.writeLedger(row.transfers));
      const released =
        refused !== null &&
        ALREADY_RELEASED.has(refused.code) &&
        row.transfers.every((transfer) => transfer.flags?.voidPendingTransfer === true);
      if (refused !== null && !released) {
        this.core.log.error(
          { outbox: row.sequence, error: refused },
          'the ledger refused a trading settlement',
        );
        return { ok: false, outboxSequence: row.sequence, code: refused.code };
      }
      await this.db
        .updateTable('ledger_outbox')
        .set({ sent_at: this.core.now(), refused_code: released ? refused.code : null })
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
                  : (this.cancelReasons.get(report.orderId) ??
                    cancelReasons.get(report.orderId) ??
                    'requested'),
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

  /**
   * Sends what a committed decision stored in the outbox. The decision stands even when the ledger does not
   * answer now: the sweep (and recovery at start) resends it with the same ids.
   */
  private async sendOrLog(productId: string): Promise<void> {
    try {
      const sent = await this.sendPending(productId);
      if (!sent.ok) {
        this.core.log.error({ productId, code: sent.code }, 'a trading settlement was refused by the ledger');
      }
    } catch (error) {
      if (!LedgerUnavailableError.is(error)) {
        throw error;
      }
      this.core.log.warn({ productId }, 'trading settlements wait in the outbox for the ledger');
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
      this.core.now(),
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
    await publishOrLog(this.core, MARKET_DATA_TOPICS.venueTrade, trade);
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
        try {
          await this.swapReservation(spec, order, needed);
        } catch (error) {
          if (LedgerUnavailableError.is(error)) {
            await this.cancelForUnknownHold(spec, order);
          }
          throw error;
        }
      }
      const reports = await this.venue.replace(spec.productId, order.sequence, priceTicks, Number(remaining));
      if (reports.some((report) => report.type === 'rejected')) {
        throw new OrderNotOpenError();
      }
      await this.applyReports(spec, reports);
    });
    return this.view(await this.loadOrder(owned.id));
  }

  /**
   * A swap chain the ledger did not answer may land later or never, so the order's hold is unknown: it must not
   * keep trading. It is cancelled (`ledger_unavailable`) and its old hold released through the outbox. Whatever
   * the chain does, this ends whole: landed first, the release finds the old hold voided (counted as done) and
   * the sweep voids the new hold, which no open order stands behind; landed after the release, it is refused as a
   * whole (its void names a voided hold) and holds nothing.
   */
  private async cancelForUnknownHold(spec: InstrumentSpec, order: OrderState): Promise<void> {
    this.cancelReasons.set(order.sequence, 'ledger_unavailable');
    try {
      await this.applyReports(spec, await this.venue.cancel(spec.productId, order.sequence));
    } finally {
      this.cancelReasons.delete(order.sequence);
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
      chain.push(
        reservationTransfer(
          spec,
          order,
          newId,
          neededMinor,
          wallet?.accountId ?? '',
          venueAccountIds(spec),
          this.core.now(),
        ),
      );
    }
    // Sent directly (not through the outbox) because it may be refused; the ids are fresh, so a retry is a new try.
    const results = await this.writeLedger(linkChain(chain));
    if (refusalOf(results) !== null) {
      throw order.side === 'buy' ? new InsufficientBuyingPowerError() : new InsufficientPositionError();
    }
    order.reservationId = neededMinor > 0n ? newId : null;
    order.reservedMinor = neededMinor;
    await this.save(order);
  }

  /**
   * Expires open orders whose time has come: DAY at the session close, GTD at expiresAt, and an order without an
   * expiry of its own TRADING_ORDER_LIFETIME_MS_MAX after it was placed (its holds' timeouts assume it). An order
   * whose first hold is still unsent waits for the sweep to resolve it: there may be nothing to release yet.
   */
  async expireDue(limit = 200): Promise<number> {
    const now = this.core.now();
    const lifetimeStart = new Date(now.getTime() - TRADING_ORDER_LIFETIME_MS_MAX);
    const due = await this.db
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
  // Recovery and the sweep
  // ---------------------------------------------------------------------------------------------------------

  /**
   * At start: resend unsent settlements, resolve placements that stopped before their first hold was confirmed,
   * put the open orders back on the venue in their original order (resting books never cross, so this trades
   * nothing), and submit orders accepted but not yet on the venue. An order whose first hold could not be
   * confirmed (the ledger is still unavailable) stays off the venue until the sweep resolves it.
   */
  async recover(): Promise<void> {
    await this.resendSettlements();
    try {
      await this.resolvePlacements();
    } catch (error) {
      if (!LedgerUnavailableError.is(error)) {
        throw error;
      }
    }
    const unconfirmed = new Set(
      (
        await this.db
          .selectFrom('ledger_outbox')
          .select('order_id')
          .where('kind', '=', 'reservation')
          .where('sent_at', 'is', null)
          .execute()
      ).map((row) => row.order_id),
    );
    const open = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', [...OPEN_STATUSES])
      .orderBy('sequence')
      .execute();
    for (const row of open) {
      if (!this.core.specs.isTradable(row.product_id) || unconfirmed.has(row.id)) {
        continue;
      }
      const spec = this.core.specs.get(row.product_id);
      const order = orderStateOf(row);
      await this.queues.run(spec.productId, () => this.submitToVenue(spec, order));
    }
  }

  /**
   * The periodic sweep (trading's timer, and recovery's work while running): resends settlements the ledger did
   * not take, resolves stopped placements, voids orphan holds and expires due orders. Each step stops quietly
   * when the ledger is unavailable: the next pass goes on.
   */
  async sweep(): Promise<SweepReport> {
    let placementsResolved = 0;
    let orphansVoided = 0;
    try {
      await this.resendSettlements();
      const resolved = await this.resolvePlacements();
      placementsResolved = resolved.length;
      for (const order of resolved) {
        if (order.status === 'accepted' && this.core.specs.isTradable(order.productId)) {
          const spec = this.core.specs.get(order.productId);
          await this.queues.run(spec.productId, () => this.submitIfAccepted(spec, order.id));
        }
      }
      orphansVoided = await this.voidOrphanHolds();
    } catch (error) {
      if (!LedgerUnavailableError.is(error)) {
        throw error;
      }
    }
    const expired = await this.expireDue();
    return { placementsResolved, orphansVoided, expired };
  }

  /** Resends every product's unsent settlements (each in its instrument's queue, in order). */
  private async resendSettlements(): Promise<void> {
    const products = await this.db
      .selectFrom('ledger_outbox')
      .select('product_id')
      .distinct()
      .where('sent_at', 'is', null)
      .where('kind', '=', 'settlement')
      .execute();
    for (const { product_id: productId } of products) {
      await this.queues.run(productId, () => this.sendOrLog(productId));
    }
  }

  /**
   * Placements that stopped before their first hold was confirmed (the ledger did not answer, or the process
   * died) and are not running in this process: sends each one's own hold. Confirmed: the order stays accepted
   * (the caller hands it to the venue). Refused: that order alone is rejected (`reservation_refused`), with
   * nothing held. Answers the orders resolved.
   */
  private async resolvePlacements(limit = 200): Promise<OrderState[]> {
    const rows = await this.db
      .selectFrom('ledger_outbox')
      .select(['sequence', 'order_id'])
      .where('kind', '=', 'reservation')
      .where('sent_at', 'is', null)
      .orderBy('sequence')
      .limit(limit)
      .execute();
    const resolved: OrderState[] = [];
    for (const row of rows) {
      const orderId = row.order_id;
      if (orderId === null || this.placing.has(orderId)) {
        continue;
      }
      this.placing.add(orderId);
      try {
        const refused = await this.sendReservation(orderId);
        const order = await this.loadOrder(orderId);
        if (refused !== null) {
          order.status = 'rejected';
          order.reason = 'reservation_refused';
          order.reservationId = null;
          order.reservedMinor = 0n;
          await this.db.transaction().execute(async (trx) => {
            await this.save(order, trx);
            await trx
              .updateTable('ledger_outbox')
              .set({ sent_at: this.core.now(), refused_code: refused.code })
              .where('sequence', '=', row.sequence)
              .execute();
          });
          if (this.core.specs.isTradable(order.productId)) {
            await this.notifyOrder(this.core.specs.get(order.productId), order);
          }
        }
        resolved.push(order);
      } finally {
        this.placing.delete(orderId);
      }
    }
    return resolved;
  }

  /**
   * Voids holds in the ledger that no open order stands behind (a placement that lost its order, a bug, data of
   * an older version): every hold trading places is credited to a settlement account (cash per currency, units
   * per units ledger), so those accounts' pending transfers are all of trading's holds. A hold is live when an
   * open order's current reservation is it, or an unsent outbox row still names it (a fill about to post it, a
   * release about to void it). Each product's holds are checked in its instrument's queue, after its settlements
   * were sent, so no fill or replace changes an order's hold during the check. The ledger lists an account's
   * oldest 1,000 pending transfers: orphans are old, so they come first; the holds' own timeouts bound the rest.
   */
  async voidOrphanHolds(): Promise<number> {
    await this.core.specs.load();
    const accounts = new Map<string, string>();
    for (const spec of this.core.specs.all()) {
      const ids = venueAccountIds(spec);
      accounts.set(ids.settlement, spec.currency);
      accounts.set(ids.unitsSettlement, spec.unitsLedger);
    }
    let voided = 0;
    for (const accountId of accounts.keys()) {
      let pending: Awaited<ReturnType<typeof this.core.ledger.listPendingTransfers>>;
      try {
        pending = await this.core.ledger.listPendingTransfers(TRADING_TENANT, accountId);
      } catch {
        continue; // Not opened yet: no order of that currency or ledger ever traded.
      }
      for (const { transfer } of pending) {
        const productId = transfer.metadata['productId'] ?? transfer.metadata['description'] ?? 'orphans';
        const orphan = await this.queues.run(productId, () => this.isOrphan(transfer));
        if (!orphan) {
          continue;
        }
        const release: TransferInput = {
          id: uuidv7(),
          ledger: transfer.ledger,
          pendingId: transfer.id,
          flags: { voidPendingTransfer: true },
          metadata: {
            ...(transfer.metadata['kind'] === undefined ? {} : { kind: transfer.metadata['kind'] }),
            ...(transfer.metadata['description'] === undefined
              ? {}
              : { description: transfer.metadata['description'] }),
            ...(transfer.metadata['orderId'] === undefined ? {} : { orderId: transfer.metadata['orderId'] }),
            purpose: 'orphan_release',
          },
        };
        const refused = refusalOf(await this.writeLedger([release]));
        if (refused === null) {
          voided += 1;
          this.core.log.warn(
            { pendingId: transfer.id, orderId: transfer.metadata['orderId'] ?? null },
            'voided a trading hold no open order stands behind',
          );
        }
      }
    }
    return voided;
  }

  /** True when no open order holds `transfer` and no unsent outbox row names it (run in the product's queue). */
  private async isOrphan(transfer: Transfer): Promise<boolean> {
    if (transfer.metadata['purpose'] !== RESERVATION_PURPOSE) {
      return false;
    }
    const productId = transfer.metadata['productId'] ?? transfer.metadata['description'];
    if (productId !== undefined && this.core.specs.isTradable(productId)) {
      // Settlements first: a fill that posts this hold may still be waiting in the outbox.
      const sent = await this.sendPending(productId);
      if (!sent.ok) {
        return false;
      }
    }
    const holder = await this.db
      .selectFrom('orders')
      .select('id')
      .where('reservation_id', '=', transfer.id)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirst();
    if (holder !== undefined) {
      return false;
    }
    const named = await this.db
      .selectFrom('ledger_outbox')
      .select('sequence')
      .where('sent_at', 'is', null)
      .where(sql<boolean>`strpos(transfers::text, ${transfer.id}) > 0`)
      .executeTakeFirst();
    return named === undefined;
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
    await publishOrLog(this.core, TRADING_TOPICS.order, { userId: order.userId, order: view });
    void spec;
  }

  /** Called after a fill changed the customer's position (the runtime sends the `position` message). */
  onPositionChanged: ((userId: string, productId: string) => Promise<void>) | null = null;

  async notify(userId: string, message: TradingServerMessage): Promise<void> {
    const event: TradingCustomerEvent = { userId, message };
    await publishOrLog(this.core, TRADING_CUSTOMER_TOPIC, event);
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
