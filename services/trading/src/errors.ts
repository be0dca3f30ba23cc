/**
 * Every code the trading service answers with, defined once (docs/api.md, "Trading"; TRADING_ERROR_CODES of
 * @tessera/contracts). Pre-trade rejections reserve nothing.
 */
import { defineError } from '@tessera/platform';

export const KycLevelRequiredError = defineError(
  'TRADING_KYC_LEVEL_REQUIRED',
  403,
  'Trading needs a verified identity (KYC level 2).',
);
export const UnknownProductError = defineError('TRADING_UNKNOWN_PRODUCT', 404, 'No such product.');
export const InstrumentNotTradableError = defineError(
  'TRADING_INSTRUMENT_NOT_TRADABLE',
  422,
  'This product cannot be traded.',
);
export const MarketClosedError = defineError(
  'TRADING_MARKET_CLOSED',
  422,
  'The market of this product is closed.',
);
export const PriceNotOnTickError = defineError(
  'TRADING_PRICE_NOT_ON_TICK',
  422,
  'The price is not a multiple of the tick size.',
);
export const QuantityNotOnLotError = defineError(
  'TRADING_QUANTITY_NOT_ON_LOT',
  422,
  'The quantity is not a multiple of the lot size.',
);
export const QuantityTooSmallError = defineError(
  'TRADING_QUANTITY_TOO_SMALL',
  422,
  'The amount does not buy a single lot.',
);
export const QuantityTooLargeError = defineError(
  'TRADING_QUANTITY_TOO_LARGE',
  422,
  'The quantity is larger than one order may be.',
);
export const PriceOutOfRangeError = defineError(
  'TRADING_PRICE_OUT_OF_RANGE',
  422,
  'The price is outside the range the venue accepts.',
);
export const InvalidTrailError = defineError(
  'TRADING_INVALID_TRAIL',
  422,
  'The trail must be at least one tick, or 0.01 % to 99.99 %.',
);
export const StopWouldTriggerError = defineError(
  'TRADING_STOP_WOULD_TRIGGER',
  422,
  'The stop price is already reached: the order would trigger at once.',
);
export const ExpiryInvalidError = defineError(
  'TRADING_EXPIRY_INVALID',
  422,
  'A GTD order expires in the future, within a year.',
);
export const NoReferencePriceError = defineError(
  'TRADING_NO_REFERENCE_PRICE',
  503,
  'There is no current price for this product yet; try again shortly.',
);
export const InsufficientBuyingPowerError = defineError(
  'TRADING_INSUFFICIENT_BUYING_POWER',
  422,
  'The wallet does not have enough available cash for this order and its fees.',
);
export const InsufficientPositionError = defineError(
  'TRADING_INSUFFICIENT_POSITION',
  422,
  'You do not hold enough units to sell (short selling is not allowed).',
);
export const OpenOrdersLimitError = defineError(
  'TRADING_OPEN_ORDERS_LIMIT',
  422,
  'You have as many open orders as allowed.',
);
export const ClientOrderIdReusedError = defineError(
  'TRADING_CLIENT_ORDER_ID_REUSED',
  409,
  'This clientOrderId was already used for another order.',
);
export const OrderNotFoundError = defineError('TRADING_ORDER_NOT_FOUND', 404, 'No such order.');
export const OrderNotOpenError = defineError(
  'TRADING_ORDER_NOT_OPEN',
  409,
  'The order is no longer open (filled, cancelled, expired or rejected).',
);
/**
 * A replace's new quantity is not above what is already filled. The same code and status as
 * {@link OrderNotOpenError} (what callers already handle), named for what was rejected.
 */
export const QuantityNotAboveFilledError = defineError(
  'TRADING_ORDER_NOT_OPEN',
  409,
  'The order is no longer open (filled, cancelled, expired or rejected).',
);
/**
 * The venue refused a replace (the order left the book meanwhile). The same code and status as
 * {@link OrderNotOpenError}, named for what was rejected.
 */
export const ReplaceRefusedByVenueError = defineError(
  'TRADING_ORDER_NOT_OPEN',
  409,
  'The order is no longer open (filled, cancelled, expired or rejected).',
);
/**
 * No position in the product asked for. The same code and status as {@link OrderNotFoundError} (what callers
 * already handle), named for what was not found.
 */
export const PositionNotFoundError = defineError('TRADING_ORDER_NOT_FOUND', 404, 'No such order.');
export const ReplaceNotSupportedError = defineError(
  'TRADING_REPLACE_NOT_SUPPORTED',
  422,
  'Only a working limit order can be replaced.',
);
export const VenueRejectedError = defineError(
  'TRADING_VENUE_REJECTED',
  422,
  'The venue refused the order; nothing is reserved.',
);
export const WatchlistNotFoundError = defineError('TRADING_WATCHLIST_NOT_FOUND', 404, 'No such watchlist.');
export const WatchlistLimitError = defineError(
  'TRADING_WATCHLIST_LIMIT',
  422,
  'You have as many watchlists as allowed.',
);
export const AlertNotFoundError = defineError('TRADING_ALERT_NOT_FOUND', 404, 'No such price alert.');
export const AlertLimitError = defineError(
  'TRADING_ALERT_LIMIT',
  422,
  'You have as many active price alerts as allowed.',
);
export const AlertPriceOutOfBandError = defineError(
  'TRADING_ALERT_PRICE_OUT_OF_BAND',
  422,
  'The alert price is too far from the current price (from a tenth to ten times it).',
);
export const LedgerUnavailableError = defineError(
  'TRADING_LEDGER_UNAVAILABLE',
  503,
  'The order could not be confirmed yet; send it again with the same clientOrderId.',
);

/** A current version of a legal document is not accepted yet (user management, docs/api.md "Legal documents"). */
export const LegalAcceptanceRequiredError = defineError(
  'LEGAL_ACCEPTANCE_REQUIRED',
  403,
  'Accept the new version of the legal documents in Settings before moving money.',
);
