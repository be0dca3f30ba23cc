// A second, independent way to round a fraction, for property tests to compare the library against.
// It works from the floor (not from the truncated quotient as the library does) and from the remainder's
// distance to one half, so a shared mistake would have to be made twice in different forms.
import type { RoundingMode } from './rounding.ts';

/** numerator / denominator rounded with `mode`, computed from the floor. */
export function referenceRound(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator < 0n) {
    return referenceRound(-numerator, -denominator, mode);
  }
  let floor = numerator / denominator;
  if (numerator % denominator !== 0n && numerator < 0n) {
    floor -= 1n;
  }
  const rest = numerator - floor * denominator; // 0 <= rest < denominator
  if (rest === 0n) {
    return floor;
  }
  const ceil = floor + 1n;
  const positive = numerator > 0n;
  const half = 2n * rest - denominator; // < 0 below one half, 0 at one half, > 0 above
  const table: Record<RoundingMode, bigint> = {
    floor,
    ceil,
    down: positive ? floor : ceil,
    up: positive ? ceil : floor,
    half_up: half === 0n ? (positive ? ceil : floor) : half < 0n ? floor : ceil,
    half_even: half === 0n ? (floor % 2n === 0n ? floor : ceil) : half < 0n ? floor : ceil,
  };
  return table[mode];
}
