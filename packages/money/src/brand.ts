/**
 * Branded primitives. A brand costs nothing at runtime but stops a raw `bigint` from a database row, or a
 * plain string from a URL, from reaching money code before it went through the constructor that checks it.
 */
import { invariant } from './invariant.ts';
import { MoneyError } from './money-error.ts';

declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

/** An asset's code: `EUR`, `BTC`, an instrument symbol such as `AAPL` or `BRK.B`, or a fund unit code. */
export type AssetCode = Brand<string, 'AssetCode'>;

/**
 * An amount as an integer count of the asset's smallest unit (cents, satoshis, wei). Always paired with the
 * asset (or scale) it counts; its absolute value is below {@link MINOR_UNITS_ABS_LIMIT}.
 */
export type MinorUnits = Brand<bigint, 'MinorUnits'>;

/** A number of decimal places, an integer from 0 to {@link SCALE_MAX}. */
export type Scale = Brand<number, 'Scale'>;

/**
 * Every amount's absolute value is strictly below 10^38 minor units, so it fits PostgreSQL `numeric(38,0)`
 * and a signed 128-bit integer (2^127 is about 1.7 * 10^38). Past this, parsing rejects and arithmetic throws.
 */
export const MINOR_UNITS_ABS_LIMIT: bigint = 10n ** 38n;

/** The largest scale anything here accepts: amounts (the largest asset scale is 18) and `Decimal`s. */
export const SCALE_MAX = 38;

/** Asset codes: 1 to 16 upper-case letters, digits or dots (`EUR`, `BTC`, `BRK.B`, `TSR.WORLD`). */
export const ASSET_CODE_PATTERN = /^[A-Z0-9.]{1,16}$/;

/** True when `value` is an integer scale from 0 to {@link SCALE_MAX}. */
export function isScale(value: unknown): value is Scale {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SCALE_MAX;
}

/** Brands a scale; throws an `InvariantError` outside 0..{@link SCALE_MAX} (scales come from code, not users). */
export function scale(value: number): Scale {
  invariant(isScale(value), `Scale must be an integer from 0 to ${SCALE_MAX}, got ${String(value)}`);
  return value;
}

/** True when `value` is a bigint whose absolute value is below {@link MINOR_UNITS_ABS_LIMIT}. */
export function isMinorUnits(value: unknown): value is MinorUnits {
  return typeof value === 'bigint' && value < MINOR_UNITS_ABS_LIMIT && value > -MINOR_UNITS_ABS_LIMIT;
}

/**
 * Brands a bigint read from a trusted source (a database row, a computed sum); throws an `InvariantError`
 * when it is not a bigint or is out of range. Numbers are refused by type and at runtime: they lose digits.
 */
export function minorUnits(value: bigint): MinorUnits {
  invariant(typeof value === 'bigint', `Minor units must be a bigint, got ${typeof value}`);
  invariant(isMinorUnits(value), 'Minor units out of range: |value| must be below 10^38');
  return value;
}

/** True when `value` is a string matching {@link ASSET_CODE_PATTERN}. */
export function isAssetCode(value: unknown): value is AssetCode {
  return typeof value === 'string' && ASSET_CODE_PATTERN.test(value);
}

/**
 * Brands the result of arithmetic on amounts; throws a `MoneyError` with code `MONEY_OVERFLOW` when it reached
 * {@link MINOR_UNITS_ABS_LIMIT}. Overflow is checked on every result, so no stored amount can exceed the column.
 */
export function checkedMinorUnits(value: bigint): MinorUnits {
  if (!isMinorUnits(value)) {
    throw new MoneyError('MONEY_OVERFLOW', 'Amount out of range: |value| must be below 10^38 minor units');
  }
  return value;
}
