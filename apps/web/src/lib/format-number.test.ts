import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, formatAmount, getAsset, parseAmount, scale, type Asset } from '@tessera/money';
import { formatMoney as formatDesignSystemMoney } from '@tessera/ui';
import { formatNumberText, type SignDisplay } from './format-number.ts';
// What @tessera/money's formatMoney and formatDecimalLocale printed for every case below, recorded from them when
// issue #14 removed them (docs/adr/0013): the comparisons keep their expected strings.
import EXPECTED from './format-number.expected.json' with { type: 'json' };

function asset(code: string): Asset {
  const found = getAsset(code);
  if (!found.ok) {
    throw new Error(`unknown asset ${code}`);
  }
  return found.value;
}

const LANGUAGES = ['en', 'fr'] as const;
const SIGNS: SignDisplay[] = ['auto', 'always', 'exceptZero', 'never'];
const AMOUNTS = [
  '0',
  '-0.00',
  '0.01',
  '-0.01',
  '1',
  '12.3',
  '999.99',
  '1000',
  '-1234.56',
  '1234567.891',
  '9007199254740993.01',
  '12345678901234567.89',
  '0.000000012345678901',
  '-123456789012345678.123456789012345678',
];

describe('formatNumberText (Intl.NumberFormat on the decimal string)', () => {
  it('keeps every digit of values past 2^53 and of 18 decimals, in both languages', () => {
    expect(formatNumberText('12345678901234567.89', 'en')).toBe('12,345,678,901,234,567.89');
    expect(formatNumberText('12345678901234567.89', 'fr')).toBe(
      '12\u202f345\u202f678\u202f901\u202f234\u202f567,89',
    );
    expect(formatNumberText('0.000000012345678901', 'en')).toBe('0.000000012345678901');
    expect(formatNumberText('0.000000012345678901', 'fr', { asset: asset('ETH') })).toBe(
      '0,000000012345678901\u00a0ETH',
    );
    expect(formatNumberText('9007199254740993.00', 'en', { asset: asset('EUR') })).toBe(
      '€9,007,199,254,740,993.00',
    );
  });

  it('rounds half-even when asked for fewer decimals, without a float in between', () => {
    expect(formatNumberText('0.125', 'en', { maximumFractionDigits: 2 })).toBe('0.12');
    expect(formatNumberText('0.135', 'en', { maximumFractionDigits: 2 })).toBe('0.14');
    expect(formatNumberText('12345678901234567.125', 'en', { maximumFractionDigits: 2 })).toBe(
      '12,345,678,901,234,567.12',
    );
  });

  it('never writes a minus before a zero', () => {
    expect(formatNumberText('-0.00', 'en')).toBe('0.00');
    expect(formatNumberText('-0', 'fr', { signDisplay: 'always' })).toBe('+0');
    // Issue #14's first Intl version wrote "-0" for a negative rate that rounds to zero.
    expect(formatNumberText('-0.4', 'en', { maximumFractionDigits: 0 })).toBe('0');
    expect(formatNumberText('-0.004', 'fr', { maximumFractionDigits: 2, signDisplay: 'always' })).toBe(
      '+0,00',
    );
  });

  it('refuses text that is not a plain decimal rather than guessing', () => {
    for (const text of ['', '1e3', '1,5', 'NaN', ' 1', '.5', '1.']) {
      expect(formatNumberText(text, 'en')).toBeUndefined();
    }
  });

  it('writes amounts exactly as @tessera/money formatMoney did, for every asset, sign and language', () => {
    const expectedAmounts: Record<string, string> = EXPECTED.amounts;
    let compared = 0;
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'BTC', 'ETH', 'USDC']) {
      const money = asset(code);
      for (const text of AMOUNTS) {
        const parsed = parseAmount(text, money, { allowNegative: true });
        if (!parsed.ok) {
          continue;
        }
        const canonical = formatAmount(parsed.value, money.scale);
        for (const language of LANGUAGES) {
          for (const signDisplay of SIGNS) {
            for (const trailingZeros of ['keep', 'trim'] as const) {
              const name = `${text} ${code} ${language} ${signDisplay} ${trailingZeros}`;
              const expected = expectedAmounts[name];
              const actual = formatNumberText(canonical, language, {
                asset: money,
                minimumFractionDigits: trailingZeros === 'trim' ? 0 : money.scale,
                maximumFractionDigits: money.scale,
                signDisplay,
              });
              expect(expected, name).toBeDefined();
              expect(actual, name).toBe(expected);
              compared += 1;
            }
          }
        }
      }
    }
    expect(compared).toBe(Object.keys(expectedAmounts).length);
  });

  it('writes prices and quantities exactly as @tessera/money formatDecimalLocale did', () => {
    const expectedDecimals: Record<string, string> = EXPECTED.decimals;
    let compared = 0;
    const check = (actual: string | undefined, name: string) => {
      expect(expectedDecimals[name], name).toBeDefined();
      expect(actual, name).toBe(expectedDecimals[name]);
      compared += 1;
    };
    for (const text of [...AMOUNTS, '3050.10', '0.500000', '-0.000100']) {
      const parsed = Decimal.parse(text);
      if (!parsed.ok) {
        continue;
      }
      const canonical = parsed.value.toString();
      for (const language of LANGUAGES) {
        for (const signDisplay of SIGNS) {
          check(
            formatNumberText(canonical, language, { signDisplay }),
            `${text} ${language} ${signDisplay} keep`,
          );
        }
        check(
          formatNumberText(canonical, language, { minimumFractionDigits: 0 }),
          `${text} ${language} auto trim`,
        );
      }
    }
    expect(compared).toBe(Object.keys(expectedDecimals).length);
  });

  it('property: rounding to fewer decimals matches @tessera/money half-even rescaling, signs included', () => {
    // Read back, the text must be the rescaled value's digits, grouped by three, with the sign the mode asks for.
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom(...SIGNS),
        (mantissa, decimals, shown, language, signDisplay) => {
          const value = Decimal.of(mantissa, decimals);
          const digits = Math.min(shown, decimals);
          expect(
            formatNumberText(value.toString(), language, {
              minimumFractionDigits: digits,
              maximumFractionDigits: digits,
              roundingMode: 'halfEven',
              signDisplay,
            }),
          ).toBe(expectedText(value.rescale(scale(digits), 'half_even').toString(), language, signDisplay));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("writes the fee schedule's amounts exactly as the design system's formatter did", () => {
    for (const [amount, code] of [
      ['1.00', 'EUR'],
      ['0.0002', 'BTC'],
      ['0.002', 'ETH'],
      ['2.50', 'USDC'],
      ['1234.5', 'EUR'],
    ] as const) {
      const [integer = '0', fraction = ''] = amount.split('.');
      for (const language of LANGUAGES) {
        expect(formatNumberText(amount, language, { asset: asset(code) })).toBe(
          formatDesignSystemMoney(BigInt(`${integer}${fraction}`), fraction.length, code, language),
        );
      }
    }
  });
});

/** How the app writes a plain decimal: its sign by `signDisplay` (never on a zero but for `always`), groups of three. */
function expectedText(decimal: string, language: 'en' | 'fr', signDisplay: SignDisplay): string {
  const digits = decimal.replace(/^-/, '');
  const zero = /^0(\.0+)?$/.test(digits);
  const negative = decimal.startsWith('-') && !zero;
  const sign = {
    auto: negative ? '-' : '',
    negative: negative ? '-' : '',
    always: negative ? '-' : '+',
    exceptZero: negative ? '-' : zero ? '' : '+',
    never: '',
  }[signDisplay];
  const [integer = '', fraction] = digits.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, language === 'fr' ? '\u202f' : ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `${language === 'fr' ? ',' : '.'}${fraction}`}`;
}
