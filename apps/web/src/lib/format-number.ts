/**
 * The one formatter of amounts, prices, rates and quantities for people to read. Every figure the app shows is
 * a decimal string from the API, and Intl.NumberFormat formats a string argument as an exact decimal (ECMA-402's
 * Intl.NumberFormat v3, in Node 20 and every browser the app supports): no float sits in between, so an ETH
 * amount's 18 decimals and a balance past 2^53 come out digit for digit (format-number.test.ts checks both).
 * ICU/CLDR supply the separators, symbols and their placement; docs/adr/0013-libraries-over-hand-written-parts.md
 * says why this replaced the two hand-written formatters.
 */
import { isFiat, type Asset } from '@tessera/money';

/** When a sign is shown, as in Intl.NumberFormat's `signDisplay` (except that a zero never has a minus). */
export type SignDisplay = 'auto' | 'always' | 'exceptZero' | 'negative' | 'never';

/** The languages the product ships. */
export type NumberLanguage = 'en' | 'fr';

/** How a value is rounded when it has more decimals than shown, as in Intl.NumberFormat's `roundingMode`. */
export type NumberRoundingMode = 'halfEven' | 'halfExpand' | 'trunc';

/** Options of {@link formatNumberText}. */
export interface FormatNumberOptions {
  /** The asset the figure counts: fiat shows its symbol (`€1.00`, `1,00 €`), others end with their code. */
  readonly asset?: Asset;
  /** Default: the text's own decimals, none added or removed. */
  readonly minimumFractionDigits?: number;
  /** Default: the text's own decimals, so nothing is rounded. */
  readonly maximumFractionDigits?: number;
  /** Default `auto`: a minus for negatives only (never for a negative zero). */
  readonly signDisplay?: SignDisplay;
  /** Default `halfEven`: only used when `maximumFractionDigits` is below the text's decimals. */
  readonly roundingMode?: NumberRoundingMode;
}

/** The most fraction digits Intl.NumberFormat accepts in Node 20 (ES2023 raised it to 100; Node 20 keeps 20). */
export const FRACTION_DIGITS_MAX = 20;

const LOCALES: Readonly<Record<NumberLanguage, string>> = { en: 'en-US', fr: 'fr-FR' };
const NO_BREAK_SPACE = '\u00a0';
const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?$/;

// Creating a formatter loads locale data (a long task while a page hydrates), so formatters are kept per
// option set. The sets are few (2 languages x a handful of scales and sign modes); the bound only guards
// against a caller that builds options from data.
const FORMATTERS_MAX = 128;
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    if (formatters.size >= FORMATTERS_MAX) {
      formatters.clear();
    }
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function clampDigits(digits: number): number {
  return Math.min(Math.max(Math.trunc(digits), 0), FRACTION_DIGITS_MAX);
}

/**
 * A decimal string for people to read: en `€1,234.56`, `-$12.00`, `CHF 1,234.56`, `0.00012345 BTC`, `3,050.10`;
 * fr `1 234,56 €` (U+202F between groups, U+00A0 before the symbol), `0,00012345 BTC`, `3 050,10`. Returns
 * undefined for text that is not a plain decimal, so the caller decides how to show it.
 */
export function formatNumberText(
  text: string,
  language: NumberLanguage,
  options: FormatNumberOptions = {},
): string | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) {
    return undefined;
  }
  const fraction = match[3] ?? '';
  const maximumFractionDigits = clampDigits(options.maximumFractionDigits ?? fraction.length);
  const minimumFractionDigits = Math.min(
    clampDigits(options.minimumFractionDigits ?? fraction.length),
    maximumFractionDigits,
  );
  const asset = options.asset;
  // A string argument is read as an exact decimal (ES2023's Intl.NumberFormat v3), never through a float.
  const format = (decimal: string, signDisplay: Intl.NumberFormatOptions['signDisplay']) =>
    formatterOf(LOCALES[language], {
      minimumFractionDigits,
      maximumFractionDigits,
      roundingMode: options.roundingMode ?? 'halfEven',
      signDisplay,
      ...(asset !== undefined && isFiat(asset) ? { style: 'currency', currency: asset.code } : {}),
    }).format(decimal as Intl.StringNumericLiteral);
  // A zero has no minus, however it was written ("-0.00") or rounded (-0.004 to 2 decimals): Intl's `auto`
  // would print "-0.00", so the app's `auto` is Intl's `negative`, and `always` writes such a zero "+0.00".
  const signDisplay = options.signDisplay ?? 'auto';
  let formatted = format(text, signDisplay === 'auto' ? 'negative' : signDisplay);
  if (signDisplay === 'always' && text.startsWith('-') && !format(text, 'exceptZero').includes('-')) {
    formatted = format(text.slice(1), 'always');
  }
  return asset === undefined || isFiat(asset) ? formatted : `${formatted}${NO_BREAK_SPACE}${asset.code}`;
}
