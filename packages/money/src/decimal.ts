/**
 * A small fixed-point decimal for prices, FX rates, fee rates and quantities: a bigint mantissa and a scale,
 * value = mantissa / 10^scale. Addition, subtraction and plain multiplication are exact; division and any
 * narrowing take an explicit scale and rounding mode. No JS number holds a value at any step.
 */
import { checkedMinorUnits, isScale, scale as toScale, SCALE_MAX } from './brand.ts';
import type { MinorUnits, Scale } from './brand.ts';
import { formatScaled, parseDecimalText, trimTrailingZeros } from './decimal-text.ts';
import type { DecimalTextRejectionCode } from './decimal-text.ts';
import { invariant } from './invariant.ts';
import { MoneyError } from './money-error.ts';
import { ok, reject } from './result.ts';
import type { Result } from './result.ts';
import { divideRounded, isRoundingMode, pow10 } from './rounding.ts';
import type { RoundingMode } from './rounding.ts';

/** Rejections of {@link Decimal.parse}. */
export type DecimalRejectionCode = DecimalTextRejectionCode | 'MONEY_TOO_MANY_DECIMALS' | 'MONEY_OVERFLOW';

/** A `Decimal`'s mantissa has fewer than this many digits (|mantissa| < 10^76, the product of two amounts). */
export const DECIMAL_DIGITS_MAX = 76;

const MANTISSA_ABS_LIMIT = pow10(DECIMAL_DIGITS_MAX);

/** A target for operations that may produce more decimals than wanted. */
export interface DecimalTarget {
  readonly scale: Scale;
  readonly rounding: RoundingMode;
}

function checkedMantissa(mantissa: bigint): bigint {
  if (mantissa >= MANTISSA_ABS_LIMIT || mantissa <= -MANTISSA_ABS_LIMIT) {
    throw new MoneyError('MONEY_OVERFLOW', `Decimal out of range: more than ${DECIMAL_DIGITS_MAX} digits`);
  }
  return mantissa;
}

/** Rounds `numerator / 10^shift` when shift > 0, multiplies by 10^-shift otherwise. */
function shiftRounded(numerator: bigint, shift: number, rounding: RoundingMode): bigint {
  return shift >= 0 ? divideRounded(numerator, pow10(shift), rounding) : numerator * pow10(-shift);
}

/** An immutable fixed-point decimal: `mantissa / 10^scale`. Build it with `parse`, `from`, `of`. */
export class Decimal {
  /** The value times 10^scale, an integer. */
  readonly mantissa: bigint;
  /** The number of decimals, 0 to 38. */
  readonly scale: Scale;

  private constructor(mantissa: bigint, scale: Scale) {
    this.mantissa = checkedMantissa(mantissa);
    this.scale = scale;
    Object.freeze(this);
  }

  /** Zero at scale 0. */
  static readonly ZERO: Decimal = new Decimal(0n, toScale(0));
  /** One at scale 0. */
  static readonly ONE: Decimal = new Decimal(1n, toScale(0));

  /** `mantissa / 10^scale`; throws on a non-bigint mantissa, a bad scale or more than 76 digits. */
  static of(mantissa: bigint, scale: number): Decimal {
    invariant(typeof mantissa === 'bigint', 'Decimal mantissa must be a bigint');
    return new Decimal(mantissa, toScale(scale));
  }

  /** An amount's minor units seen as a decimal of the asset's scale (`1230n, 2` is `12.30`). */
  static fromMinorUnits(amountMinor: MinorUnits, scale: Scale): Decimal {
    return Decimal.of(amountMinor, scale);
  }

  /**
   * Parses decimal text (the amount grammar, sign allowed) keeping its scale: `"1.50"` has scale 2.
   * Rejects with the same codes as amounts; `MONEY_TOO_MANY_DECIMALS` past 38 decimals.
   */
  static parse(text: string): Result<Decimal, DecimalRejectionCode> {
    const parts = parseDecimalText(text);
    if (!parts.ok) {
      return parts;
    }
    const { negative, integerDigits, fractionDigits } = parts.value;
    if (fractionDigits.length > SCALE_MAX) {
      return reject('MONEY_TOO_MANY_DECIMALS', `At most ${SCALE_MAX} decimals are allowed`, {
        scaleMax: SCALE_MAX,
      });
    }
    const magnitude = BigInt(integerDigits + fractionDigits);
    if (magnitude >= MANTISSA_ABS_LIMIT) {
      return reject('MONEY_OVERFLOW', `A decimal has at most ${DECIMAL_DIGITS_MAX} digits`);
    }
    return ok(new Decimal(negative ? -magnitude : magnitude, toScale(fractionDigits.length)));
  }

  /** Like {@link Decimal.parse} for trusted text (constants, configuration); throws a `MoneyError`. */
  static from(text: string): Decimal {
    const result = Decimal.parse(text);
    if (!result.ok) {
      throw new MoneyError(result.code, result.message);
    }
    return result.value;
  }

  /** True when `value` is a `Decimal`. */
  static isDecimal(value: unknown): value is Decimal {
    return value instanceof Decimal;
  }

  /** The mantissa of this value expressed at a larger or equal scale (exact). */
  private mantissaAt(scale: number): bigint {
    return this.mantissa * pow10(scale - this.scale);
  }

