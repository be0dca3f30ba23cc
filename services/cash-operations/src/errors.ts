/**
 * Every code cash operations' core answers with, defined once (docs/api.md, "Cash operations"; the list is
 * CASH_ERROR_CODES in @tessera/contracts, and a test checks both agree). The rails define theirs in their modules.
 */
import { defineError } from '@tessera/platform';

// Wallets.
export const WalletNotFoundError = defineError('CASH_WALLET_NOT_FOUND', 404, 'No such wallet.');
export const WalletExistsError = defineError(
  'CASH_WALLET_EXISTS',
  409,
  'You already have a current wallet in this asset.',
);
export const WalletLimitReachedError = defineError(
  'CASH_WALLET_LIMIT_REACHED',
  422,
  'You have as many savings vaults in this asset as allowed.',
);
export const WalletNotOpenError = defineError(
  'CASH_WALLET_NOT_OPEN',
  422,
  'This wallet is frozen or closed: it cannot move money.',
);
export const AssetUnknownError = defineError('CASH_ASSET_UNKNOWN', 400, 'This asset is not offered.');

// Amounts (the rejections of @tessera/money's parseAmount, named for customers).
export const AmountRequiredError = defineError('CASH_AMOUNT_REQUIRED', 400, 'An amount is required.');
export const AmountNotANumberError = defineError(
  'CASH_AMOUNT_NOT_A_NUMBER',
  400,
  'The amount is not a number.',
);
export const AmountNegativeError = defineError(
  'CASH_AMOUNT_NEGATIVE',
  400,
  'The amount must not be negative.',
);
export const AmountNotPositiveError = defineError(
  'CASH_AMOUNT_NOT_POSITIVE',
  400,
  'The amount must be greater than zero.',
);
export const AmountTooManyDecimalsError = defineError(
  'CASH_AMOUNT_TOO_MANY_DECIMALS',
  400,
  'The amount has more decimals than the asset allows.',
);
export const AmountTooLargeError = defineError('CASH_AMOUNT_TOO_LARGE', 400, 'The amount is too large.');

/**
 * 503: the ledger could not be reached or failed. details.moved is `nothing` (the ledger was seen not to hold the
 * operation: retry with the same Idempotency-Key) or `unknown` (it could not be asked: the operation is resolved
 * within minutes, and a retry with the same key finishes it or gets its outcome).
 */
export const LedgerUnavailableError = defineError(
  'CASH_LEDGER_UNAVAILABLE',
  503,
  'The ledger is not available right now. Nothing is shown as moved until it is; retry with the same key.',
);

// Transfers and FX.
export const InsufficientFundsError = defineError(
  'CASH_INSUFFICIENT_FUNDS',
  422,
  'The wallet does not have enough available funds.',
);
export const SameWalletError = defineError(
  'CASH_SAME_WALLET',
  400,
  'The source and destination wallets must differ.',
);
export const AssetMismatchError = defineError(
  'CASH_ASSET_MISMATCH',
  422,
  'The wallets hold different assets: convert with an FX quote.',
);
export const QuoteRequiredError = defineError(
  'CASH_QUOTE_REQUIRED',
  422,
  'A transfer between wallets of different assets needs a quote.',
);
export const QuoteNotFoundError = defineError('CASH_QUOTE_NOT_FOUND', 404, 'No such quote.');
export const QuoteExpiredError = defineError(
  'CASH_QUOTE_EXPIRED',
  422,
  'The quote has expired: ask for a new one.',
);
export const QuoteMismatchError = defineError(
  'CASH_QUOTE_MISMATCH',
  422,
  'The quote is for other wallets or another amount.',
);
export const QuoteUsedError = defineError('CASH_QUOTE_USED', 409, 'The quote was already used.');
export const RateUnavailableError = defineError(
  'CASH_RATE_UNAVAILABLE',
  503,
  'No exchange rate is available for these assets right now.',
);

// Authorisation and limits.
export const StepUpRequiredError = defineError(
  'CASH_STEP_UP_REQUIRED',
  403,
  'Confirm with your second factor to continue.',
);
export const KycLevelRequiredError = defineError(
  'CASH_KYC_LEVEL_REQUIRED',
  403,
  'Verify your identity further to do this.',
);
export const LimitExceededError = defineError(
  'CASH_LIMIT_EXCEEDED',
  422,
  'This would exceed your 30-day limit.',
);
/** One deposit above the level's largest single deposit (KYC_POLICY depositSingleMax), whatever the 30 days hold. */
export const DepositAboveSingleMaxError = defineError(
  'CASH_DEPOSIT_ABOVE_SINGLE_MAX',
  422,
  'This deposit is above the largest single deposit allowed at your verification level.',
);
export const RecipientNotFoundError = defineError(
  'CASH_RECIPIENT_NOT_FOUND',
  404,
  'No Tessera customer has this e-mail address.',
);
export const RecipientIsSelfError = defineError(
  'CASH_RECIPIENT_IS_SELF',
  422,
  'To move money between your own wallets, use a transfer between wallets.',
);

// Lists and statements.
export const CursorInvalidError = defineError('CASH_CURSOR_INVALID', 400, 'The page cursor is not valid.');
export const StatementPeriodInvalidError = defineError(
  'CASH_STATEMENT_PERIOD_INVALID',
  400,
  'There is no statement for this month.',
);
export const StatementTooLargeError = defineError(
  'CASH_STATEMENT_TOO_LARGE',
  422,
  'This month has too many movements for one statement.',
);

/** A current version of a legal document is not accepted yet (user management, docs/api.md "Legal documents"). */
export const LegalAcceptanceRequiredError = defineError(
  'LEGAL_ACCEPTANCE_REQUIRED',
  403,
  'Accept the new version of the legal documents in Settings before moving money.',
);
