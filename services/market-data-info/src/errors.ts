/**
 * The market-data-info service's errors, listed in docs/api.md under "Market data info". Besides these it uses
 * the common VALIDATION_FAILED and NOT_FOUND of packages/platform.
 */
import { defineError } from '@tessera/platform';
import { INVALID_PRODUCT_MESSAGE } from '@tessera/contracts';

/** 400: an instrument id that is not `<SYMBOL>_<source>` with a known source (spec section 8: 'Invalid product'). */
export const InvalidProductError = defineError(
  'MARKET_DATA_INFO_INVALID_PRODUCT',
  400,
  INVALID_PRODUCT_MESSAGE,
);

export { NotFoundError, ValidationFailedError } from '@tessera/platform';
