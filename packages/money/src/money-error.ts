/**
 * Errors of the throwing API (`amountFromDecimal`, arithmetic overflow, division by zero). Validation of
 * untrusted text returns a `Result` instead; these are for trusted paths where a failure is exceptional.
 */

/** Stable codes carried by {@link MoneyError}; each is listed in README.md and docs/api.md. */
export type MoneyErrorCode =
  | 'MONEY_NOT_A_STRING'
  | 'MONEY_EMPTY'
  | 'MONEY_TOO_LONG'
  | 'MONEY_INVALID_FORMAT'
  | 'MONEY_NEGATIVE'
  | 'MONEY_TOO_MANY_DECIMALS'
  | 'MONEY_OVERFLOW'
  | 'MONEY_NOT_POSITIVE'
  | 'MONEY_DIVISION_BY_ZERO'
  | 'ASSET_INVALID_CODE'
  | 'ASSET_UNKNOWN'
  | 'ASSET_RESERVED_CODE';

/** An error with a `name` and a literal `code`, mapped once at the HTTP edge. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
