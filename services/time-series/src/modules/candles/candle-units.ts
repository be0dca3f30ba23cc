/**
 * Candle prices in ticks and volumes in lots (how candles are stored), and their decimal strings (how they are
 * served). Exact: integer work and string placement of the decimal point, never a float division.
 */
import { Decimal } from '@tessera/money';

/** A tick or lot size parsed once: `size = mantissa / 10^scale`. */
export interface Step {
  readonly text: string;
  readonly mantissa: number;
  readonly scale: number;
}

const steps = new Map<string, Step>();

/** Parses a tick or lot size (trusted catalog data), cached. */
export function stepOf(text: string): Step {
  let step = steps.get(text);
  if (step === undefined) {
    const decimal = Decimal.from(text);
    if (decimal.mantissa <= 0n) {
      throw new Error(`a tick or lot size must be positive: ${text}`);
    }
    step = { text, mantissa: Number(decimal.mantissa), scale: decimal.scale };
    steps.set(text, step);
  }
  return step;
}

/** `count` steps as a decimal string with the step's decimals (`23010` ticks of 0.01 is `230.10`). */
export function formatSteps(step: Step, count: number, trimZeros = false): string {
  const value = count * step.mantissa;
  const negative = value < 0;
  let digits = String(negative ? -value : value);
  if (step.scale === 0) {
    return negative ? `-${digits}` : digits;
  }
  if (digits.length <= step.scale) {
    digits = '0'.repeat(step.scale - digits.length + 1) + digits;
  }
  const text = `${negative ? '-' : ''}${digits.slice(0, -step.scale)}.${digits.slice(-step.scale)}`;
  return trimZeros ? text.replace(/\.?0+$/, '') : text;
}

/** The exact number of steps in a positive decimal string, or null when it is off the grid. */
export function stepsOfDecimal(step: Step, text: string): number | null {
  const parsed = Decimal.parse(text);
  if (!parsed.ok || parsed.value.mantissa <= 0n) {
    return null;
  }
  const numerator = parsed.value.mantissa * 10n ** BigInt(step.scale);
  const denominator = BigInt(step.mantissa) * 10n ** BigInt(parsed.value.scale);
  if (numerator % denominator !== 0n) {
    return null;
  }
  const count = numerator / denominator;
  return count <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(count) : null;
}
