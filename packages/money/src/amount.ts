/**
 * Amounts: decimal text in, bigint minor units inside, canonical decimal text out.
 * The grammar is in decimal-text.ts; this file adds what an amount of a given asset needs.
 */
import { isMinorUnits, isScale } from './brand.ts';
import type { MinorUnits, Scale } from './brand.ts';
import type { Asset } from './asset.ts';
import { formatScaled, parseDecimalText, trimTrailingZeros } from './decimal-text.ts';
import type { DecimalTextRejectionCode } from './decimal-text.ts';
import { invariant } from './invariant.ts';
import { MoneyError } from './money-error.ts';
import { ok, reject } from './result.ts';
import type { Result } from './result.ts';
import { divideRounded, isRoundingMode, pow10 } from './rounding.ts';
import type { RoundingMode } from './rounding.ts';

/** Every named reason `parseAmount` can give, in the order the checks run. */
export type AmountRejectionCode =
  | DecimalTextRejectionCode
  | 'MONEY_NEGATIVE'
  | 'MONEY_TOO_MANY_DECIMALS'
  | 'MONEY_OVERFLOW'
  | 'MONEY_NOT_POSITIVE';

/** What `parseAmount` accepts beyond the plain grammar. */
export interface ParseAmountOptions {
  /** Accept a leading `-` (refunds, adjustments, ledger deltas). Without it a `-` gives `MONEY_NEGATIVE`. */
  readonly allowNegative?: boolean;
  /** Require a value above zero (a transfer amount); zero, or a negative allowed above, gives `MONEY_NOT_POSITIVE`. */
  readonly positive?: boolean;
  /** Round extra decimals with this mode instead of rejecting them with `MONEY_TOO_MANY_DECIMALS`. */
  readonly rounding?: RoundingMode;
}

function scaleOf(assetOrScale: Asset | Scale): Scale {
  const value = typeof assetOrScale === 'number' ? assetOrScale : assetOrScale.scale;
  invariant(isScale(value), `Invalid scale: ${String(value)}`);
  return value;
}

/**
 * Parses decimal text into minor units of `assetOrScale` (`"12.30"` with EUR is `1230n`). Untrusted input
 * (HTTP bodies, forms) goes here; every failure is a named code, never an exception.
 * Checks, in order: string, not empty, length, grammar, sign, decimals (or rounding), range, positivity.
 */
export function parseAmount(
  text: string,
  assetOrScale: Asset | Scale,
  options: ParseAmountOptions = {},
): Result<MinorUnits, AmountRejectionCode> {
  const scale = scaleOf(assetOrScale);
  invariant(options.rounding === undefined || isRoundingMode(options.rounding), 'Unknown rounding mode');
  const parts = parseDecimalText(text);
  if (!parts.ok) {
    return parts;
  }
  const { negative, integerDigits, fractionDigits } = parts.value;
  if (negative && options.allowNegative !== true) {
    return reject('MONEY_NEGATIVE', 'A negative amount is not allowed here');
  }
  const sign = negative ? -1n : 1n;
  let value: bigint;
  if (fractionDigits.length <= scale) {
    value = sign * BigInt(integerDigits + fractionDigits.padEnd(scale, '0'));
  } else if (options.rounding === undefined) {
    return reject('MONEY_TOO_MANY_DECIMALS', `At most ${scale} decimals are allowed`, { scaleMax: scale });
  } else {
    // Rounding sees the signed value, so floor and ceil go the right way for negatives.
    const exact = sign * BigInt(integerDigits + fractionDigits);
    value = divideRounded(exact, pow10(fractionDigits.length - scale), options.rounding);
  }
  if (!isMinorUnits(value)) {
    return reject('MONEY_OVERFLOW', 'Amount is too large: |value| must be below 10^38 minor units');
  }
  if (options.positive === true && value <= 0n) {
    return reject('MONEY_NOT_POSITIVE', 'Amount must be greater than zero');
  }
  return ok(value);
}

/**
 * Like {@link parseAmount} for trusted text (constants, seed data, our own database): returns the minor units
 * or throws a `MoneyError` carrying the rejection code.
 */
export function amountFromDecimal(
  text: string,
  assetOrScale: Asset | Scale,
  options: ParseAmountOptions = {},
): MinorUnits {
  const result = parseAmount(text, assetOrScale, options);
  if (!result.ok) {
    throw new MoneyError(result.code, result.message);
  }
  return result.value;
}

/**
 * Canonical decimal text of an amount with exactly `scale` decimals: `1230n, 2` -> `"12.30"`,
 * `-1n, 6` -> `"-0.000001"`. This is the wire format: `parseAmount` reads it back to the same value.
 */
export function formatAmount(amountMinor: MinorUnits, scale: Scale): string {
  invariant(isScale(scale), `Invalid scale: ${String(scale)}`);
  invariant(typeof amountMinor === 'bigint', 'formatAmount needs bigint minor units');
  return formatScaled(amountMinor, scale);
}

/** Options of {@link toDecimalString}. */
export interface ToDecimalStringOptions {
  /** `trim` (the default) drops trailing zeros and a bare point: `12.30` -> `12.3`, `12.00` -> `12`. */
  readonly trailingZeros?: 'trim' | 'keep';
}

/** Decimal text of an amount, shortest form by default (`"12.3"`); `trailingZeros: 'keep'` is `formatAmount`. */
export function toDecimalString(
  amountMinor: MinorUnits,
  scale: Scale,
  options: ToDecimalStringOptions = {},
): string {
  const text = formatAmount(amountMinor, scale);
  return options.trailingZeros === 'keep' ? text : trimTrailingZeros(text);
}
