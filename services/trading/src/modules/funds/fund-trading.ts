/**
 * The fund port (FUND_TRADING_CLIENT of @tessera/contracts, issue #21, docs/adr/0019): investments' fund pools
 * trade through the same orders as customers (same checks of the instrument, market and price, same holds, same
 * settlement through the ledger), with two differences: a pool is not a customer, so no KYC or legal-document
 * check applies, and its cash leg is paid from and to the pool's cash account instead of a customer wallet
 * (TradingCore.pools, stored: an order left open by a restart settles into it). Orders are market orders,
 * immediate-or-cancel, answered once final; idempotent by clientOrderId per pool (the same id answers the first
 * order's outcome, never a second order). A buy by notional spends the notional in up to POOL_BUY_ROUNDS buys
 * (the engine holds a market buy at the collar, so one buy spends about 95 % of it).
 */
import { createHash } from 'node:crypto';
import {
  type FundOrderResult,
  type FundPool,
  type FundTradingApi,
  type Order,
  type PlaceOrderRequest,
  TRADING_COLLAR_BASIS_POINTS,
} from '@tessera/contracts';
import { Decimal, divideRounded, pow10 } from '@tessera/money';
import { positionAccountId } from '../accounts/trading-accounts.ts';
import { type InstrumentSpec, lotsToQuantity, ticksNear } from '../instruments/instrument-spec.ts';
import { buyReservationMinor } from '../orders/order-math.ts';
import type { TradingRuntime } from '../runtime/trading-runtime.ts';
import { createPlanTrading } from './plan-trading.ts';

type FundOrder = Parameters<FundTradingApi['marketOrder']>[1];

/** The order's clientOrderId in trading: investments' ids may hold characters trading's ids do not take. */
export function poolClientOrderId(clientOrderId: string): string {
  return `fund-${createHash('sha256').update(clientOrderId).digest('hex').slice(0, 40)}`;
}

/** A code trading answers with, or null for an unexpected failure. */
function tradingCodeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('TRADING_') ? code : null;
}

function rejected(reason: string): FundOrderResult {
  return { status: 'rejected', filledQuantity: '0', notionalFilled: '0', averagePrice: null, reason };
}

/** The final order as the port answers it: cash paid with the fee (buy) or received less the fee (sell). */
export function fundResultOf(order: Order, scale: number): FundOrderResult {
  const filled = Decimal.from(order.filledQuantity);
  if (filled.mantissa === 0n) {
    return rejected('TRADING_VENUE_REJECTED');
  }
  const gross = Decimal.from(order.filledAmount);
  const fees = Decimal.from(order.fees);
  const grossMinor = divideRounded(gross.mantissa * pow10(scale), pow10(gross.scale), 'half_up');
  const feesMinor = divideRounded(fees.mantissa * pow10(scale), pow10(fees.scale), 'half_up');
  const cashMinor = order.side === 'buy' ? grossMinor + feesMinor : grossMinor - feesMinor;
  return {
    status: order.status === 'filled' ? 'filled' : 'partially_filled',
    filledQuantity: order.filledQuantity,
    notionalFilled: Decimal.of(cashMinor, scale).toString(),
    averagePrice: order.averagePrice,
    reason: order.status === 'filled' ? null : order.reason,
  };
}

/**
 * The whole lots a buy of `notionalMinor` can hold: the most whose hold at the collar price, fee included, fits in
 * the notional (the engine holds a market buy at the collar; it fills near the reference, the rest stays in cash).
 */
export function lotsForNotional(spec: InstrumentSpec, notionalMinor: bigint, referenceTicks: number): bigint {
  const maxTicks = BigInt(
    Math.max(
      1,
      Number(
        divideRounded(
          BigInt(referenceTicks) * BigInt(10_000 + TRADING_COLLAR_BASIS_POINTS),
          10_000n,
          'floor',
        ),
      ),
    ),
  );
  const fits = (lots: bigint) => buyReservationMinor(spec, 0n, lots, maxTicks, 0n, 0n) <= notionalMinor;
  let low = 0n;
  let high = (notionalMinor * spec.grossDenominator) / (maxTicks * spec.grossNumerator) + 1n;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (fits(middle)) {
      low = middle;
    } else {
      high = middle - 1n;
    }
  }
  return low;
}

