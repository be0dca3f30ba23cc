/**
 * Orders, fills and positions as the customer sees them (the contract's `Order`, `Fill`, `Position`).
 */
import type {
  Fill,
  Order,
  OrderSide,
  OrderStatus,
  OrderType,
  Position,
  ProductId,
  TimeInForce,
} from '@tessera/contracts';
import { Decimal, divideRounded, scale as toScale } from '@tessera/money';
import {
  formatCurrency,
  grossMinorOf,
  type InstrumentSpec,
  lotsToQuantity,
  ticksToPrice,
} from '../instruments/instrument-spec.ts';
import type { FillRow, OrderState, PositionRow } from './orders.tables.ts';

/** A fill row as the contract's `Fill`. */
export function fillView(spec: InstrumentSpec, row: FillRow): Fill {
  return {
    id: row.id,
    orderId: row.order_id,
    productId: row.product_id as ProductId,
    side: row.side,
    price: ticksToPrice(spec, BigInt(row.price_ticks)),
    quantity: lotsToQuantity(spec, BigInt(row.lots)),
    grossAmount: formatCurrency(spec, BigInt(row.gross_minor)),
    fee: formatCurrency(spec, BigInt(row.fee_minor)),
    currency: spec.currency,
    liquidity: row.liquidity,
    createdAt: row.created_at.toISOString(),
  };
}

/** The order as the contract's `Order`. */
export function orderView(spec: InstrumentSpec, order: OrderState, fills: readonly FillRow[]): Order {
  const remaining = order.quantityLots - order.filledLots;
  const open =
    order.status === 'accepted' || order.status === 'working' || order.status === 'partially_filled';
  let averagePrice: string | null = null;
  if (order.filledLots > 0n) {
    // Σ ticks × lots / lots, in ticks, shown with two more decimals than the tick.
    const scale = spec.tick.scale + 2;
    const mantissa = divideRounded(
      order.filledTickLots * spec.tick.mantissa * 100n,
      order.filledLots,
      'half_even',
    );
    averagePrice = Decimal.of(mantissa, scale).toString();
  }
  const reserved =
    order.side === 'buy'
      ? formatCurrency(spec, order.reservedMinor)
      : Decimal.of(order.reservedMinor, spec.unitsScale).normalize().toString();
  return {
    id: order.id,
    clientOrderId: order.clientOrderId,
    productId: order.productId as ProductId,
    side: order.side as OrderSide,
    type: order.type as OrderType,
    timeInForce: order.timeInForce as TimeInForce,
    status: order.status as OrderStatus,
    quantity: lotsToQuantity(spec, order.quantityLots),
    notional: order.notional,
    limitPrice: order.limitPriceTicks === null ? null : ticksToPrice(spec, order.limitPriceTicks),
    stopPrice: order.stopPriceTicks === null ? null : ticksToPrice(spec, order.stopPriceTicks),
    trailAmount: order.trailAmountTicks === null ? null : ticksToPrice(spec, order.trailAmountTicks),
    trailPercent:
      order.trailPercentBp === null ? null : Decimal.of(BigInt(order.trailPercentBp), 2).toString(),
    filledQuantity: lotsToQuantity(spec, order.filledLots),
    remainingQuantity: lotsToQuantity(spec, open ? remaining : 0n),
    averagePrice,
    filledAmount: formatCurrency(spec, order.grossMinor),
    fees: formatCurrency(spec, order.feesMinor),
    currency: spec.currency,
    reserved,
    reason: order.reason,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    fills: fills.map((fill) => fillView(spec, fill)),
  };
}

/** A position row as the contract's `Position`, valued at `referencePrice` when known. */
export function positionView(
  spec: InstrumentSpec,
  row: PositionRow,
  reservedLots: bigint,
  referencePrice: Decimal | null,
): Position {
  const lots = BigInt(row.quantity_lots);
  const cost = BigInt(row.cost_basis_minor);
  const scale = spec.currencyScale + 4;
  const averageCost =
    lots === 0n
      ? Decimal.of(0n, scale)
      : Decimal.of(cost, spec.currencyScale).div(
          Decimal.of(lots * spec.lot.mantissa, spec.lot.scale),
          toScale(scale),
          'half_even',
        );
  let marketPrice: string | null = null;
  let marketValue: string | null = null;
  let unrealised: string | null = null;
  if (referencePrice !== null) {
    marketPrice = referencePrice.toString();
    const tickLots = divideRounded(
      referencePrice.mantissa * pow(spec.tick.scale) * lots,
      spec.tick.mantissa * pow(referencePrice.scale),
      'half_even',
    );
    const valueMinor = grossMinorOf(spec, tickLots);
    marketValue = formatCurrency(spec, valueMinor);
    unrealised = formatCurrency(spec, valueMinor - cost);
  }
  return {
    productId: row.product_id as ProductId,
    currency: spec.currency,
    quantity: lotsToQuantity(spec, lots),
    reservedQuantity: lotsToQuantity(spec, reservedLots),
    averageCost: averageCost.toString(),
    costBasis: formatCurrency(spec, cost),
    realisedPnl: formatCurrency(spec, BigInt(row.realised_minor)),
    marketPrice,
    marketValue,
    unrealisedPnl: unrealised,
    updatedAt: row.updated_at.toISOString(),
  };
}

function pow(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}
