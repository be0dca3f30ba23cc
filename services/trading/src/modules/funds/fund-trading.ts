/**
 * The fund port (FUND_TRADING_CLIENT of @tessera/contracts, issue #21, docs/adr/0019): investments' fund pools
 * trade through the same orders as customers (same checks of the instrument, market and price, same holds, same
 * settlement through the ledger), with two differences: a pool is not a customer, so no KYC or legal-document
 * check applies, and its cash leg is paid from and to the pool's cash account instead of a customer wallet
 * (TradingCore.pools). Orders are market orders, immediate-or-cancel, answered once final; idempotent by
 * clientOrderId per pool (the same id answers the first order's outcome, never a second order).
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

/** A buy's quantity for `notional` at the reference price now; '0' when it buys no lot; null with no price. */
async function buyQuantity(
  spec: InstrumentSpec,
  references: TradingRuntime['references'],
  notionalText: string,
): Promise<string | null> {
  const reference = await references.get(spec);
  if (reference === null) {
    return null;
  }
  const notional = Decimal.from(notionalText);
  const notionalMinor = divideRounded(
    notional.mantissa * pow10(spec.currencyScale),
    pow10(notional.scale),
    'floor',
  );
  const lots = lotsForNotional(spec, notionalMinor, ticksNear(spec, reference, 'floor'));
  return lots < 1n ? '0' : lotsToQuantity(spec, lots);
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

    async marketOrder(pool: FundPool, order: FundOrder): Promise<FundOrderResult> {
      const { core, orders, references } = await runtime();
      core.pools.set(pool.ownerId, pool.cashAccountId);
      const clientOrderId = poolClientOrderId(order.clientOrderId);
      const spec = await core.specs.find(order.productId);
      if (spec === null) {
        return rejected('TRADING_UNKNOWN_PRODUCT');
      }
      if (typeof spec === 'string') {
        return rejected('TRADING_INSTRUMENT_NOT_TRADABLE');
      }
      let quantity: string | null;
      if (order.side === 'buy') {
        // The quantity is decided once: a retry of the same clientOrderId finds the first order before this.
        // (a placement the ledger interrupted is completed by placing the same request again).
        const existing = await orders.placedBy(pool.ownerId, clientOrderId);
        quantity = existing?.quantity ?? (await buyQuantity(spec, references, order.notional ?? '0'));
      } else {
        quantity = order.quantity ?? '0';
      }
      if (quantity === null) {
        return rejected('TRADING_NO_REFERENCE_PRICE');
      }
      if (quantity === '0') {
        return rejected('TRADING_QUANTITY_TOO_SMALL');
      }
      const request: PlaceOrderRequest = {
        clientOrderId,
        productId: spec.productId,
        side: order.side,
        type: 'market',
        quantity,
        timeInForce: 'IOC',
      };
      try {
        const { order: placed } = await orders.place(pool.ownerId, request);
        return fundResultOf(placed, spec.currencyScale);
      } catch (error) {
        const code = tradingCodeOf(error);
        if (code === null || code === 'TRADING_LEDGER_UNAVAILABLE') {
          // Not final: the caller retries with the same clientOrderId, which completes the same order.
          throw error;
        }
        return rejected(code);
      }
    },
  };
}
