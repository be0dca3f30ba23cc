/**
 * How an order ends, as typed values (issue #14: venue rejections are named values, not `venue:` strings). The
 * order's `reason` column keeps the words it always held (customers read them in `Order.reason`, e.g. `requested`,
 * `fill_or_kill`, `venue:book_full`): {@link storedReasonOf} writes them and {@link venueRejectionOf} reads a venue's
 * rejection back, each in one place.
 */
import { assertNever } from '@tessera/money';
import type { CancelReason } from '../matching/index.ts';
import type { VenueRejection } from '../venue/venue-adapter.ts';
import { StopWouldTriggerError, VenueRejectedError } from '../../errors.ts';
import type { OrderState } from './orders.tables.ts';

/** Why trading itself cancels an order (instead of the venue's reason). */
export type TradingCancelReason =
  /** A replace's swapped hold was not confirmed by the ledger: the order must not keep trading on it. */
  'ledger_unavailable';

/** How an order ends. */
export type OrderEnd =
  | { readonly status: 'filled' }
  | { readonly status: 'cancelled'; readonly reason: CancelReason | TradingCancelReason }
  | { readonly status: 'expired' }
  /** The venue refused the order after its hold was placed (the hold is released). */
  | { readonly status: 'rejected'; readonly by: 'venue'; readonly rejection: VenueRejection }
  /** The ledger refused the first hold of a placement the sweep completed (nothing was held). */
  | { readonly status: 'rejected'; readonly by: 'ledger' };

const VENUE_REASON_PREFIX = 'venue:';

/** Every venue rejection by name (a record, so a new rejection that is not listed here does not compile). */
const VENUE_REJECTIONS: Readonly<Record<VenueRejection, true>> = {
  invalid_order_id: true,
  duplicate_order_id: true,
  invalid_price: true,
  invalid_quantity: true,
  post_only_requires_gtc: true,
  post_only_would_take: true,
  book_full: true,
  unknown_order: true,
  invalid_trail: true,
  would_trigger_immediately: true,
  no_reference_price: true,
  trigger_book_full: true,
};

/** The `reason` column's word for an end (null for a fill). */
export function storedReasonOf(end: OrderEnd): string | null {
  switch (end.status) {
    case 'filled':
      return null;
    case 'cancelled':
      return end.reason;
    case 'expired':
      return 'expired';
    case 'rejected':
      return end.by === 'venue' ? `${VENUE_REASON_PREFIX}${end.rejection}` : 'reservation_refused';
    default:
      return assertNever(end, 'an order end');
  }
}

/** The venue's rejection of a rejected order, or null (not rejected, or rejected by the ledger). */
export function venueRejectionOf(order: Pick<OrderState, 'status' | 'reason'>): VenueRejection | null {
  if (order.status !== 'rejected' || order.reason === null || !order.reason.startsWith(VENUE_REASON_PREFIX)) {
    return null;
  }
  const name = order.reason.slice(VENUE_REASON_PREFIX.length);
  return Object.hasOwn(VENUE_REJECTIONS, name) ? (name as VenueRejection) : null;
}

/** The error a placement answers when the venue refused its order (nothing stays reserved). */
export function venueRejectionError(rejection: VenueRejection): Error {
  switch (rejection) {
    case 'would_trigger_immediately':
      return new StopWouldTriggerError();
    case 'invalid_order_id':
    case 'duplicate_order_id':
    case 'invalid_price':
    case 'invalid_quantity':
    case 'post_only_requires_gtc':
    case 'post_only_would_take':
    case 'book_full':
    case 'unknown_order':
    case 'invalid_trail':
    case 'no_reference_price':
    case 'trigger_book_full':
      return new VenueRejectedError(undefined, { reason: rejection });
    default:
      return assertNever(rejection, 'a venue rejection');
  }
}
