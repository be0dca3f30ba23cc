import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyParts, groupDigits, toDecimalString } from './format-money';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

function intlReference(
  amountMinor: bigint,
  scale: number,
  currency: string,
  locale: 'en-US' | 'fr-FR',
): string {
  // Intl.NumberFormat formats decimal strings exactly (ECMA-402 NumberFormat v3), so it is a fair oracle.
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
  });
  return format.format(toDecimalString(amountMinor, scale) as `${number}`);
}

describe('formatMoney', () => {
  it('formats euros the English and the French way', () => {
    expect(formatMoney(123456n, 2, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(123456n, 2, 'EUR', 'fr')).toBe(`1${NNBSP}234,56${NBSP}€`);
  });

  it('puts the sign before the symbol', () => {
    expect(formatMoney(-123456n, 2, 'EUR', 'en')).toBe('-€1,234.56');
    expect(formatMoney(-123456n, 2, 'EUR', 'fr')).toBe(`-1${NNBSP}234,56${NBSP}€`);
    expect(formatMoney(5n, 2, 'EUR', 'en', { signDisplay: 'always' })).toBe('+€0.05');
    expect(formatMoney(0n, 2, 'EUR', 'en', { signDisplay: 'exceptZero' })).toBe('€0.00');
    expect(formatMoney(-5n, 2, 'EUR', 'en', { signDisplay: 'never' })).toBe('€0.05');
  });

  it('keeps all 18 decimals of an ether amount without losing a digit', () => {
    expect(formatMoney(1n, 18, 'ETH', 'en')).toBe(`0.000000000000000001${NBSP}ETH`);
    expect(formatMoney(1234567890123456789012345678n, 18, 'ETH', 'en')).toBe(
      `1,234,567,890.123456789012345678${NBSP}ETH`,
    );
    expect(formatMoney(-1234567890123456789012345678n, 18, 'ETH', 'fr')).toBe(
      `-1${NNBSP}234${NNBSP}567${NNBSP}890,123456789012345678${NBSP}ETH`,
    );
    // 2^63 + 1 wei: beyond Number.MAX_SAFE_INTEGER, where a float would round.
    expect(formatMoney(9223372036854775809n, 18, 'ETH', 'en')).toBe(`9.223372036854775809${NBSP}ETH`);
  });

  it('formats integer assets and trims zeros only when asked', () => {
    expect(formatMoney(1500n, 0, 'JPY', 'en')).toBe(`1,500${NBSP}JPY`);
    expect(formatMoney(150000000n, 8, 'BTC', 'en', { minFractionDigits: 2 })).toBe(`1.50${NBSP}BTC`);
    expect(formatMoney(100000000n, 8, 'BTC', 'fr', { minFractionDigits: 0 })).toBe(`1${NBSP}BTC`);
    expect(formatMoney(123n, 8, 'BTC', 'en', { minFractionDigits: 2 })).toBe(`0.00000123${NBSP}BTC`);
  });

  it('rejects a scale or currency it cannot format exactly', () => {
    expect(() => formatMoney(1n, -1, 'EUR', 'en')).toThrow(RangeError);
    expect(() => formatMoney(1n, 2.5, 'EUR', 'en')).toThrow(RangeError);
    expect(() => formatMoney(1n, 37, 'EUR', 'en')).toThrow(RangeError);
    expect(() => formatMoney(1n, 2, 'eur', 'en')).toThrow(RangeError);
    expect(() => formatMoney(1n, 2, 'EUR', 'en', { minFractionDigits: 3 })).toThrow(RangeError);
  });

  it('matches Intl.NumberFormat for euros, dollars and pounds at any magnitude', () => {
    const currencies = fc.constantFrom('EUR', 'USD', 'GBP');
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), currencies, (amountMinor, currency) => {
        expect(formatMoney(amountMinor, 2, currency, 'en')).toBe(
          intlReference(amountMinor, 2, currency, 'en-US'),
        );
        expect(formatMoney(amountMinor, 2, currency, 'fr')).toBe(
          intlReference(amountMinor, 2, currency, 'fr-FR'),
        );
      }),
    );
  });

  it('round-trips: stripping the separators gives back the minor units', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 18 }),
        (amount, scale) => {
          for (const locale of ['en', 'fr'] as const) {
            const digits = formatMoney(amount, scale, 'ETH', locale).replace(/[^0-9-]/g, '');
            expect(BigInt(digits)).toBe(amount);
          }
        },
      ),
    );
  });
});

describe('formatMoneyParts', () => {
  it('splits the integer and fraction so a display can style them', () => {
    expect(formatMoneyParts(-123456n, 2, 'EUR', 'en')).toEqual({
      sign: '-',
      currency: '€',
      currencyPosition: 'prefix',
      integer: '1,234',
      decimalSeparator: '.',
      fraction: '56',
    });
  });
});

describe('groupDigits and toDecimalString', () => {
  it('groups by three from the right', () => {
    expect(groupDigits('1', ',')).toBe('1');
    expect(groupDigits('123', ',')).toBe('123');
    expect(groupDigits('1234', ',')).toBe('1,234');
    expect(groupDigits('1234567', ',')).toBe('1,234,567');
  });

  it('writes plain exact decimals', () => {
    expect(toDecimalString(-5n, 3)).toBe('-0.005');
    expect(toDecimalString(123456n, 0)).toBe('123456');
    expect(toDecimalString(10n ** 20n, 18)).toBe('100.000000000000000000');
  });
});
