/**
 * The time-series service's errors, listed in docs/api.md under "Time series". Besides these it uses the common
 * VALIDATION_FAILED of packages/platform (bad interval, limit, times or cursor).
 */
import { INVALID_PRODUCT_MESSAGE } from '@tessera/contracts';
import { defineError } from '@tessera/platform';

/** 400: a product id that is not `<SYMBOL>_<source>` with a known source (spec section 8: 'Invalid product'). */
export const InvalidProductError = defineError('TIME_SERIES_INVALID_PRODUCT', 400, INVALID_PRODUCT_MESSAGE);
/** 404: a well-formed product id that the catalog does not list. */
export const UnknownProductError = defineError('TIME_SERIES_UNKNOWN_PRODUCT', 404, 'No such instrument.');
/** 400: `from` is not before `to`. */
export const InvalidRangeError = defineError('TIME_SERIES_INVALID_RANGE', 400, '`from` must be before `to`.');

export { ValidationFailedError } from '@tessera/platform';
/** 503: this process has no ledger or user-management client to value portfolios with (a candles-only deployment). */
export const PortfolioUnavailableError = defineError(
  'TIME_SERIES_PORTFOLIO_UNAVAILABLE',
  503,
  'Portfolio history is not available right now.',
);
