import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, toDecimalString } from './amount.ts';
import { ASSET_REGISTRY, ETH, INSTRUMENT_SCALE } from './asset.ts';
import { MINOR_UNITS_ABS_LIMIT, minorUnits, scale } from './brand.ts';

const anyAmount = fc
  .bigInt({ min: -(MINOR_UNITS_ABS_LIMIT - 1n), max: MINOR_UNITS_ABS_LIMIT - 1n })
  .map(minorUnits);
const scales = [...new Set([...ASSET_REGISTRY.values()].map((asset) => asset.scale)), INSTRUMENT_SCALE];

describe('formatAmount', () => {
  it.each([
    [1230n, 2, '12.30'],
    [-1n, 6, '-0.000001'],
    [0n, 2, '0.00'],
    [5n, 0, '5'],
    [-100n, 2, '-1.00'],
    [1n, 18, '0.000000000000000001'],
  ])('writes %s at scale %s as %s', (value, valueScale, expected) => {
    expect(formatAmount(minorUnits(value), scale(valueScale))).toBe(expected);
  });

  it('trims trailing zeros only when asked by toDecimalString', () => {
    expect(toDecimalString(minorUnits(1230n), scale(2))).toBe('12.3');
    expect(toDecimalString(minorUnits(1200n), scale(2))).toBe('12');
    expect(toDecimalString(minorUnits(0n), scale(8))).toBe('0');
    expect(toDecimalString(minorUnits(-1000n), scale(0))).toBe('-1000');
    expect(toDecimalString(minorUnits(1230n), scale(2), { trailingZeros: 'keep' })).toBe('12.30');
  });
});

describe('format then parse is the identity', () => {
  it.each(scales)('for every amount at registry scale %s', (assetScale) => {
    fc.assert(
      fc.property(anyAmount, (value) => {
        const text = formatAmount(value, assetScale);
        expect(text.split('.')[1]?.length ?? 0).toBe(assetScale);
        expect(parseAmount(text, assetScale, { allowNegative: true })).toEqual({ ok: true, value });
        expect(parseAmount(toDecimalString(value, assetScale), assetScale, { allowNegative: true })).toEqual({
          ok: true,
          value,
        });
      }),
    );
  });

  it('loses no digit of an 18-decimal ETH amount, far past 2^53', () => {
    const ethText = fc
      .tuple(fc.stringMatching(/^[1-9][0-9]{0,19}$/), fc.stringMatching(/^[0-9]{18}$/))
      .map(([whole, fraction]) => `${whole}.${fraction}`);
    fc.assert(
      fc.property(ethText, (text) => {
        const parsed = parseAmount(text, ETH);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) {
          expect(parsed.value).toBe(BigInt(text.replace('.', '')));
          expect(formatAmount(parsed.value, ETH.scale)).toBe(text);
        }
      }),
    );
    // The float path would print 1.2345678901234568 for this: 2 digits gone.
    expect(formatAmount(parseAmountOrThrow('1.234567890123456789'), ETH.scale)).toBe('1.234567890123456789');
  });
});

function parseAmountOrThrow(text: string) {
  const parsed = parseAmount(text, ETH);
  if (!parsed.ok) {
    throw new Error(parsed.code);
  }
  return parsed.value;
}
