/**
 * Every code the investments service answers with, defined once (docs/api.md, "Investments"; INVESTMENTS_ERROR_CODES
 * of @tessera/contracts).
 */
import { defineError } from '@tessera/platform';

export const KycLevelRequiredError = defineError(
  'INVESTMENTS_KYC_LEVEL_REQUIRED',
  403,
  'Investing and managing a fund need a verified identity (KYC level 2).',
);
export const LegalAcceptanceRequiredError = defineError(
  'LEGAL_ACCEPTANCE_REQUIRED',
  403,
  'Accept the new version of the legal documents in Settings before moving money.',
);
export const FundNotFoundError = defineError('INVESTMENTS_FUND_NOT_FOUND', 404, 'No such fund.');
export const NotFundManagerError = defineError(
  'INVESTMENTS_NOT_FUND_MANAGER',
  403,
  'Only the manager of this fund can change it.',
);
export const CuratedFundReadOnlyError = defineError(
  'INVESTMENTS_CURATED_FUND_READ_ONLY',
  403,
  'A fund curated by Tessera cannot be changed here.',
);
export const ManagedFundsLimitError = defineError(
  'INVESTMENTS_MANAGED_FUNDS_LIMIT',
  422,
  'You already manage the largest number of funds allowed.',
);
export const InstrumentNotTradableError = defineError(
  'INVESTMENTS_INSTRUMENT_NOT_TRADABLE',
  422,
  'An instrument of the composition does not exist or cannot be traded.',
);
export const CurrencyMismatchError = defineError(
  'INVESTMENTS_CURRENCY_MISMATCH',
  422,
  "An instrument of the composition is not quoted in the fund's currency.",
);
export const AmountTooSmallError = defineError(
  'INVESTMENTS_AMOUNT_TOO_SMALL',
  422,
  'The amount is below the minimum investment.',
);
export const AmountTooLargeError = defineError(
  'INVESTMENTS_AMOUNT_TOO_LARGE',
  422,
  'The amount is above the largest investment allowed at once.',
);
export const NoWalletError = defineError(
  'INVESTMENTS_NO_WALLET',
  422,
  "You have no wallet in the fund's currency.",
);
export const InsufficientFundsError = defineError(
  'INVESTMENTS_INSUFFICIENT_FUNDS',
  422,
  'Your wallet does not hold enough money for this investment.',
);
export const InsufficientUnitsError = defineError(
  'INVESTMENTS_INSUFFICIENT_UNITS',
  422,
  'You do not hold that many units of this fund.',
);
export const NoPriceError = defineError(
  'INVESTMENTS_NO_PRICE',
  422,
  'An instrument of the fund has no price yet: try again in a moment.',
);
export const IdempotencyKeyRequiredError = defineError(
  'INVESTMENTS_IDEMPOTENCY_KEY_REQUIRED',
  400,
  'Send an Idempotency-Key header (8 to 64 letters, digits, - or _).',
);
export const IdempotencyKeyReusedError = defineError(
  'INVESTMENTS_IDEMPOTENCY_KEY_REUSED',
  409,
  'This Idempotency-Key was used for another request.',
);
export const OperationInProgressError = defineError(
  'INVESTMENTS_OPERATION_IN_PROGRESS',
  409,
  'This operation is still being processed: ask again in a moment.',
);
export const TradingUnavailableError = defineError(
  'INVESTMENTS_TRADING_UNAVAILABLE',
  503,
  'Funds cannot trade right now: try again later.',
);
export const MarketClosedError = defineError(
  'INVESTMENTS_MARKET_CLOSED',
  409,
  'The market of an instrument the fund would trade is closed: nothing was taken; try again once it opens.',
);
