import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.ts';
import { MINOR_UNITS_ABS_LIMIT, minorUnits, scale } from './brand.ts';
import { divideRounded, rescale, ROUNDING_MODES } from './rounding.ts';
import type { RoundingMode } from './rounding.ts';
import { referenceRound } from './reference-rounding.test-support.ts';

const mode = fc.constantFrom(...ROUNDING_MODES);
const amount = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(minorUnits);

describe('rounding modes on the classic table', () => {
  // Tenths rounded to integers, as in java.math.RoundingMode's documentation table.
  const tenths = [55n, 25n, 16n, 11n, 10n, -10n, -11n, -16n, -25n, -55n];
  const expected: Record<RoundingMode, bigint[]> = {
    up: [6n, 3n, 2n, 2n, 1n, -1n, -2n, -2n, -3n, -6n],
    down: [5n, 2n, 1n, 1n, 1n, -1n, -1n, -1n, -2n, -5n],
    ceil: [6n, 3n, 2n, 2n, 1n, -1n, -1n, -1n, -2n, -5n],
    floor: [5n, 2n, 1n, 1n, 1n, -1n, -2n, -2n, -3n, -6n],
    half_up: [6n, 3n, 2n, 1n, 1n, -1n, -1n, -2n, -3n, -6n],
    half_even: [6n, 2n, 2n, 1n, 1n, -1n, -1n, -2n, -2n, -6n],
  };
  it.each(ROUNDING_MODES)('%s', (roundingMode) => {
    expect(tenths.map((value) => divideRounded(value, 10n, roundingMode))).toEqual(expected[roundingMode]);
  });
});

describe('divideRounded', () => {
  it('agrees with a floor-based reference for any signs', () => {
    const denominator = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).filter((value) => value !== 0n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        denominator,
        mode,
        (n, d, roundingMode) => {
          expect(divideRounded(n, d, roundingMode)).toBe(referenceRound(n, d, roundingMode));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('treats a division by zero as a programmer error', () => {
    expect(() => divideRounded(1n, 0n, 'down')).toThrow('Division by zero');
  });
});

describe('rescale', () => {
  it('widens exactly and narrows with the given mode', () => {
    expect(rescale(minorUnits(1234n), scale(2), scale(8), 'down')).toBe(1_234_000_000n);
    expect(rescale(minorUnits(12345n), scale(3), scale(2), 'half_even')).toBe(1234n);
    expect(rescale(minorUnits(12345n), scale(3), scale(2), 'half_up')).toBe(1235n);
    expect(rescale(minorUnits(-12341n), scale(3), scale(2), 'floor')).toBe(-1235n);
  });

  it('round-trips: widening then narrowing back gives the amount, in every mode', () => {
    const scales = fc.tuple(fc.integer({ min: 0, max: 18 }), fc.integer({ min: 0, max: 7 }));
    fc.assert(
      fc.property(amount, scales, mode, (value, [from, extra], roundingMode) => {
        const widened = rescale(value, scale(from), scale(from + extra), 'down');
        expect(rescale(widened, scale(from + extra), scale(from), roundingMode)).toBe(value);
      }),
    );
  });

  it('narrows to within one minor unit, on the side the mode promises', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 12 }), mode, (value, drop, roundingMode) => {
        const narrowed = rescale(value, scale(18), scale(18 - drop), roundingMode);
        expect(narrowed).toBe(referenceRound(value, 10n ** BigInt(drop), roundingMode));
      }),
    );
  });

  it('agrees with parseAmount rounding extra decimals', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 6 }), mode, (value, target, roundingMode) => {
        const text = (value < 0n ? '-' : '') + formatTwelve(value < 0n ? -value : value);
        const parsed = parseAmount(text, scale(target), { allowNegative: true, rounding: roundingMode });
        expect(parsed).toEqual({ ok: true, value: rescale(value, scale(12), scale(target), roundingMode) });
      }),
    );
  });

  it('throws MONEY_OVERFLOW when widening leaves the 10^38 range', () => {
    expect(() => rescale(minorUnits(MINOR_UNITS_ABS_LIMIT / 10n), scale(0), scale(1), 'down')).toThrow(
      expect.objectContaining({ code: 'MONEY_OVERFLOW' }),
    );
  });
});

function formatTwelve(magnitude: bigint): string {
  const digits = magnitude.toString().padStart(13, '0');
  return `${digits.slice(0, -12)}.${digits.slice(-12)}`;
}
