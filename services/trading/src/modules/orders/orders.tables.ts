/**
 * The trading schema's tables as Kysely sees them (migrations/0001-trading.ts). int8 and numeric come back as
 * strings on both engines (convert with BigInt, or Number for ids and lots, which stay below 2^53), timestamptz as
 * Date, jsonb parsed.
 */
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { OrderSide, OrderStatus, OrderType, TimeInForce, TransferInput } from '@tessera/contracts';
import type { FundPoolsTable } from '../funds/fund-pools.ts';

type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
type Numeric = ColumnType<string, string | bigint, string | bigint>;
/** numeric with a default: optional on insert. */
type NumericDefault = ColumnType<string, string | bigint | undefined, string | bigint>;
type Int8Default = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

export interface OrdersTable {
  id: string;
  sequence: Int8;
  user_id: string;
  client_order_id: string;
  request_hash: string;
  product_id: string;
  side: OrderSide;
  /** The contract's literal unions, held by check constraints (migrations/0003-orders-hold-their-unions.ts). */
  type: OrderType;
  time_in_force: TimeInForce;
  status: OrderStatus;
  /** Why it ended, as stored (order-outcomes.ts writes and reads it). */
  reason: string | null;
  quantity_lots: Int8;
  notional: string | null;
  limit_price_ticks: Int8 | null;
  stop_price_ticks: Int8 | null;
  trail_amount_ticks: Int8 | null;
  trail_percent_bp: number | null;
  max_price_ticks: Int8;
  reference_ticks: Int8 | null;
  filled_lots: Int8Default;
  filled_tick_lots: NumericDefault;
  gross_minor: NumericDefault;
  fees_minor: NumericDefault;
  reservation_id: string | null;
  reserved_minor: Numeric;
  on_venue: boolean;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface FillsTable {
  id: string;
  order_id: string;
  user_id: string;
  product_id: string;
  side: OrderSide;
  price_ticks: Int8;
  lots: Int8;
  gross_minor: Numeric;
  fee_minor: Numeric;
  liquidity: 'maker' | 'taker';
  trade_id: string;
  created_at: Date;
}

export interface LedgerOutboxTable {
  sequence: Generated<string>;
  product_id: string;
  transfers: ColumnType<TransferInput[], string, string>;
  sent_at: Date | null;
  created_at: Date;
  /** `reservation`: a placement's first hold (sent by that placement); `settlement`: everything else. */
  kind: ColumnType<'reservation' | 'settlement', 'reservation' | 'settlement' | undefined, never>;
  order_id: ColumnType<string | null, string | null | undefined, never>;
  /** The ledger's code when it refused the row (then `sent_at` is set: nothing more is sent). */
  refused_code: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PositionsTable {
  user_id: string;
  product_id: string;
  quantity_lots: Int8;
  cost_basis_minor: Numeric;
  realised_minor: Numeric;
  updated_at: Date;
}

export interface WatchlistsTable {
  id: string;
  user_id: string;
  name: string;
  product_ids: ColumnType<string[], string, string>;
  created_at: Date;
  updated_at: Date;
}

export interface PriceAlertsTable {
  id: string;
  user_id: string;
  product_id: string;
  condition: 'above' | 'below';
  price: string;
  status: 'active' | 'triggered' | 'cancelled';
  triggered_price: string | null;
  triggered_at: Date | null;
  created_at: Date;
}

export interface TradingTables {
  orders: OrdersTable;
  fills: FillsTable;
  ledger_outbox: LedgerOutboxTable;
  positions: PositionsTable;
  watchlists: WatchlistsTable;
  price_alerts: PriceAlertsTable;
  fund_pools: FundPoolsTable;
}

export type TradingDatabase = Kysely<TradingTables>;
/** Rows as read. */
export type OrderRow = Selectable<OrdersTable>;
export type FillRow = Selectable<FillsTable>;
export type PositionRow = Selectable<PositionsTable>;
export type WatchlistRow = Selectable<WatchlistsTable>;
export type PriceAlertRow = Selectable<PriceAlertsTable>;

/** An order row as the service works with it: numbers and bigints instead of driver strings. */
export interface OrderState {
  readonly id: string;
  readonly sequence: number;
  readonly userId: string;
  readonly clientOrderId: string;
  readonly productId: string;
  readonly side: OrderSide;
  readonly type: OrderType;
  readonly timeInForce: TimeInForce;
  status: OrderStatus;
  reason: string | null;
  quantityLots: bigint;
  readonly notional: string | null;
  limitPriceTicks: number | null;
  readonly stopPriceTicks: number | null;
  readonly trailAmountTicks: number | null;
  readonly trailPercentBp: number | null;
  maxPriceTicks: number;
  readonly referenceTicks: number | null;
  filledLots: bigint;
  filledTickLots: bigint;
  grossMinor: bigint;
  feesMinor: bigint;
  reservationId: string | null;
  reservedMinor: bigint;
  onVenue: boolean;
  readonly expiresAt: Date | null;
  readonly createdAt: Date;
  updatedAt: Date;
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** Reads a row. */
export function orderStateOf(row: OrderRow): OrderState {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    userId: row.user_id,
    clientOrderId: row.client_order_id,
    productId: row.product_id,
    side: row.side,
    type: row.type,
    timeInForce: row.time_in_force,
    status: row.status,
    reason: row.reason,
    quantityLots: BigInt(row.quantity_lots),
    notional: row.notional,
    limitPriceTicks: numberOrNull(row.limit_price_ticks),
    stopPriceTicks: numberOrNull(row.stop_price_ticks),
    trailAmountTicks: numberOrNull(row.trail_amount_ticks),
    trailPercentBp: row.trail_percent_bp,
    maxPriceTicks: Number(row.max_price_ticks),
    referenceTicks: numberOrNull(row.reference_ticks),
    filledLots: BigInt(row.filled_lots),
    filledTickLots: BigInt(row.filled_tick_lots),
    grossMinor: BigInt(row.gross_minor),
    feesMinor: BigInt(row.fees_minor),
    reservationId: row.reservation_id,
    reservedMinor: BigInt(row.reserved_minor),
    onVenue: row.on_venue,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns an update of the order's mutable state writes. */
export function orderUpdateOf(order: OrderState) {
  return {
    status: order.status,
    reason: order.reason,
    quantity_lots: order.quantityLots,
    limit_price_ticks: order.limitPriceTicks,
    max_price_ticks: order.maxPriceTicks,
    filled_lots: order.filledLots,
    filled_tick_lots: order.filledTickLots,
    gross_minor: order.grossMinor,
    fees_minor: order.feesMinor,
    reservation_id: order.reservationId,
    reserved_minor: order.reservedMinor,
    on_venue: order.onVenue,
    updated_at: order.updatedAt,
  };
}

/** Open: not final. */
export const OPEN_STATUSES = [
  'accepted',
  'working',
  'partially_filled',
] as const satisfies readonly OrderStatus[];
/** An open status. */
export type OpenOrderStatus = (typeof OPEN_STATUSES)[number];

/** True while the order is not final. */
export function isOpen(status: OrderStatus): status is OpenOrderStatus {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}
