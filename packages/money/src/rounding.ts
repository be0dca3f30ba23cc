/**
 * Rounding: every place that drops digits names its mode; there is no default. Integer division on bigint
 * truncates toward zero, so each mode is that quotient plus a correction decided from the remainder.
 */
import { assertNever, invariant } from './invariant.ts';
import { checkedMinorUnits, isScale } from './brand.ts';
import type { MinorUnits, Scale } from './brand.ts';

/**
 * How to drop digits:
 * - `half_even`: to nearest, ties to the even neighbour (banker's rounding, no drift over many roundings);
 * - `half_up`: to nearest, ties away from zero (what people learn at school: 0.125 -> 0.13, -0.125 -> -0.13);
 * - `down`: toward zero (truncate); `up`: away from zero;
 * - `floor`: toward negative infinity; `ceil`: toward positive infinity.
 */
export type RoundingMode = 'half_even' | 'half_up' | 'down' | 'up' | 'floor' | 'ceil';

/** Every {@link RoundingMode}. */
export const ROUNDING_MODES: readonly RoundingMode[] = Object.freeze([
  'half_even',
  'half_up',
  'down',
  'up',
  'floor',
  'ceil',
]);

/** True when `value` names a {@link RoundingMode}. */
export function isRoundingMode(value: unknown): value is RoundingMode {
  return typeof value === 'string' && (ROUNDING_MODES as readonly string[]).includes(value);
}

// Powers of ten up to 10^160 cover every scale difference and every mantissa limit used here.
const POW10: readonly bigint[] = Array.from({ length: 161 }, (_, exponent) => 10n ** BigInt(exponent));

/** 10^exponent as a bigint, for 0 <= exponent <= 160. */
export function pow10(exponent: number): bigint {
  const value = POW10[exponent];
  invariant(value !== undefined, `pow10 exponent out of range: ${exponent}`);
  return value;
}

/**
 * `numerator / denominator` rounded to an integer with `mode`. Exact: no float is involved.
 * Throws an `InvariantError` when the denominator is zero (callers check it first with a named error).
 */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  invariant(denominator !== 0n, 'Division by zero');
  const quotient = numerator / denominator; // truncated toward zero
  const remainder = numerator % denominator; // carries the numerator's sign
  if (remainder === 0n) {
    return quotient;
  }
  // The sign of the exact result; the truncated quotient lies between it and zero.
  const sign = numerator < 0n !== denominator < 0n ? -1n : 1n;
  switch (mode) {
    case 'down':
      return quotient;
    case 'up':
      return quotient + sign;
    case 'floor':
      return sign < 0n ? quotient - 1n : quotient;
    case 'ceil':
      return sign > 0n ? quotient + 1n : quotient;
    case 'half_up':
    case 'half_even':
      return roundHalf(quotient, remainder, denominator, sign, mode);
    default:
      return assertNever(mode, 'Unknown rounding mode');
  }
}

function roundHalf(
  quotient: bigint,
  remainder: bigint,
  denominator: bigint,
  sign: bigint,
  mode: 'half_up' | 'half_even',
): bigint {
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  const absoluteDenominator = denominator < 0n ? -denominator : denominator;
  if (twiceRemainder > absoluteDenominator) {
    return quotient + sign;
  }
  if (twiceRemainder < absoluteDenominator) {
    return quotient;
  }
  if (mode === 'half_up') {
    return quotient + sign;
  }
  return quotient % 2n === 0n ? quotient : quotient + sign;
}

/**
 * Changes an amount's scale: exact when the scale grows (`1.5` at scale 1 is `150` at scale 3), rounded with
 * `mode` when it shrinks. Throws a `MoneyError` `MONEY_OVERFLOW` when the result leaves the 10^38 range.
 */
export function rescale(
  amountMinor: MinorUnits,
  fromScale: Scale,
  toScale: Scale,
  mode: RoundingMode,
): MinorUnits {
  invariant(isScale(fromScale) && isScale(toScale), 'rescale needs valid scales');
  if (toScale >= fromScale) {
    return checkedMinorUnits(amountMinor * pow10(toScale - fromScale));
  }
  return checkedMinorUnits(divideRounded(amountMinor, pow10(fromScale - toScale), mode));
}
