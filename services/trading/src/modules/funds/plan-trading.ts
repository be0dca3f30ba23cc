/**
 * What trading offers investments' automated plans in-process (PlanTradingApi of @tessera/contracts, issue #21,
 * docs/adr/0019-fund-units-nav-and-money-paths.md, 'Automated plans'): an instrument's market state (open now; the next open when closed), and a
 * market buy for an amount placed as the customer's own order: the same placement as POST /orders (their KYC level,
 * legal documents and wallet checked, the hold and the settlement through the ledger), by `notional` (the engine
 * converts the amount to a quantity at the reference price, cut to the lot), immediate-or-cancel, idempotent by
 * `clientOrderId` (the same id answers the first order).
 */
import type { PlaceOrderRequest, PlanOrderResult, PlanTradingApi } from '@tessera/contracts';
import { Decimal, divideRounded, pow10 } from '@tessera/money';
import { marketStateOf } from '../orders/pre-trade.ts';
import type { TradingRuntime } from '../runtime/trading-runtime.ts';

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('TRADING_') ? code : null;
}

export function createPlanTrading(runtime: () => Promise<TradingRuntime>): PlanTradingApi {
  return {
    async marketState(productId) {
      const { core } = await runtime();
      const spec = await core.specs.find(productId);
      if (spec === null || typeof spec === 'string') {
        return null;
      }
      const state = await marketStateOf(core, spec, core.now().getTime());
      return {
        open: state.open,
        nextOpenAt: state.nextOpenAtMs === null ? null : new Date(state.nextOpenAtMs).toISOString(),
      };
    },

    async customerMarketBuy(userId, order): Promise<PlanOrderResult> {
      const { orders } = await runtime();
      const request: PlaceOrderRequest = {
        clientOrderId: order.clientOrderId,
        productId: order.productId,
        side: 'buy',
        type: 'market',
        notional: order.notional,
        timeInForce: 'IOC',
      } as PlaceOrderRequest;
      try {
        const { order: placed } = await orders.place(userId, request);
        const filled = Decimal.from(placed.filledQuantity);
        if (filled.mantissa === 0n) {
          return {
            orderId: placed.id,
            status: 'rejected',
            filledQuantity: '0',
            notionalFilled: '0',
            reason: placed.reason ?? 'TRADING_VENUE_REJECTED',
          };
        }
        const gross = Decimal.from(placed.filledAmount);
        const fees = Decimal.from(placed.fees);
        const scale = Math.max(gross.scale, fees.scale);
        const paid =
          divideRounded(gross.mantissa * pow10(scale), pow10(gross.scale), 'half_up') +
          divideRounded(fees.mantissa * pow10(scale), pow10(fees.scale), 'half_up');
        return {
          orderId: placed.id,
          status: placed.status === 'filled' ? 'filled' : 'partially_filled',
          filledQuantity: placed.filledQuantity,
          notionalFilled: Decimal.of(paid, scale).toString(),
          reason: placed.status === 'filled' ? null : placed.reason,
        };
      } catch (error) {
        const code = codeOf(error);
        if (code === null || code === 'TRADING_LEDGER_UNAVAILABLE') {
          // Not final: the plan's job asks again with the same clientOrderId.
          throw error;
        }
        return { orderId: null, status: 'rejected', filledQuantity: '0', notionalFilled: '0', reason: code };
      }
    },
  };
}
