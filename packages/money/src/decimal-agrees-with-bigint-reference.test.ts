import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scale } from './brand.ts';
import { Decimal } from './decimal.ts';
import { ROUNDING_MODES } from './rounding.ts';
import { referenceRound } from './reference-rounding.test-support.ts';

const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }))
  .map(([mantissa, decimalScale]) => Decimal.of(mantissa, decimalScale));
const nonZero = decimal.filter((value) => !value.isZero());
// Factors of a product stay below 10^18, so even a product widened to 20 more decimals fits in 76 digits.
const factor = fc
  .tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 0, max: 18 }))
  .map(([mantissa, decimalScale]) => Decimal.of(mantissa, decimalScale));
const mode = fc.constantFrom(...ROUNDING_MODES);

/** Reference: a Decimal is the fraction mantissa / 10^scale; compare fractions by cross-multiplying. */
function sameValue(result: Decimal, numerator: bigint, denominator: bigint): boolean {
  return result.mantissa * denominator === numerator * 10n ** BigInt(result.scale);
}

describe('Decimal parsing and text', () => {
  it('keeps the scale it was written with and prints it back', () => {
    expect(Decimal.from('1.50')).toMatchObject({ mantissa: 150n, scale: 2 });
    expect(Decimal.from('-0.0035').toString()).toBe('-0.0035');
    expect(Decimal.from('1.50').toShortString()).toBe('1.5');
    expect(Decimal.from('2.000').normalize()).toMatchObject({ mantissa: 2n, scale: 0 });
    expect(JSON.stringify({ rate: Decimal.from('1.0875') })).toBe('{"rate":"1.0875"}');
  });

  it('rejects like an amount does, up to 38 decimals and 76 digits', () => {
    expect(Decimal.parse('1e5')).toMatchObject({ ok: false, code: 'MONEY_INVALID_FORMAT' });
    expect(Decimal.parse(1.5 as unknown as string)).toMatchObject({ ok: false, code: 'MONEY_NOT_A_STRING' });
    expect(Decimal.parse('')).toMatchObject({ ok: false, code: 'MONEY_EMPTY' });
    expect(Decimal.parse(`0.${'1'.repeat(39)}`)).toMatchObject({
      ok: false,
      code: 'MONEY_TOO_MANY_DECIMALS',
    });
    expect(Decimal.parse('9'.repeat(76))).toMatchObject({ ok: true });
    expect(Decimal.parse('1'.padEnd(77, '0'))).toMatchObject({ ok: false, code: 'MONEY_OVERFLOW' });
    expect(() => Decimal.from('.5')).toThrow(expect.objectContaining({ code: 'MONEY_INVALID_FORMAT' }));
  });

  it('round-trips through its text', () => {
    fc.assert(
      fc.property(decimal, (value) => {
        const back = Decimal.from(value.toString());
        expect([back.mantissa, back.scale]).toEqual([value.mantissa, value.scale]);
      }),
    );
  });

  it('refuses to become a number, so comparisons cannot go through a float', () => {
    const price = Decimal.from('1.10');
    expect(`${price}`).toBe('1.10');
    expect(() => +price).toThrow(TypeError);
    // @ts-expect-error arithmetic operators on a Decimal do not type-check either
    expect(() => price * 2).toThrow(TypeError);
  });
});

describe('Decimal arithmetic agrees with a bigint fraction reference', () => {
  it('add and sub are exact at the larger scale', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const denominator = 10n ** BigInt(a.scale + b.scale);
        const aNumerator = a.mantissa * 10n ** BigInt(b.scale);
        const bNumerator = b.mantissa * 10n ** BigInt(a.scale);
        expect(sameValue(a.add(b), aNumerator + bNumerator, denominator)).toBe(true);
        expect(sameValue(a.sub(b), aNumerator - bNumerator, denominator)).toBe(true);
        expect(a.add(b).scale).toBe(Math.max(a.scale, b.scale));
      }),
    );
  });

  it('mul is exact without a target and rounds like the reference with one', () => {
    fc.assert(
      fc.property(factor, factor, fc.integer({ min: 0, max: 20 }), mode, (a, b, targetScale, rounding) => {
        const numerator = a.mantissa * b.mantissa;
        const denominator = 10n ** BigInt(a.scale + b.scale);
        expect(sameValue(a.mul(b), numerator, denominator)).toBe(true);
        const rounded = a.mul(b, { scale: scale(targetScale), rounding });
        const expected = referenceRound(numerator * 10n ** BigInt(targetScale), denominator, rounding);
        expect([rounded.mantissa, rounded.scale]).toEqual([expected, targetScale]);
      }),
    );
  });

  it('div rounds the exact quotient like the reference', () => {
    fc.assert(
      fc.property(decimal, nonZero, fc.integer({ min: 0, max: 24 }), mode, (a, b, targetScale, rounding) => {
        // a / b = (ma / 10^sa) / (mb / 10^sb) = ma * 10^sb / (mb * 10^sa); scaled by 10^target.
        const numerator = a.mantissa * 10n ** BigInt(b.scale + targetScale);
        const denominator = b.mantissa * 10n ** BigInt(a.scale);
        const quotient = a.div(b, scale(targetScale), rounding);
        expect(quotient.mantissa).toBe(referenceRound(numerator, denominator, rounding));
        expect(quotient.scale).toBe(targetScale);
      }),
    );
  });

  it('compare orders like the fractions do, whatever the scales', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const left = a.mantissa * 10n ** BigInt(b.scale);
        const right = b.mantissa * 10n ** BigInt(a.scale);
        expect(a.compare(b)).toBe(left < right ? -1 : left > right ? 1 : 0);
        expect(a.equals(a.normalize())).toBe(true);
      }),
    );
  });

  it('div then mul by the divisor comes back within the two roundings', () => {
    fc.assert(
      fc.property(decimal, nonZero, (a, b) => {
        // |q - a/b| <= 0.5e-20, so |q*b - a| <= 0.5e-20 * |b|; rounding the product to 12 places adds 0.5e-12.
        const back = a.div(b, scale(20), 'half_even').mul(b, { scale: scale(12), rounding: 'half_even' });
        const halfUlp = Decimal.of(5n, 21);
        const bound = b
          .abs()
          .mul(halfUlp, { scale: scale(38), rounding: 'up' })
          .add(Decimal.of(5n, 13));
        expect(back.sub(a).abs().compare(bound)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('names division by zero and refuses an exact product past 38 decimals', () => {
    expect(() => Decimal.ONE.div(Decimal.ZERO, scale(2), 'down')).toThrow(
      expect.objectContaining({ name: 'MoneyError', code: 'MONEY_DIVISION_BY_ZERO' }),
    );
    expect(() => Decimal.of(1n, 20).mul(Decimal.of(1n, 20))).toThrow('give mul a target scale');
  });
});
