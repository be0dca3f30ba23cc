import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';
import {
  absAmount,
  addAmounts,
  compareAmounts,
  isNegative,
  isPositive,
  isZero,
  negateAmount,
  subtractAmounts,
  sumAmounts,
} from './amount-math.ts';
import { MINOR_UNITS_ABS_LIMIT, minorUnits } from './brand.ts';
import type { MinorUnits } from './brand.ts';

const amount = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(minorUnits);
const largest = minorUnits(MINOR_UNITS_ABS_LIMIT - 1n);
const m = (value: bigint): MinorUnits => minorUnits(value);

describe('sums and comparisons', () => {
  it('adds, subtracts, negates and compares exactly', () => {
    expect(addAmounts(m(1999n), m(1n))).toBe(2000n);
    expect(subtractAmounts(m(100n), m(250n))).toBe(-150n);
    expect(negateAmount(m(-5n))).toBe(5n);
    expect(absAmount(m(-5n))).toBe(5n);
    expect(sumAmounts([m(1n), m(2n), m(3n)])).toBe(6n);
    expect(sumAmounts([])).toBe(0n);
    expect([m(3n), m(-1n), m(2n)].sort(compareAmounts)).toEqual([-1n, 2n, 3n]);
    expect([isZero(m(0n)), isNegative(m(-1n)), isPositive(m(1n)), isPositive(m(0n))]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('throws MONEY_OVERFLOW at the edge of the 10^38 range instead of wrapping or growing', () => {
    const overflow = expect.objectContaining({ name: 'MoneyError', code: 'MONEY_OVERFLOW' });
    expect(() => addAmounts(largest, m(1n))).toThrow(overflow);
    expect(() => subtractAmounts(negateAmount(largest), m(1n))).toThrow(overflow);
    expect(() => sumAmounts([largest, largest, negateAmount(largest)])).toThrow(overflow);
    expect(addAmounts(largest, m(0n))).toBe(largest);
  });

  it('subtracting is adding the negation, and compare is antisymmetric', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(subtractAmounts(a, b)).toBe(addAmounts(a, negateAmount(b)));
        expect(compareAmounts(a, b)).toBe(-compareAmounts(b, a) || 0);
      }),
    );
  });
});

describe('allocate', () => {
  it('splits 100.00 in three without losing the cent, the extra going to the earliest largest remainder', () => {
    expect(allocate(m(10000n), [1n, 1n, 1n])).toEqual([3334n, 3333n, 3333n]);
    expect(allocate(m(-10000n), [1n, 1n, 1n])).toEqual([-3334n, -3333n, -3333n]);
    expect(allocate(m(5n), [3n, 7n])).toEqual([2n, 3n]); // 1.5 and 3.5: the tie goes to the earlier part
    expect(allocate(m(100n), [0n, 1n, 0n])).toEqual([0n, 100n, 0n]);
  });

  it('splits a fund distribution pro rata to unit holdings', () => {
    // Holdings of 1.5, 2.25 and 0.000001 units (scale 6); 1000.00 EUR to share.
    expect(allocate(m(100000n), [1500000n, 2250000n, 1n])).toEqual([40000n, 60000n, 0n]);
  });

  it('refuses weights it cannot honour', () => {
    expect(() => allocate(m(1n), [])).toThrow('at least one weight');
    expect(() => allocate(m(1n), [0n, 0n])).toThrow('a weight above zero');
    expect(() => allocate(m(1n), [1n, -1n])).toThrow('not negative');
  });

  it('sums exactly to the total, keeps each part within one unit of its share, and is sign-symmetric', () => {
    const weights = fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(
        amount,
        weights.filter((list) => list.some((weight) => weight > 0n)),
        (total, list) => {
          const parts = allocate(total, list);
          const weightTotal = list.reduce((sum, weight) => sum + weight, 0n);
          expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(total);
          parts.forEach((part, index) => {
            // |part * W - total * w| < W: within one minor unit of the exact share.
            const distance = part * weightTotal - total * (list[index] ?? 0n);
            expect(distance < weightTotal && distance > -weightTotal).toBe(true);
            if (list[index] === 0n) {
              expect(part).toBe(0n);
            }
          });
          expect(allocate(negateAmount(total), list)).toEqual(parts.map((part) => -part));
        },
      ),
    );
  });
});
