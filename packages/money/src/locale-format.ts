/**
 * Display formatting for English and French. Intl.NumberFormat is not used on values: given a number it goes
 * through a float and loses digits past 2^53 (an 18-decimal ETH amount), so the digit grouping is done here on
 * the exact decimal text. The separators, symbols and their placement copy what Intl (ICU/CLDR) prints for
 * `en` and `fr-FR`, and the tests compare the two on the same values.
 */
import { isFiat } from './asset.ts';
import type { Asset, FiatAsset } from './asset.ts';
import type { MinorUnits } from './brand.ts';
import { formatAmount } from './amount.ts';
import { trimTrailingZeros } from './decimal-text.ts';
import { Decimal } from './decimal.ts';
import { assertNever, invariant } from './invariant.ts';

/** The languages the product ships (PRODUCT.md: every visible string in English and French). */
export type MoneyLocale = 'en' | 'fr';

/** When a sign is shown, as in Intl.NumberFormat's `signDisplay`. */
export type SignDisplay = 'auto' | 'always' | 'exceptZero' | 'negative' | 'never';

/** No-break space (U+00A0): between the number and a symbol or code, so they never wrap apart. */
export const NO_BREAK_SPACE = '\u00a0';
/** Narrow no-break space (U+202F): the French group separator in CLDR, as Intl prints in fr-FR. */
export const NARROW_NO_BREAK_SPACE = '\u202f';

interface LocaleSymbols {
  readonly group: string;
  readonly decimal: string;
}

const SEPARATORS: Readonly<Record<MoneyLocale, LocaleSymbols>> = {
  en: { group: ',', decimal: '.' },
  fr: { group: NARROW_NO_BREAK_SPACE, decimal: ',' },
};

// French CLDR names the country of a dollar or pound; the other symbols are the asset's hint.
const FRENCH_SYMBOLS: Readonly<Record<string, string>> = { USD: '$US', GBP: '£GB' };

/**
 * Maps a language tag (`fr`, `fr-FR`, `fr-CA`, `en-US`, i18next's `dev`) to a {@link MoneyLocale}:
 * French for any `fr` tag, English otherwise.
 */
export function resolveMoneyLocale(languageTag: string): MoneyLocale {
  return /^fr(?:[-_]|$)/i.test(languageTag) ? 'fr' : 'en';
}

/** Options of {@link formatMoney}. */
export interface FormatMoneyOptions {
  /** Fiat only: `symbol` (default: `€1,234.56`) or `code` (`EUR 1,234.56`). Other assets always show the code. */
  readonly display?: 'symbol' | 'code';
  /** Default `auto`: a minus for negatives only. */
  readonly signDisplay?: SignDisplay;
  /** Default `keep` (all of the asset's decimals); `trim` drops trailing zeros (`0.5 ETH`). */
  readonly trailingZeros?: 'keep' | 'trim';
}

/** Options of {@link formatDecimalLocale}. */
export interface FormatDecimalOptions {
  /** Default `auto`: a minus for negatives only. */
  readonly signDisplay?: SignDisplay;
  /** Default `keep` (the decimal's own scale); `trim` drops trailing zeros. */
  readonly trailingZeros?: 'keep' | 'trim';
}

function signPrefix(negative: boolean, zero: boolean, signDisplay: SignDisplay): string {
  switch (signDisplay) {
    case 'auto':
    case 'negative':
      return negative ? '-' : '';
    case 'always':
      return negative ? '-' : '+';
    case 'exceptZero':
      return negative ? '-' : zero ? '' : '+';
    case 'never':
      return '';
    default:
      return assertNever(signDisplay, 'Unknown signDisplay');
  }
}

/** Groups canonical unsigned decimal text (`1234567.50`) with the locale's separators. */
function groupDigits(unsignedText: string, locale: MoneyLocale): string {
  const { group, decimal } = SEPARATORS[locale];
  const [integerDigits = '0', fractionDigits] = unsignedText.split('.');
  const groups: string[] = [];
  for (let end = integerDigits.length; end > 0; end -= 3) {
    groups.unshift(integerDigits.slice(Math.max(0, end - 3), end));
  }
  return groups.join(group) + (fractionDigits === undefined ? '' : decimal + fractionDigits);
}

interface SignedText {
  readonly sign: string;
  readonly digits: string;
}

function localize(
  canonical: string,
  locale: MoneyLocale,
  signDisplay: SignDisplay,
  trailingZeros: 'keep' | 'trim',
): SignedText {
  invariant(locale === 'en' || locale === 'fr', `Unsupported locale: ${String(locale)}`);
  const negative = canonical.startsWith('-');
  const unsigned = negative ? canonical.slice(1) : canonical;
  const shown = trailingZeros === 'trim' ? trimTrailingZeros(unsigned) : unsigned;
  const zero = /^[0.]+$/.test(unsigned);
  return { sign: signPrefix(negative, zero, signDisplay), digits: groupDigits(shown, locale) };
}

function fiatLabel(asset: FiatAsset, locale: MoneyLocale, display: 'symbol' | 'code'): string {
  if (display === 'code') {
    return asset.code;
  }
  return locale === 'fr' ? (FRENCH_SYMBOLS[asset.code] ?? asset.symbol) : asset.symbol;
}

/**
 * An amount for people to read: en `€1,234.56`, `-€1,234.56`, `CHF 1,234.56`, `0.00012345 BTC`;
 * fr `1 234,56 €` (U+202F between groups, U+00A0 before the symbol), `0,00012345 BTC`.
 * English puts a fiat symbol or code first (a no-break space after a letter), French puts it last; crypto,
 * securities and fund units always end with their code. Every decimal of the asset is kept unless trimmed.
 */
export function formatMoney(
  amountMinor: MinorUnits,
  asset: Asset,
  locale: MoneyLocale,
  options: FormatMoneyOptions = {},
): string {
  const display = options.display ?? 'symbol';
  const { sign, digits } = localize(
    formatAmount(amountMinor, asset.scale),
    locale,
    options.signDisplay ?? 'auto',
    options.trailingZeros ?? 'keep',
  );
  if (!isFiat(asset)) {
    return sign + digits + NO_BREAK_SPACE + asset.code;
  }
  const label = fiatLabel(asset, locale, display);
  if (locale === 'fr') {
    return sign + digits + NO_BREAK_SPACE + label;
  }
  const spacing = /\p{L}$/u.test(label) ? NO_BREAK_SPACE : '';
  return sign + label + spacing + digits;
}

/**
 * A price, rate or quantity for people to read, grouped for the locale: en `1,234.5678`, fr `1 234,5678`.
 */
export function formatDecimalLocale(
  value: Decimal,
  locale: MoneyLocale,
  options: FormatDecimalOptions = {},
): string {
  invariant(Decimal.isDecimal(value), 'formatDecimalLocale needs a Decimal');
  const { sign, digits } = localize(
    value.toString(),
    locale,
    options.signDisplay ?? 'auto',
    options.trailingZeros ?? 'keep',
  );
  return sign + digits;
}