  /** `this + other`, exact, at the larger of the two scales. */
  add(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.mantissaAt(scale) + other.mantissaAt(scale), toScale(scale));
  }

  /** `this - other`, exact, at the larger of the two scales. */
  sub(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.mantissaAt(scale) - other.mantissaAt(scale), toScale(scale));
  }

  /**
   * `this * other`. Without a target it is exact at scale `this.scale + other.scale` (which must stay within
   * 38: pass a target otherwise); with one it is rounded to `target.scale` with `target.rounding`.
   */
  mul(other: Decimal, target?: DecimalTarget): Decimal {
    const product = this.mantissa * other.mantissa;
    const productScale = this.scale + other.scale;
    if (target === undefined) {
      invariant(productScale <= SCALE_MAX, 'Exact product would pass 38 decimals: give mul a target scale');
      return new Decimal(product, toScale(productScale));
    }
    invariant(isScale(target.scale) && isRoundingMode(target.rounding), 'mul needs a valid target');
    return new Decimal(shiftRounded(product, productScale - target.scale, target.rounding), target.scale);
  }

  /**
   * `this / other` at `scale` decimals, rounded with `rounding`. Throws a `MoneyError`
   * `MONEY_DIVISION_BY_ZERO` when `other` is zero.
   */
  div(other: Decimal, scale: Scale, rounding: RoundingMode): Decimal {
    invariant(isScale(scale) && isRoundingMode(rounding), 'div needs a valid scale and rounding mode');
    if (other.mantissa === 0n) {
      throw new MoneyError('MONEY_DIVISION_BY_ZERO', 'Division by a zero decimal');
    }
    // this / other = (m1 / 10^s1) / (m2 / 10^s2); at scale s the mantissa is m1 * 10^(s + s2 - s1) / m2.
    const shift = scale + other.scale - this.scale;
    const numerator = shift >= 0 ? this.mantissa * pow10(shift) : this.mantissa;
    const denominator = shift >= 0 ? other.mantissa : other.mantissa * pow10(-shift);
    return new Decimal(divideRounded(numerator, denominator, rounding), scale);
  }

  /** This value at another scale: exact when it grows, rounded with `rounding` when it shrinks. */
  rescale(scale: Scale, rounding: RoundingMode): Decimal {
    invariant(isScale(scale) && isRoundingMode(rounding), 'rescale needs a valid scale and rounding mode');
    return new Decimal(shiftRounded(this.mantissa, this.scale - scale, rounding), scale);
  }

  /** This value as minor units of an asset of `scale` (a quantity to units, a price to cents), rounded. */
  toMinorUnits(scale: Scale, rounding: RoundingMode): MinorUnits {
    return checkedMinorUnits(this.rescale(scale, rounding).mantissa);
  }

  /** The same value at the smallest scale that holds it exactly (`1.50` -> `1.5`, `2.00` -> `2`). */
  normalize(): Decimal {
    let mantissa = this.mantissa;
    let scale: number = this.scale;
    while (scale > 0 && mantissa % 10n === 0n) {
      mantissa /= 10n;
      scale -= 1;
    }
    return new Decimal(mantissa, toScale(scale));
  }

  /** -1, 0 or 1 as this is below, equal to or above `other`, whatever the scales. */
  compare(other: Decimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const left = this.mantissaAt(scale);
    const right = other.mantissaAt(scale);
    if (left < right) {
      return -1;
    }
    return left > right ? 1 : 0;
  }

  /** True when both are the same number (`1.5` equals `1.50`). */
  equals(other: Decimal): boolean {
    return this.compare(other) === 0;
  }

  /** True when zero. */
  isZero(): boolean {
    return this.mantissa === 0n;
  }

  /** True when below zero. */
  isNegative(): boolean {
    return this.mantissa < 0n;
  }

  /** `-this`, same scale. */
  negate(): Decimal {
    return new Decimal(-this.mantissa, this.scale);
  }

  /** `|this|`, same scale. */
  abs(): Decimal {
    return this.mantissa < 0n ? this.negate() : this;
  }

  /** Canonical text with exactly `scale` decimals (`"1.50"`); `Decimal.from` reads it back. */
  toString(): string {
    return formatScaled(this.mantissa, this.scale);
  }

  /** Shortest text: trailing zeros dropped (`"1.5"`). */
  toShortString(): string {
    return trimTrailingZeros(this.toString());
  }

  /** JSON carries decimals as strings, never numbers. */
  toJSON(): string {
    return this.toString();
  }

  /**
   * Only string conversion is allowed (template literals). `+price`, `price * 2` or `price > other` would
   * go through a float and silently lose digits, so they throw instead: use the methods.
   */
  [Symbol.toPrimitive](hint: string): string {
    if (hint === 'string') {
      return this.toString();
    }
    throw new TypeError('A Decimal does not convert to a number: use its methods (compare, add, mul, ...)');
  }
}

/**
 * Multiplies an amount by a rate and rounds to another scale: FX conversion (100.00 EUR at 1.0875 is
 * 108.75 USD), fees (0.35% of 100.00 EUR is 0.35 EUR), interest. Exact until the one rounding at the end.
 * Throws a `MoneyError` `MONEY_OVERFLOW` when the result leaves the 10^38 range.
 */
export function multiplyAmount(
  amountMinor: MinorUnits,
  amountScale: Scale,
  rate: Decimal,
  resultScale: Scale,
  rounding: RoundingMode,
): MinorUnits {
  invariant(typeof amountMinor === 'bigint', 'multiplyAmount needs bigint minor units');
  invariant(rate instanceof Decimal, 'multiplyAmount needs a Decimal rate');
  invariant(isScale(amountScale) && isScale(resultScale), 'multiplyAmount needs valid scales');
  invariant(isRoundingMode(rounding), 'multiplyAmount needs a rounding mode');
  // amount * rate = (a / 10^sa) * (m / 10^sr); in minor units of scale r: a * m * 10^(r - sa - sr).
  const shift = amountScale + rate.scale - resultScale;
  return checkedMinorUnits(shiftRounded(amountMinor * rate.mantissa, shift, rounding));
}
