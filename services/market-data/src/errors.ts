/**
 * The market-data service's errors, listed in docs/api.md under "Market data". The websocket's `error` messages
 * use the same codes (MARKET_STREAM_ERROR_CODES of @tessera/contracts). Besides these it uses the common
 * VALIDATION_FAILED of packages/platform.
 */
import { INVALID_PRODUCT_MESSAGE } from '@tessera/contracts';
import { defineError } from '@tessera/platform';

/** 400: a product id that is not `<SYMBOL>_<source>` with a known source (spec section 8: 'Invalid product'). */
export const InvalidProductError = defineError('MARKET_DATA_INVALID_PRODUCT', 400, INVALID_PRODUCT_MESSAGE);
/** 404: a well-formed product id that the catalog does not list. */
export const UnknownProductError = defineError('MARKET_DATA_UNKNOWN_PRODUCT', 404, 'No such instrument.');
/** 503: the feed is still warming up (the first seconds after start), or this process has no market data yet. */
export const FeedNotReadyError = defineError(
  'MARKET_DATA_FEED_NOT_READY',
  503,
  'Market data is starting. Try again in a few seconds.',
);
/** Websocket only: a message that is not JSON or not one of the client messages. */
export const InvalidMessageError = defineError(
  'MARKET_DATA_INVALID_MESSAGE',
  400,
  'The message is not a valid market-data request.',
);
/** Websocket only: a channel name that is not one of MARKET_CHANNELS. */
export const UnknownChannelError = defineError('MARKET_DATA_UNKNOWN_CHANNEL', 400, 'No such channel.');
/** Websocket only: the connection already holds MARKET_STREAM_SUBSCRIPTIONS_MAX subscriptions. */
export const TooManySubscriptionsError = defineError(
  'MARKET_DATA_TOO_MANY_SUBSCRIPTIONS',
  429,
  'This connection holds as many subscriptions as allowed.',
);

export { ValidationFailedError } from '@tessera/platform';
