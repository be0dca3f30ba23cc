/**
 * Prices in ticks and quantities in lots: the integers market data computes with, and the decimal strings it
 * writes. A price of `ticks` is `ticks × tickSize` exactly; the conversion to text is string work on an integer,
 * never a float division, so `230.10` is always `230.10`.
 *
 * The simulator's reference price is a model value (a float, like any stochastic process); it becomes a price only
 * when rounded to a tick ({@link ticksOfPrice}), and money never passes through a float.
 */
import { Decimal } from '@tessera/money';

/** The tick and lot of an instrument, parsed once. */
export interface Units {
  readonly tickSize: string;
  readonly lotSize: string;
  /** `tickSize = tickMantissa / 10^tickScale`. */
  readonly tickMantissa: number;
  readonly tickScale: number;
  readonly lotMantissa: number;
  readonly lotScale: number;
  /** The tick as a float, for the model's conversions only. */
  readonly tickValue: number;
  readonly lotValue: number;
}

/** Parses an instrument's tick and lot sizes (trusted catalog data). */
export function unitsOf(tickSize: string, lotSize: string): Units {
  const tick = Decimal.from(tickSize);
  const lot = Decimal.from(lotSize);
  if (tick.mantissa <= 0n || lot.mantissa <= 0n) {
    throw new Error(`tick and lot sizes must be positive: ${tickSize}, ${lotSize}`);
  }
  return {
    tickSize,
    lotSize,
    tickMantissa: Number(tick.mantissa),
    tickScale: tick.scale,
    lotMantissa: Number(lot.mantissa),
    lotScale: lot.scale,
    tickValue: Number(tick.mantissa) / 10 ** tick.scale,
    lotValue: Number(lot.mantissa) / 10 ** lot.scale,
  };
}

/** `value / 10^scale` as text with exactly `scale` decimals (`value` a safe integer). */
export function formatScaledInteger(value: number, scale: number): string {
  const negative = value < 0;
  let digits = String(negative ? -value : value);
  if (scale === 0) {
    return negative ? `-${digits}` : digits;
  }
  if (digits.length <= scale) {
    digits = '0'.repeat(scale - digits.length + 1) + digits;
  }
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A price in ticks as a decimal string with the tick's decimals (`23010` ticks of 0.01 is `230.10`). */
export function formatTicks(units: Units, ticks: number): string {
  return formatScaledInteger(ticks * units.tickMantissa, units.tickScale);
}

/** A quantity in lots as a decimal string without trailing zeros (`1500000000` lots of 0.000001 is `1500`). */
export function formatLots(units: Units, lots: number): string {
  const text = formatScaledInteger(lots * units.lotMantissa, units.lotScale);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The nearest tick of a model price (half away from zero, as Math.round is for positives). */
export function ticksOfPrice(units: Units, price: number): number {
  return Math.max(1, Math.round(price / units.tickValue));
}

/** The model price of a tick count. */
export function priceOfTicks(units: Units, ticks: number): number {
  return ticks * units.tickValue;
}

/**
 * The exact tick count of a decimal price, or null when it is not a positive multiple of the tick (or not a
 * decimal): prices from other services must sit on the grid.
 */
export function ticksOfDecimal(units: Units, text: string): number | null {
  return exactMultiple(text, units.tickMantissa, units.tickScale);
}

/** The exact lot count of a decimal quantity, or null when it is not a positive multiple of the lot. */
export function lotsOfDecimal(units: Units, text: string): number | null {
  return exactMultiple(text, units.lotMantissa, units.lotScale);
}

function exactMultiple(text: string, stepMantissa: number, stepScale: number): number | null {
  const parsed = Decimal.parse(text);
  if (!parsed.ok || parsed.value.mantissa <= 0n) {
    return null;
  }
  const { mantissa, scale } = parsed.value;
  const numerator = mantissa * 10n ** BigInt(stepScale);
  const denominator = BigInt(stepMantissa) * 10n ** BigInt(scale);
  if (numerator % denominator !== 0n) {
    return null;
  }
  const multiple = numerator / denominator;
  return multiple <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(multiple) : null;
}

/**
 * `(a - b) / b` in percent with two decimals, rounded half away from zero, from two tick counts (exact integer
 * arithmetic: both are safe integers well below 2^43, so the product stays exact).
 */
export function percentChange(currentTicks: number, previousTicks: number): string {
  const ratio = ((currentTicks - previousTicks) * 10_000) / previousTicks;
  const hundredths = Math.sign(ratio) * Math.round(Math.abs(ratio));
  return formatScaledInteger(hundredths === 0 ? 0 : hundredths, 2);
}
