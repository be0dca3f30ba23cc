/**
 * Recovery at start and the periodic sweep: unsent settlements resent, placements that stopped before their first
 * hold was confirmed resolved, holds no open order stands behind voided, due orders expired.
 */
import type { Transfer, TransferInput } from '@tessera/contracts';
import { uuidv7 } from '@tessera/contracts';
import { sql } from 'kysely';
import { venueAccountIds } from '../accounts/trading-accounts.ts';
import { LedgerUnavailableError } from '../../errors.ts';
import { type LedgerOutbox, refusalOf } from './ledger-outbox.ts';
import type { OrderChanges } from './order-changes.ts';
import type { OrderNotifications } from './order-notifications.ts';
import { storedReasonOf } from './order-outcomes.ts';
import type { OrderPlacement } from './order-placement.ts';
import type { OrderStore } from './order-store.ts';
import { OPEN_STATUSES, type OrderState, orderStateOf } from './orders.tables.ts';
import type { SerialQueues } from './serial-queue.ts';
import { RESERVATION_PURPOSE, TRADING_TENANT } from './settlement.ts';
import type { TradingCore } from './trading-core.ts';
import type { VenueReports } from './venue-reports.ts';

/** What one pass of {@link OrderRecovery.sweep} did (logs, tests). */
export interface SweepReport {
  /** Placements whose first hold was sent by the sweep (then handed to the venue) or refused (then rejected). */
  readonly placementsResolved: number;
  /** Holds in the ledger with no open order behind them, voided. */
  readonly orphansVoided: number;
  /** Orders expired. */
  readonly expired: number;
}

/** Rethrows anything but the ledger being unavailable (the next pass goes on). */
function unlessLedgerUnavailable(error: unknown): void {
  if (!LedgerUnavailableError.is(error)) {
    throw error;
  }
}

/** The void of a hold no open order stands behind, naming what the hold named. */
function orphanRelease(transfer: Transfer): TransferInput {
  const { kind, description, orderId } = transfer.metadata;
  return {
    id: uuidv7(),
    ledger: transfer.ledger,
    pendingId: transfer.id,
    flags: { voidPendingTransfer: true },
    metadata: {
      ...(kind === undefined ? {} : { kind }),
      ...(description === undefined ? {} : { description }),
      ...(orderId === undefined ? {} : { orderId }),
      purpose: 'orphan_release',
    },
  };
}