/** A buy's quantity for `notionalMinor` at the reference price now; '0' when it buys no lot; null with no price. */
async function buyQuantity(
  spec: InstrumentSpec,
  references: TradingRuntime['references'],
  notionalMinor: bigint,
): Promise<string | null> {
  const reference = await references.get(spec);
  if (reference === null) {
    return null;
  }
  const lots = lotsForNotional(spec, notionalMinor, ticksNear(spec, reference, 'floor'));
  return lots < 1n ? '0' : lotsToQuantity(spec, lots);
}

/**
 * How many market buys a pool's buy by notional may place. The engine holds a market buy at the collar (reference
 * + 5 %), so one buy whose hold fits in the notional spends about 95 % of it; each next buy spends what is left the
 * same way (about 99.75 % after two, 99.99 % after three), until less than a lot is left. The rest (under a lot,
 * or 0.05^4 of the notional) stays in the cash account it came from.
 */
export const POOL_BUY_ROUNDS = 4;

/** The clientOrderId in trading of round `round` of a pool's buy (round 0 keeps the first id of the port). */
function roundClientOrderId(clientOrderId: string, round: number): string {
  return poolClientOrderId(round === 0 ? clientOrderId : `${clientOrderId}#${round}`);
}

/** Exact units of a decimal text at `scale` (never more decimals than scale in what the engine answers). */
function scaled(text: string, scale: number): bigint {
  const value = Decimal.from(text);
  return divideRounded(value.mantissa * pow10(scale), pow10(value.scale), 'floor');
}

const AVERAGE_PRICE_SCALE = 10;
const QUANTITY_SCALE = 18;

/**
 * The rounds' orders as one answer: quantities, cash (each order's, fee included) and gross added up; the average
 * price is the gross over the quantity, cut (never up) at 10 decimals, so quantity x average never exceeds the
 * gross paid. Filled when every round filled; otherwise the last round's status and reason.
 */
export function combinedResultOf(orders: readonly Order[], currencyScale: number): FundOrderResult {
  const results = orders.map((order) => fundResultOf(order, currencyScale));
  if (orders.length === 1) {
    return results[0]!;
  }
  let quantity = 0n;
  let gross = 0n;
  let cashMinor = 0n;
  for (const [index, order] of orders.entries()) {
    quantity += scaled(order.filledQuantity, QUANTITY_SCALE);
    gross += scaled(order.filledAmount, QUANTITY_SCALE);
    cashMinor += scaled(results[index]!.notionalFilled, currencyScale);
  }
  const quantityScale = Math.max(...orders.map((order) => Decimal.from(order.filledQuantity).scale));
  const last = results[results.length - 1]!;
  return {
    status: last.status,
    // At the scale the engine answers quantities in (the instrument's lot), as one order's quantity reads.
    filledQuantity: Decimal.of(quantity / pow10(QUANTITY_SCALE - quantityScale), quantityScale).toString(),
    notionalFilled: Decimal.of(cashMinor, currencyScale).toString(),
    averagePrice:
      quantity === 0n
        ? null
        : Decimal.of((gross * pow10(AVERAGE_PRICE_SCALE)) / quantity, AVERAGE_PRICE_SCALE).toString(),
    reason: last.reason,
  };
}

