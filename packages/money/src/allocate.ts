/**
 * Splitting an amount by weights without losing or inventing a minor unit: fund pro-rata, fee sharing,
 * instalments. Largest remainder (Hamilton's method): each part gets the floor of its exact share, then the
 * minor units left over go one each to the parts with the largest remainders, ties to the earlier part.
 */
import { checkedMinorUnits } from './brand.ts';
import type { MinorUnits } from './brand.ts';
import { invariant } from './invariant.ts';

/** The most parts {@link allocate} splits into in one call (a fund with this many holders is paged). */
export const ALLOCATE_PARTS_MAX = 100_000;

/**
 * Splits `totalMinor` into `weights.length` parts proportional to `weights` (bigint, such as unit holdings in
 * minor units). The parts sum exactly to the total; each differs from its exact share by less than one minor
 * unit; a zero weight gets zero. A negative total is split as its absolute value, then negated, so
 * `allocate(-x, w)` is `allocate(x, w)` negated. Throws an `InvariantError` on an empty list, a negative
 * weight, all-zero weights or more than {@link ALLOCATE_PARTS_MAX} parts.
 */
export function allocate(totalMinor: MinorUnits, weights: readonly bigint[]): MinorUnits[] {
  invariant(weights.length > 0, 'allocate needs at least one weight');
  invariant(weights.length <= ALLOCATE_PARTS_MAX, `allocate takes at most ${ALLOCATE_PARTS_MAX} weights`);
  let weightTotal = 0n;
  for (const weight of weights) {
    invariant(typeof weight === 'bigint' && weight >= 0n, 'allocate weights must be bigint and not negative');
    weightTotal += weight;
  }
  invariant(weightTotal > 0n, 'allocate needs a weight above zero');

  const sign = totalMinor < 0n ? -1n : 1n;
  const total = sign * totalMinor;
  const parts = weights.map((weight) => (total * weight) / weightTotal);
  const remainders = weights.map((weight) => (total * weight) % weightTotal);
  let leftover = total - parts.reduce((sum, part) => sum + part, 0n);
  // The leftover is below the number of parts with a remainder (each remainder is < weightTotal), so one
  // pass over the order hands out all of it.
  const order = weights.map((_, index) => index).filter((index) => (remainders[index] ?? 0n) > 0n);
  order.sort((left, right) => {
    const difference = (remainders[right] ?? 0n) - (remainders[left] ?? 0n);
    return difference > 0n ? 1 : difference < 0n ? -1 : left - right;
  });
  for (const index of order) {
    if (leftover === 0n) {
      break;
    }
    parts[index] = (parts[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  invariant(leftover === 0n, 'allocate left minor units over');
  const result = parts.map((part) => checkedMinorUnits(sign * part));
  invariant(
    result.reduce((sum, part) => sum + part, 0n) === totalMinor,
    'allocate parts must sum to the total',
  );
  return result;
}
