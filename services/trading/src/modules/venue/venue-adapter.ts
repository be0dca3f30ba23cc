/**
 * The venue adapter: where accepted orders go to be executed. The internal venue (`InternalVenue`: one matching
 * engine per instrument with simulated market makers) is the default; a real broker (Interactive Brokers' TWS API,
 * Alpaca, a FIX session) implements the same interface later and reports executions through the same callbacks,
 * so reservations, settlement and the order lifecycle do not change.
 *
 * Contract:
 * - `submit`, `cancel` and `replace` are commands; their outcome arrives as {@link VenueExecutionReport}s through
 *   the sink given at start (a broker's execution reports), in order per instrument.
 * - Every accepted order ends with exactly one `done` report; a fill is at the maker's (the broker's) price.
 * - The adapter never touches money: the trading service settles every fill in the ledger.
 */
import type { CancelReason, RejectionReason, Side, TriggerRejectionReason } from '../matching/index.ts';

/** What every order handed to a venue carries, whatever its kind. */
interface VenueOrderCommon {
  /** The service's order sequence (unique, rising). */
  readonly orderId: number;
  readonly productId: string;
  readonly accountId: string;
  readonly side: Side;
  readonly quantityLots: number;
  readonly timeInForce: 'gtc' | 'ioc' | 'fok';
  /** The price a stop is checked against when it is placed (the reference price). */
  readonly referencePriceTicks?: number;
}

/**
 * An order as the service hands it to a venue, in the instrument's integer ticks and lots: one kind per order type
 * of the contract (ORDER_TYPES), each with exactly the prices it needs. `protectionPriceTicks` (market, stop and
 * trailing stop) is the worst price it may trade at (the collar).
 */
export type VenueOrder = VenueOrderCommon &
  (
    | { readonly kind: 'market'; readonly protectionPriceTicks: number }
    | { readonly kind: 'limit'; readonly limitPriceTicks: number }
    | { readonly kind: 'stop'; readonly stopPriceTicks: number; readonly protectionPriceTicks: number }
    | { readonly kind: 'stop_limit'; readonly stopPriceTicks: number; readonly limitPriceTicks: number }
    | {
        readonly kind: 'trailing_stop';
        readonly protectionPriceTicks: number;
        readonly trail: { readonly amountTicks: number } | { readonly percentBasisPoints: number };
      }
  );

/** Why a venue refused an order it was handed: the matching engine's or the trigger book's named rejection. */
export type VenueRejection = RejectionReason | TriggerRejectionReason;

/** What a venue reports. */
export type VenueExecutionReport =
  | { readonly type: 'accepted'; readonly orderId: number }
  | { readonly type: 'rejected'; readonly orderId: number; readonly reason: VenueRejection }
  | {
      readonly type: 'fill';
      readonly makerOrderId: number;
      readonly takerOrderId: number;
      readonly priceTicks: number;
      readonly quantityLots: number;
      readonly tradeId: string;
      /** The taker's side when the venue knows it and the taker is not an order of the service (a participant). */
      readonly takerSide?: Side;
    }
  | {
      readonly type: 'cancelled';
      readonly orderId: number;
      readonly quantityLots: number;
      readonly reason: CancelReason;
    }
  | {
      readonly type: 'replaced';
      readonly orderId: number;
      readonly priceTicks: number;
      readonly quantityLots: number;
      readonly priorityKept: boolean;
    }
  | { readonly type: 'done'; readonly orderId: number; readonly reason: 'filled' | 'cancelled' };

/** A venue as the trading service drives it. */
export interface VenueAdapter {
  /** Sends an order; its reports follow. */
  submit(order: VenueOrder): Promise<VenueExecutionReport[]>;
  /** Cancels a working order (a trigger order included); `rejected: unknown_order` if it is not working. */
  cancel(productId: string, orderId: number): Promise<VenueExecutionReport[]>;
  /** Changes a working limit order's price and open quantity. */
  replace(
    productId: string,
    orderId: number,
    priceTicks: number,
    quantityLots: number,
  ): Promise<VenueExecutionReport[]>;
  /**
   * A new reference price: the internal venue's market makers requote (and may fill resting orders), trigger
   * orders are checked. A broker's adapter returns its own execution reports received since the last call.
   */
  referencePrice(
    productId: string,
    priceTicks: number,
    participants?: ReadonlyArray<{ readonly side: Side; readonly quantityLots: number }>,
  ): Promise<VenueExecutionReport[]>;
  /** The top of the book (`[priceTicks, lots]`, best first), for `venue.book`; null when the venue has none. */
  book(
    productId: string,
    depth: number,
  ): { bids: Array<[number, number]>; asks: Array<[number, number]> } | null;
}
