import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFromDecimal, formatAmount } from './amount.ts';
import { BTC, CHF, ETH, EUR, GBP, securityAsset, USD } from './asset.ts';
import type { FiatAsset } from './asset.ts';
import { minorUnits } from './brand.ts';
import { Decimal } from './decimal.ts';
import { formatDecimalLocale, formatMoney, resolveMoneyLocale } from './locale-format.ts';
import type { MoneyLocale, SignDisplay } from './locale-format.ts';
import { unwrap } from './result.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const intlTags: Record<MoneyLocale, string> = { en: 'en', fr: 'fr-FR' };

describe('formatMoney examples', () => {
  it('writes English with the symbol first and French with it last', () => {
    const amount = amountFromDecimal('1234.56', EUR);
    expect(formatMoney(amount, EUR, 'en')).toBe('€1,234.56');
    expect(formatMoney(amount, EUR, 'fr')).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatMoney(amountFromDecimal('-1234.56', EUR, { allowNegative: true }), EUR, 'en')).toBe(
      '-€1,234.56',
    );
    expect(formatMoney(amountFromDecimal('-1234.56', EUR, { allowNegative: true }), EUR, 'fr')).toBe(
      `-1${NNBSP}234,56${NBSP}€`,
    );
  });

  it('shows codes when asked, and French country symbols for dollars and pounds', () => {
    const amount = amountFromDecimal('1234.5', USD);
    expect(formatMoney(amount, USD, 'en', { display: 'code' })).toBe(`USD${NBSP}1,234.50`);
    expect(formatMoney(amount, USD, 'fr', { display: 'code' })).toBe(`1${NNBSP}234,50${NBSP}USD`);
    expect(formatMoney(amount, USD, 'fr')).toBe(`1${NNBSP}234,50${NBSP}$US`);
    expect(formatMoney(amount, GBP, 'fr')).toBe(`1${NNBSP}234,50${NBSP}£GB`);
    expect(formatMoney(amount, CHF, 'en')).toBe(`CHF${NBSP}1,234.50`);
  });

  it('writes crypto, securities and fund units with every decimal and the code last', () => {
    const amount = amountFromDecimal('0.00012345', BTC);
    expect(formatMoney(amount, BTC, 'en')).toBe(`0.00012345${NBSP}BTC`);
    expect(formatMoney(amount, BTC, 'fr')).toBe(`0,00012345${NBSP}BTC`);
    const wei = amountFromDecimal('12345.000000000000000001', ETH);
    expect(formatMoney(wei, ETH, 'en')).toBe(`12,345.000000000000000001${NBSP}ETH`);
    const shares = unwrap(securityAsset('AAPL'));
    expect(formatMoney(amountFromDecimal('1.5', shares), shares, 'fr', { trailingZeros: 'trim' })).toBe(
      `1,5${NBSP}AAPL`,
    );
  });

  it('places signs as Intl does for each signDisplay', () => {
    const cases: [string, SignDisplay, string, string][] = [
      ['5', 'always', '+€5.00', `+5,00${NBSP}€`],
      ['0', 'always', '+€0.00', `+0,00${NBSP}€`],
      ['0', 'exceptZero', '€0.00', `0,00${NBSP}€`],
      ['5', 'exceptZero', '+€5.00', `+5,00${NBSP}€`],
      ['-5', 'never', '€5.00', `5,00${NBSP}€`],
      ['-5', 'negative', '-€5.00', `-5,00${NBSP}€`],
    ];
    for (const [text, signDisplay, english, french] of cases) {
      const amount = amountFromDecimal(text, EUR, { allowNegative: true });
      expect(formatMoney(amount, EUR, 'en', { signDisplay })).toBe(english);
      expect(formatMoney(amount, EUR, 'fr', { signDisplay })).toBe(french);
    }
  });

  it('formats decimals for prices and rates with the same separators', () => {
    expect(formatDecimalLocale(Decimal.from('1234567.0875'), 'en')).toBe('1,234,567.0875');
    expect(formatDecimalLocale(Decimal.from('1234567.0875'), 'fr')).toBe(`1${NNBSP}234${NNBSP}567,0875`);
    expect(formatDecimalLocale(Decimal.from('-0.50'), 'fr', { trailingZeros: 'trim' })).toBe('-0,5');
    expect(formatDecimalLocale(Decimal.from('999'), 'en')).toBe('999');
  });

  it('maps language tags to the two locales', () => {
    expect(['fr', 'fr-FR', 'fr-CA', 'FR_be'].map(resolveMoneyLocale)).toEqual(['fr', 'fr', 'fr', 'fr']);
    expect(['en', 'en-US', 'dev', 'frr', 'de'].map(resolveMoneyLocale)).toEqual([
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});

describe('formatMoney matches Intl.NumberFormat', () => {
  // Intl receives the exact decimal string (NumberFormat v3 reads strings without a float), so these compare
  // separators, symbols and sign placement, not rounding. Small, safe values as the brief asks; one large.
  const fiats: FiatAsset[] = [EUR, USD, GBP, CHF];
  const signDisplays: SignDisplay[] = ['auto', 'always', 'exceptZero', 'never', 'negative'];
  const cases = fc.record({
    amount: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
    asset: fc.constantFrom(...fiats),
    locale: fc.constantFrom<MoneyLocale>('en', 'fr'),
    display: fc.constantFrom<'symbol' | 'code'>('symbol', 'code'),
    signDisplay: fc.constantFrom(...signDisplays),
  });

  it('for fiat in both locales, displays and sign modes', () => {
    fc.assert(
      fc.property(cases, ({ amount, asset, locale, display, signDisplay }) => {
        const value = minorUnits(amount);
        const intl = new Intl.NumberFormat(intlTags[locale], {
          style: 'currency',
          currency: asset.code,
          currencyDisplay: display,
          signDisplay,
        });
        const decimalText = formatAmount(value, asset.scale) as Intl.StringNumericLiteral;
        expect(formatMoney(value, asset, locale, { display, signDisplay })).toBe(intl.format(decimalText));
      }),
      { numRuns: 500 },
    );
  });

  it('for crypto in French, where Intl also puts the code last', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (amount) => {
        const value = minorUnits(amount);
        const intl = new Intl.NumberFormat('fr-FR', {
          style: 'currency',
          currency: 'BTC',
          minimumFractionDigits: 8,
          maximumFractionDigits: 8,
        });
        expect(formatMoney(value, BTC, 'fr')).toBe(
          intl.format(formatAmount(value, BTC.scale) as Intl.StringNumericLiteral),
        );
      }),
    );
  });

  it('for plain decimals in both locales, including 18-decimal values past 2^53', () => {
    const decimals = fc
      .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }))
      .map(([mantissa, decimalScale]) => Decimal.of(mantissa, decimalScale));
    fc.assert(
      fc.property(decimals, fc.constantFrom<MoneyLocale>('en', 'fr'), (value, locale) => {
        const intl = new Intl.NumberFormat(intlTags[locale], {
          minimumFractionDigits: value.scale,
          maximumFractionDigits: value.scale,
        });
        expect(formatDecimalLocale(value, locale)).toBe(
          intl.format(value.toString() as Intl.StringNumericLiteral),
        );
      }),
    );
  });

  it('is needed: Intl given a number loses the last digits of an ETH amount', () => {
    const text = '1.234567890123456789';
    const options = { minimumFractionDigits: 18 };
    // The one place a float appears in this package: to show why there are none elsewhere.
    const viaFloat = new Intl.NumberFormat('en', options).format(Number(text));
    expect(viaFloat).not.toBe(text);
    expect(formatDecimalLocale(Decimal.from(text), 'en')).toBe(text);
  });
});