/** Recovery and the sweep. */
export class OrderRecovery {
  constructor(
    private readonly core: TradingCore,
    private readonly queues: SerialQueues,
    private readonly store: OrderStore,
    private readonly outbox: LedgerOutbox,
    private readonly notifications: OrderNotifications,
    private readonly reports: VenueReports,
    private readonly placement: OrderPlacement,
    private readonly changes: OrderChanges,
    /** Orders whose placement is running in this process (shared with {@link OrderPlacement}). */
    private readonly placing: Set<string>,
  ) {}

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
      unlessLedgerUnavailable(error);
    }
    const unconfirmed = new Set(
      (
        await this.core.db
          .selectFrom('ledger_outbox')
          .select('order_id')
          .where('kind', '=', 'reservation')
          .where('sent_at', 'is', null)
          .execute()
      ).map((row) => row.order_id),
    );
    const open = await this.core.db
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
      await this.queues.run(spec.productId, () => this.reports.submitToVenue(spec, order));
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
      await this.submitResolved(resolved);
      orphansVoided = await this.voidOrphanHolds();
    } catch (error) {
      unlessLedgerUnavailable(error);
    }
    const expired = await this.changes.expireDue();
    return { placementsResolved, orphansVoided, expired };
  }

  /** Hands the resolved placements whose hold landed to the venue. */
  private async submitResolved(resolved: readonly OrderState[]): Promise<void> {
    for (const order of resolved) {
      if (order.status === 'accepted' && this.core.specs.isTradable(order.productId)) {
        const spec = this.core.specs.get(order.productId);
        await this.queues.run(spec.productId, () => this.placement.submitIfAccepted(spec, order.id));
      }
    }
  }

  /** Resends every product's unsent settlements (each in its instrument's queue, in order). */
  private async resendSettlements(): Promise<void> {
    const products = await this.core.db
      .selectFrom('ledger_outbox')
      .select('product_id')
      .distinct()
      .where('sent_at', 'is', null)
      .where('kind', '=', 'settlement')
      .execute();
    for (const { product_id: productId } of products) {
      await this.queues.run(productId, () => this.outbox.sendOrLog(productId));
    }
  }

  /**
   * Placements that stopped before their first hold was confirmed (the ledger did not answer, or the process
   * died) and are not running in this process: sends each one's own hold. Confirmed: the order stays accepted
   * (the caller hands it to the venue). Refused: that order alone is rejected (`reservation_refused`), with
   * nothing held. Answers the orders resolved.
   */
  private async resolvePlacements(limit = 200): Promise<OrderState[]> {
    const rows = await this.core.db
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
        resolved.push(await this.resolvePlacement(orderId, row.sequence));
      } finally {
        this.placing.delete(orderId);
      }
    }
    return resolved;
  }

  /** Sends one stopped placement's hold; a refusal rejects that order, with nothing held. */
  private async resolvePlacement(orderId: string, outboxSequence: string): Promise<OrderState> {
    const refused = await this.outbox.sendReservation(orderId);
    const order = await this.store.loadOrder(orderId);
    if (refused === null) {
      return order;
    }
    order.status = 'rejected';
    order.reason = storedReasonOf({ status: 'rejected', by: 'ledger' });
    order.reservationId = null;
    order.reservedMinor = 0n;
    await this.core.db.transaction().execute(async (trx) => {
      await this.store.save(order, trx);
      await this.outbox.markSent(outboxSequence, refused.code, trx);
    });
    if (this.core.specs.isTradable(order.productId)) {
      await this.notifications.notifyOrder(order);
    }
    return order;
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
    let voided = 0;
    for (const accountId of await this.settlementAccounts()) {
      let pending: Awaited<ReturnType<typeof this.core.ledger.listPendingTransfers>>;
      try {
        pending = await this.core.ledger.listPendingTransfers(TRADING_TENANT, accountId);
      } catch {
        continue; // Not opened yet: no order of that currency or ledger ever traded.
      }
      for (const { transfer } of pending) {
        if (await this.voidIfOrphan(transfer)) {
          voided += 1;
        }
      }
    }
    return voided;
  }

  /** Every settlement account a hold of trading is credited to (cash per currency, units per units ledger). */
  private async settlementAccounts(): Promise<string[]> {
    await this.core.specs.load();
    const accounts = new Set<string>();
    for (const spec of this.core.specs.all()) {
      const ids = venueAccountIds(spec);
      accounts.add(ids.settlement);
      accounts.add(ids.unitsSettlement);
    }
    return [...accounts];
  }

  /** Voids `transfer` when it is an orphan (checked in its product's queue); true when the ledger voided it. */
  private async voidIfOrphan(transfer: Transfer): Promise<boolean> {
    const productId = transfer.metadata['productId'] ?? transfer.metadata['description'] ?? 'orphans';
    const orphan = await this.queues.run(productId, () => this.isOrphan(transfer));
    if (!orphan) {
      return false;
    }
    const refused = refusalOf(await this.outbox.write([orphanRelease(transfer)]));
    if (refused !== null) {
      return false;
    }
    this.core.log.warn(
      { pendingId: transfer.id, orderId: transfer.metadata['orderId'] ?? null },
      'voided a trading hold no open order stands behind',
    );
    return true;
  }

  /** True when no open order holds `transfer` and no unsent outbox row names it (run in the product's queue). */
  private async isOrphan(transfer: Transfer): Promise<boolean> {
    if (transfer.metadata['purpose'] !== RESERVATION_PURPOSE) {
      return false;
    }
    const productId = transfer.metadata['productId'] ?? transfer.metadata['description'];
    if (productId !== undefined && this.core.specs.isTradable(productId)) {
      // Settlements first: a fill that posts this hold may still be waiting in the outbox.
      const sent = await this.outbox.sendPending(productId);
      if (!sent.ok) {
        return false;
      }
    }
    const holder = await this.core.db
      .selectFrom('orders')
      .select('id')
      .where('reservation_id', '=', transfer.id)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirst();
    if (holder !== undefined) {
      return false;
    }
    const named = await this.core.db
      .selectFrom('ledger_outbox')
      .select('sequence')
      .where('sent_at', 'is', null)
      .where(sql<boolean>`strpos(transfers::text, ${transfer.id}) > 0`)
      .executeTakeFirst();
    return named === undefined;
  }
}
