/**
 * Exact decimal arithmetic on bigint fixed-point numbers (docs/adr/0019-fund-units-nav-and-money-paths.md): amounts,
 * units, prices and NAV are decimal strings on the wire and scaled bigints here; nothing is ever a float.
 */
import { FUND_NAV_SCALE, FUND_UNITS_SCALE } from '@tessera/contracts';

/** Digits of a currency amount (EUR). */
export const CASH_SCALE = 2;
/** Digits valuations are computed at before the NAV is rounded (a position's value is cut here, toward zero). */
export const VALUE_SCALE = 8;

const pow10 = (digits: number): bigint => 10n ** BigInt(digits);

/**
 * Parses a decimal string at `scale` digits. Extra digits are cut toward zero (`round: 'down'`) or refused
 * (`round: 'exact'`, the default, which throws a RangeError).
 */
export function parseFixed(text: string, scale: number, round: 'exact' | 'down' = 'exact'): bigint {
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text.trim());
  if (match === null) {
    throw new RangeError(`Not a decimal string: ${JSON.stringify(text)}`);
  }
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale && round === 'exact' && /[1-9]/.test(fraction.slice(scale))) {
    throw new RangeError(`${text} has more than ${scale} decimals`);
  }
  const digits = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  return sign === '-' ? -digits : digits;
}

/** Formats a scaled bigint as a decimal string with exactly `scale` decimals. */
export function formatFixed(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Rescales toward zero (fewer digits) or exactly (more digits). */
export function rescale(value: bigint, from: number, to: number): bigint {
  return to >= from ? value * pow10(to - from) : value / pow10(from - to);
}

/** Floor division (toward minus infinity) of bigints. */
export function floorDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n !== denominator < 0n ? quotient - 1n : quotient;
}

/** quantity x price at {@link VALUE_SCALE}, cut toward zero; both are decimal strings of any scale. */
export function valueOf(quantity: string, price: string): bigint {
  const [q, qs] = scaled(quantity);
  const [p, ps] = scaled(price);
  return rescale(q * p, qs + ps, VALUE_SCALE);
}

function scaled(text: string): [bigint, number] {
  const fraction = text.split('.')[1] ?? '';
  return [parseFixed(text, fraction.length), fraction.length];
}

/** One instrument of a valuation: quantity held and the reference price (null: unknown, valued 0). */
export interface ValuedPosition {
  readonly productId: string;
  readonly quantity: string;
  readonly price: string | null;
}

/** The NAV's parts at {@link VALUE_SCALE}. */
export interface Valuation {
  readonly cash: bigint;
  readonly positions: bigint;
  readonly perPosition: ReadonlyMap<string, bigint>;
  readonly accruedFees: bigint;
  readonly netAssets: bigint;
  readonly unpriced: readonly string[];
}

/**
 * (cash + sum(quantity x price) - accrued fees), every term at {@link VALUE_SCALE}. `cash` and `accruedFees` are in
 * the currency's minor units ({@link CASH_SCALE}).
 */
export function valuate(
  cashMinor: bigint,
  positions: readonly ValuedPosition[],
  accruedFeesMinor: bigint,
): Valuation {
  const perPosition = new Map<string, bigint>();
  const unpriced: string[] = [];
  let total = 0n;
  for (const position of positions) {
    const value = position.price === null ? 0n : valueOf(position.quantity, position.price);
    if (position.price === null && parseFixed(position.quantity, 18, 'down') !== 0n) {
      unpriced.push(position.productId);
    }
    perPosition.set(position.productId, value);
    total += value;
  }
  const cash = rescale(cashMinor, CASH_SCALE, VALUE_SCALE);
  const accruedFees = rescale(accruedFeesMinor, CASH_SCALE, VALUE_SCALE);
  return {
    cash,
    positions: total,
    perPosition,
    accruedFees,
    netAssets: cash + total - accruedFees,
    unpriced,
  };
}

/**
 * NAV per unit at {@link FUND_NAV_SCALE} digits: net assets / units outstanding, rounded down (toward minus
 * infinity, never below 0); `initialNav` when no unit is outstanding.
 */
export function navPerUnit(netAssets: bigint, unitsOutstanding: bigint, initialNav: bigint): bigint {
  if (unitsOutstanding <= 0n) {
    return initialNav;
  }
  // netAssets has VALUE_SCALE digits, units FUND_UNITS_SCALE: NAV digits = VALUE - UNITS + shift.
  const shift = FUND_NAV_SCALE + FUND_UNITS_SCALE - VALUE_SCALE;
  const nav = floorDiv(netAssets * pow10(shift), unitsOutstanding);
  return nav < 0n ? 0n : nav;
}

/** Units a value (at {@link VALUE_SCALE}) buys at `nav`, rounded down to {@link FUND_UNITS_SCALE} digits. */
export function unitsForValue(value: bigint, nav: bigint): bigint {
  if (nav <= 0n || value <= 0n) {
    return 0n;
  }
  const shift = FUND_UNITS_SCALE + FUND_NAV_SCALE - VALUE_SCALE;
  return floorDiv(value * pow10(shift), nav);
}

/** The value of `units` at `nav`, at {@link VALUE_SCALE}, rounded down. */
export function valueOfUnits(units: bigint, nav: bigint): bigint {
  return floorDiv(units * nav, pow10(FUND_UNITS_SCALE + FUND_NAV_SCALE - VALUE_SCALE));
}

/** `part` of `whole` times `share / of`, rounded down (pro rata). */
export function proRata(whole: bigint, share: bigint, of: bigint): bigint {
  return of === 0n ? 0n : floorDiv(whole * share, of);
}

/** Percent with 2 decimals of `part / whole` (0.00 when whole is 0), rounded half away from zero. */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) {
    return '0.00';
  }
  const scaledTimes10 = (part * 100_000n) / whole;
  const rounded = (scaledTimes10 + (scaledTimes10 >= 0n ? 5n : -5n)) / 10n;
  return formatFixed(rounded, 2);
}
