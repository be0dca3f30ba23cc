/**
 * An order's terms as one discriminated union over the contract's order types (ORDER_TYPES of @tessera/contracts):
 * each type with exactly the prices it needs, in the instrument's ticks. The wire request and the orders table
 * keep their flat, nullable fields (the contract's validation messages and the stored rows stay as they are);
 * {@link orderTermsOf} reads those fields into the union once, and the pre-trade estimate and the venue order
 * switch over it, so a new order type does not compile until each of them says what it means.
 */
import type { OrderType } from '@tessera/contracts';
import { assertNever, invariant } from '@tessera/money';

/** A trailing stop's distance: an amount of ticks, or basis points of the reference price. */
export type Trail = { readonly amountTicks: number } | { readonly percentBasisPoints: number };

/** What an order of each type is, in ticks. */
export type OrderTerms =
  | { readonly type: 'market' }
  | { readonly type: 'limit'; readonly limitPriceTicks: number }
  | { readonly type: 'stop'; readonly stopPriceTicks: number }
  | { readonly type: 'stop_limit'; readonly stopPriceTicks: number; readonly limitPriceTicks: number }
  | { readonly type: 'trailing_stop'; readonly trail: Trail };

/** The flat price fields (a checked request, or an order row). */
export interface OrderPriceFields {
  readonly limitPriceTicks: number | null;
  readonly stopPriceTicks: number | null;
  readonly trailAmountTicks: number | null;
  readonly trailPercentBp: number | null;
}

/**
 * The terms of an order of `type` from its flat fields. The contract's shape rules (orderShapeProblems) already
 * refused a request whose fields do not fit its type, so a missing field here is a broken invariant.
 */
export function orderTermsOf(type: OrderType, fields: OrderPriceFields): OrderTerms {
  switch (type) {
    case 'market':
      return { type };
    case 'limit':
      return { type, limitPriceTicks: present(fields.limitPriceTicks, 'a limit order has a limit price') };
    case 'stop':
      return { type, stopPriceTicks: present(fields.stopPriceTicks, 'a stop order has a stop price') };
    case 'stop_limit':
      return {
        type,
        stopPriceTicks: present(fields.stopPriceTicks, 'a stop-limit order has a stop price'),
        limitPriceTicks: present(fields.limitPriceTicks, 'a stop-limit order has a limit price'),
      };
    case 'trailing_stop':
      return {
        type,
        trail:
          fields.trailAmountTicks !== null
            ? { amountTicks: fields.trailAmountTicks }
            : { percentBasisPoints: present(fields.trailPercentBp, 'a trailing stop has a trail') },
      };
    default:
      return assertNever(type, 'an order type');
  }
}

function present(value: number | null, message: string): number {
  invariant(value !== null, message);
  return value;
}