/** The port over the running engine (`runtime` resolves once the service's plugin started it). */
export function createFundTrading(runtime: () => Promise<TradingRuntime>): FundTradingApi {
  return {
    async positionAccount(poolOwnerId, productId) {
      const { core } = await runtime();
      const spec = await core.specs.find(productId);
      if (spec === null || typeof spec === 'string') {
        // Never traded: the id is the one a first buy opens (name-based), nothing to open in the ledger yet.
        return positionAccountId(poolOwnerId, productId);
      }
      await core.accounts.ensureVenue(spec);
      return core.accounts.ensurePosition(poolOwnerId, spec);
    },

    async referencePrice(productId) {
      const { core, references } = await runtime();
      const spec = await core.specs.find(productId);
      if (spec === null || typeof spec === 'string') {
        return null;
      }
      return (await references.get(spec))?.toString() ?? null;
    },

    async instrument(productId) {
      const { core } = await runtime();
      const spec = await core.specs.find(productId);
      if (spec === null) {
        return null;
      }
      if (typeof spec === 'string') {
        const info = (await core.catalog.listInstruments()).find((item) => item.id === productId);
        return info === undefined ? null : { currency: info.currency, tradable: false };
      }
      return { currency: spec.currency, tradable: true };
    },

    // The engine's sessions, as plans ask them (plan-trading.ts): a closed market refuses the order.
    marketState: (productId) => createPlanTrading(runtime).marketState(productId),

    async marketOrder(pool: FundPool, order: FundOrder): Promise<FundOrderResult> {
      const { core, orders, references } = await runtime();
      await core.pools.remember(pool.ownerId, pool.cashAccountId);
      const spec = await core.specs.find(order.productId);
      if (spec === null) {
        return rejected('TRADING_UNKNOWN_PRODUCT');
      }
      if (typeof spec === 'string') {
        return rejected('TRADING_INSTRUMENT_NOT_TRADABLE');
      }
      const place = async (clientOrderId: string, quantity: string): Promise<Order | FundOrderResult> => {
        const request: PlaceOrderRequest = {
          clientOrderId,
          productId: spec.productId,
          side: order.side,
          type: 'market',
          quantity,
          timeInForce: 'IOC',
        };
        try {
          return (await orders.place(pool.ownerId, request)).order;
        } catch (error) {
          const code = tradingCodeOf(error);
          if (code === null || code === 'TRADING_LEDGER_UNAVAILABLE') {
            // Not final: the caller retries with the same clientOrderId, which completes the same order.
            throw error;
          }
          return rejected(code);
        }
      };
      if (order.side === 'sell') {
        const placed = await place(poolClientOrderId(order.clientOrderId), order.quantity ?? '0');
        return 'id' in placed ? fundResultOf(placed, spec.currencyScale) : placed;
      }
      // A buy spends the notional in up to POOL_BUY_ROUNDS market buys. Each round's quantity is decided once: a
      // retry of the same clientOrderId finds the rounds placed before (what they paid decides the next round's
      // notional), and a placement the ledger interrupted is completed by placing the same request again.
      const notional = Decimal.from(order.notional ?? '0');
      let leftMinor = divideRounded(
        notional.mantissa * pow10(spec.currencyScale),
        pow10(notional.scale),
        'floor',
      );
      const filled: Order[] = [];
      for (let round = 0; round < POOL_BUY_ROUNDS; round += 1) {
        const clientOrderId = roundClientOrderId(order.clientOrderId, round);
        const existing = await orders.placedBy(pool.ownerId, clientOrderId);
        const quantity = existing?.quantity ?? (await buyQuantity(spec, references, leftMinor));
        if (quantity === null || quantity === '0') {
          if (round === 0) {
            return rejected(quantity === null ? 'TRADING_NO_REFERENCE_PRICE' : 'TRADING_QUANTITY_TOO_SMALL');
          }
          break;
        }
        const placed = await place(clientOrderId, quantity);
        if (!('id' in placed) || Decimal.from(placed.filledQuantity).mantissa === 0n) {
          if (round === 0) {
            return 'id' in placed ? fundResultOf(placed, spec.currencyScale) : placed;
          }
          break;
        }
        filled.push(placed);
        leftMinor -= scaled(fundResultOf(placed, spec.currencyScale).notionalFilled, spec.currencyScale);
        if (placed.status !== 'filled') {
          break;
        }
      }
      return combinedResultOf(filled, spec.currencyScale);
    },
  };
}
