/**
 * Arithmetic on amounts of one asset. The caller pairs amounts of the same asset (the ledger does by ledger
 * id); every result is range-checked, so an overflow throws `MONEY_OVERFLOW` instead of writing a bad row.
 */
import { checkedMinorUnits } from './brand.ts';
import type { MinorUnits } from './brand.ts';
import { invariant } from './invariant.ts';

/** The most amounts {@link sumAmounts} adds in one call: a bound on work per request. */
export const SUM_AMOUNTS_COUNT_MAX = 1_000_000;

/** `a + b`; throws a `MoneyError` `MONEY_OVERFLOW` when the sum leaves the 10^38 range. */
export function addAmounts(a: MinorUnits, b: MinorUnits): MinorUnits {
  return checkedMinorUnits(a + b);
}

/** `a - b`; throws a `MoneyError` `MONEY_OVERFLOW` when the difference leaves the 10^38 range. */
export function subtractAmounts(a: MinorUnits, b: MinorUnits): MinorUnits {
  return checkedMinorUnits(a - b);
}

/**
 * The sum of a list (0 for an empty one). Checks the range after each step, not only at the end, so it
 * throws at the first partial sum that leaves the range, as a running balance would.
 */
export function sumAmounts(amounts: readonly MinorUnits[]): MinorUnits {
  invariant(
    amounts.length <= SUM_AMOUNTS_COUNT_MAX,
    `sumAmounts takes at most ${SUM_AMOUNTS_COUNT_MAX} amounts`,
  );
  let total = checkedMinorUnits(0n);
  for (const amount of amounts) {
    total = addAmounts(total, amount);
  }
  return total;
}

/** `-a` (the range is symmetric, so this never overflows). */
export function negateAmount(a: MinorUnits): MinorUnits {
  return checkedMinorUnits(-a);
}

/** `|a|`. */
export function absAmount(a: MinorUnits): MinorUnits {
  return checkedMinorUnits(a < 0n ? -a : a);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; fits `Array.prototype.sort`. */
export function compareAmounts(a: MinorUnits, b: MinorUnits): -1 | 0 | 1 {
  if (a < b) {
    return -1;
  }
  return a > b ? 1 : 0;
}

/** True when the amount is zero. */
export function isZero(a: MinorUnits): boolean {
  return a === 0n;
}

/** True when the amount is below zero. */
export function isNegative(a: MinorUnits): boolean {
  return a < 0n;
}

/** True when the amount is above zero. */
export function isPositive(a: MinorUnits): boolean {
  return a > 0n;
}
