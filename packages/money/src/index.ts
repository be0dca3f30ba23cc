/**
 * @tessera/money: assets, scales, amounts as bigint minor units, decimal prices and rates. Pure: no I/O, no
 * dependencies. Every export below carries its own doc comment at its declaration; README.md has the overview.
 */

/** Programmer-error helpers: `invariant(cond, msg)`, `assertNever(x)` and the error they throw. */
export { assertNever, invariant, InvariantError } from './invariant.ts';

/** The throwing API's error (`name` MoneyError, literal `code`) and its codes. */
export { MoneyError } from './money-error.ts';
/** Codes carried by `MoneyError`. */
export type { MoneyErrorCode } from './money-error.ts';

/** Results of validating untrusted input: `{ ok: true, value } | { ok: false, code, message, details? }`. */
export { ok, reject, unwrap } from './result.ts';
/** Result types. */
export type { Ok, Rejection, Result } from './result.ts';

/** Branded primitives, their constructors and guards, and the range limits. */
export {
  ASSET_CODE_PATTERN,
  checkedMinorUnits,
  isAssetCode,
  isMinorUnits,
  isScale,
  MINOR_UNITS_ABS_LIMIT,
  minorUnits,
  scale,
  SCALE_MAX,
} from './brand.ts';
/** Branded types: `AssetCode` (string), `MinorUnits` (bigint), `Scale` (number of decimals). */
export type { AssetCode, MinorUnits, Scale } from './brand.ts';

/** The asset registry (EUR, USD, GBP, CHF, BTC, ETH, USDC), instrument assets and kind guards. */
export {
  ASSET_KINDS,
  ASSET_REGISTRY,
  BTC,
  CHF,
  ETH,
  EUR,
  fundUnitAsset,
  GBP,
  getAsset,
  INSTRUMENT_SCALE,
  isCrypto,
  isFiat,
  isFundUnit,
  isSecurity,
  securityAsset,
  USD,
  USDC,
} from './asset.ts';
/** Asset types and the codes of asset rejections. */
export type { Asset, AssetKind, AssetRejectionCode, FiatAsset, NonFiatAsset } from './asset.ts';

/** Rounding modes, exact rounded division and rescaling of amounts. */
export { divideRounded, isRoundingMode, pow10, rescale, ROUNDING_MODES } from './rounding.ts';
/** The six rounding modes. */
export type { RoundingMode } from './rounding.ts';

/** The decimal text grammar's length limit. */
export { DECIMAL_TEXT_LENGTH_MAX } from './decimal-text.ts';
/** Codes of grammar rejections shared by amounts and decimals. */
export type { DecimalTextRejectionCode } from './decimal-text.ts';

/** Parsing and canonical formatting of amounts. */
export { amountFromDecimal, formatAmount, parseAmount, toDecimalString } from './amount.ts';
/** Amount parsing options, rejection codes and formatting options. */
export type { AmountRejectionCode, ParseAmountOptions, ToDecimalStringOptions } from './amount.ts';

/** Range-checked arithmetic and comparison of amounts. */
export {
  absAmount,
  addAmounts,
  compareAmounts,
  isNegative,
  isPositive,
  isZero,
  negateAmount,
  subtractAmounts,
  SUM_AMOUNTS_COUNT_MAX,
  sumAmounts,
} from './amount-math.ts';

/** Splitting an amount by weights without losing a minor unit (largest remainder). */
export { allocate, ALLOCATE_PARTS_MAX } from './allocate.ts';

/** Fixed-point decimals for prices, rates and quantities, and amount-times-rate for FX and fees. */
export { Decimal, DECIMAL_DIGITS_MAX, multiplyAmount } from './decimal.ts';
/** Decimal rejection codes and rounding targets. */
export type { DecimalRejectionCode, DecimalTarget } from './decimal.ts';
