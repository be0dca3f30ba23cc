/**
 * Booking a venue fill: the ledger chain (settlement.ts), the fill rows, the orders' amounts and the positions'
 * average cost, written in one database transaction with the chain's outbox row; then sent, and announced (the
 * venue trade for market data, the fills to their customers, wallets and positions).
 */
import { MARKET_DATA_TOPICS, type VenueTradeEvent } from '@tessera/contracts';
import { invariant } from '@tessera/money';
import { venueAccountIds } from '../accounts/trading-accounts.ts';
import { type InstrumentSpec, lotsToQuantity, ticksToPrice } from '../instruments/instrument-spec.ts';
import type { VenueExecutionReport } from '../venue/venue-adapter.ts';
import type { LedgerOutbox } from './ledger-outbox.ts';
import type { OrderNotifications } from './order-notifications.ts';
import { fillView } from './order-views.ts';
import type { OrderStore } from './order-store.ts';
import type { OrderState, PositionRow, TradingDatabase } from './orders.tables.ts';
import { type FillParty, type FillSettlement, settleFill } from './settlement.ts';
import { publishOrLog, type TradingCore } from './trading-core.ts';

/** A venue's fill report. */
export type FillReport = Extract<VenueExecutionReport, { type: 'fill' }>;

/** A position's quantity, cost basis and realised P&L, in lots and minor units. */
interface PositionAmounts {
  readonly quantity: bigint;
  readonly cost: bigint;
  readonly realised: bigint;
}

/** Average cost and realised P&L: buys add their cost with fees; sells take out the average cost. */
export function positionAfterFill(
  before: PositionAmounts,
  side: 'buy' | 'sell',
  lots: bigint,
  grossMinor: bigint,
  feeMinor: bigint,
): PositionAmounts {
  const { quantity, cost, realised } = before;
  if (side === 'buy') {
    return { quantity: quantity + lots, cost: cost + grossMinor + feeMinor, realised };
  }
  invariant(quantity >= lots, 'a sale never exceeds the position (its units were reserved)');
  const removed = quantity === 0n ? 0n : (cost * lots * 2n + quantity) / (quantity * 2n);
  return {
    quantity: quantity - lots,
    cost: cost - removed,
    realised: realised + grossMinor - feeMinor - removed,
  };
}

function amountsOf(row: PositionRow | undefined): PositionAmounts {
  return row === undefined
    ? { quantity: 0n, cost: 0n, realised: 0n }
    : {
        quantity: BigInt(row.quantity_lots),
        cost: BigInt(row.cost_basis_minor),
        realised: BigInt(row.realised_minor),
      };
}

/** Books the venue's fills of customer orders. */
export class FillBooking {
  constructor(
    private readonly core: TradingCore,
    private readonly store: OrderStore,
    private readonly outbox: LedgerOutbox,
    private readonly notifications: OrderNotifications,
  ) {}

  /** Settles and records one fill between `maker` and `taker` (null: a market maker), then announces it. */
  async applyFill(
    spec: InstrumentSpec,
    report: FillReport,
    maker: OrderState | null,
    taker: OrderState | null,
  ): Promise<void> {
    if (maker === null && taker === null) {
      // A simulated participant traded with a market maker: the market outside the bank, no customer's money moves;
      // only the trade is shown (docs/adr/0014-simulated-participants.md).
      await this.publishTrade(spec, report, null, null, this.core.now());
      return;
    }
    const wallets = await this.walletsOf(spec, [maker, taker]);
    const party = (order: OrderState | null): FillParty =>
      order === null ? { kind: 'market_maker' } : { kind: 'customer', order };
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
    await this.record(spec, report, settlement, now);
    await this.outbox.sendOrLog(spec.productId);
    for (const fill of settlement.fills) {
      await this.notifications.walletChanged(fill.order.userId, spec.currency);
    }
    await this.publishTrade(spec, report, maker, taker, now);
    await this.announceFills(spec, settlement);
  }

  /** The customers' wallet accounts of the instrument's currency (a seller's proceeds open one). */
  private async walletsOf(
    spec: InstrumentSpec,
    orders: ReadonlyArray<OrderState | null>,
  ): Promise<Map<string, string>> {
    const wallets = new Map<string, string>();
    for (const order of orders) {
      if (order !== null && !wallets.has(order.userId)) {
        const wallet = await this.core.cash.currentWallet(order.userId, spec.currency, { create: true });
        invariant(wallet !== null, 'cash operations opens a wallet when asked to');
        wallets.set(order.userId, wallet.accountId);
      }
    }
    return wallets;
  }

  /** The orders, fill rows, positions and the chain's outbox row, in one transaction. */
  private async record(
    spec: InstrumentSpec,
    report: FillReport,
    settlement: FillSettlement,
    now: Date,
  ): Promise<void> {
    await this.core.db.transaction().execute(async (trx) => {
      for (const fill of settlement.fills) {
        await this.store.save(fill.order, trx);
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
      await this.outbox.add(trx, spec.productId, settlement.transfers);
    });
  }

  /** The trade as market data shows it (`venue.trade`). */
  private async publishTrade(
    spec: InstrumentSpec,
    report: FillReport,
    maker: OrderState | null,
    taker: OrderState | null,
    now: Date,
  ): Promise<void> {
    const trade: VenueTradeEvent = {
      productId: spec.productId,
      tradeId: report.tradeId,
      price: ticksToPrice(spec, report.priceTicks),
      size: lotsToQuantity(spec, report.quantityLots),
      aggressorSide: taker?.side ?? report.takerSide ?? (maker?.side === 'buy' ? 'sell' : 'buy'),
      sequence: Number(report.tradeId.split('-').pop()),
      timeMs: now.getTime(),
    };
    await publishOrLog(this.core, MARKET_DATA_TOPICS.venueTrade, trade);
  }

  /** Each fill to its customer, then each changed position. */
  private async announceFills(spec: InstrumentSpec, settlement: FillSettlement): Promise<void> {
    for (const fill of settlement.fills) {
      const row = await this.core.db
        .selectFrom('fills')
        .selectAll()
        .where('id', '=', fill.id)
        .executeTakeFirstOrThrow();
      await this.notifications.notify(fill.order.userId, { type: 'fill', fill: fillView(spec, row) });
    }
    for (const fill of settlement.fills) {
      await this.notifications.positionChanged(fill.order.userId, spec.productId);
    }
  }

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
    const next = positionAfterFill(amountsOf(row), order.side, lots, grossMinor, feeMinor);
    const amounts = {
      quantity_lots: next.quantity,
      cost_basis_minor: next.cost,
      realised_minor: next.realised,
      updated_at: now,
    };
    await db
      .insertInto('positions')
      .values({ user_id: order.userId, product_id: spec.productId, ...amounts })
      .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doUpdateSet(amounts))
      .execute();
  }
}
