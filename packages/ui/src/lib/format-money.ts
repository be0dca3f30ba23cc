/**
 * A minimal, exact money formatter for display. Amounts are bigint minor units with a scale (EUR: 2, BTC: 8,
 * ETH: 18); the arithmetic is done on the decimal string of the bigint, so no digit is ever lost to a
 * JavaScript number. The output matches Intl.NumberFormat('en-US' | 'fr-FR', { style: 'currency' }) for the
 * currencies it knows a symbol for, so it can later be swapped for @tessera/money's formatMoney.
 *
 * It never rounds: it shows every digit of the scale, and only trims trailing zeros down to
 * `minFractionDigits` when asked (trimming zeros changes no value, so no rounding mode is needed).
 */

/** The languages the apps ship. */
export type MoneyLocale = 'en' | 'fr';

/** When to show a sign: as Intl.NumberFormat's signDisplay. */
export type MoneySignDisplay = 'auto' | 'always' | 'exceptZero' | 'never';

/** Options of {@link formatMoney}. */
export interface FormatMoneyOptions {
  /** When to show the sign. Default 'auto' (only negative amounts). */
  signDisplay?: MoneySignDisplay;
  /** Trim trailing fraction zeros down to this many digits. Default: the scale (show every digit). */
  minFractionDigits?: number;
}

/** A formatted amount split into the pieces a display may style separately. */
export interface MoneyParts {
  /** '-' , '+' or ''. */
  sign: '' | '-' | '+';
  /** The symbol (€) or, for a currency without one, the code (BTC). */
  currency: string;
  /** Where the currency goes: en puts known symbols first (€1.00), everything else goes last (1,00 €). */
  currencyPosition: 'prefix' | 'suffix';
  /** The integer digits with group separators. */
  integer: string;
  /** The decimal separator, or '' when there is no fraction. */
  decimalSeparator: string;
  /** The fraction digits, exact. */
  fraction: string;
}

/** The largest scale accepted: 18 covers ETH and ERC-20 tokens; the margin is for synthetic assets. */
export const MONEY_SCALE_MAX = 36;

const CURRENCY_PATTERN = /^[A-Z][A-Z0-9]{1,11}$/;

interface LocaleRules {
  groupSeparator: string;
  decimalSeparator: string;
  /** Separator between the number and a suffixed currency. */
  currencySpace: string;
  /** Symbols this locale writes for a currency code; codes missing here are written as the code. */
  symbols: Readonly<Record<string, string>>;
  /** Whether known symbols go before the number. */
  symbolFirst: boolean;
}

/*
 * CLDR's conventions, as Intl applies them: French groups with a narrow no-break space (U+202F) and separates
 * the currency with a no-break space (U+00A0), so an amount never wraps across lines.
 */
const RULES: Readonly<Record<MoneyLocale, LocaleRules>> = {
  en: {
    groupSeparator: ',',
    decimalSeparator: '.',
    currencySpace: '\u00a0',
    symbols: { EUR: '€', USD: '$', GBP: '£' },
    symbolFirst: true,
  },
  fr: {
    groupSeparator: '\u202f',
    decimalSeparator: ',',
    currencySpace: '\u00a0',
    symbols: { EUR: '€', USD: '$US', GBP: '£GB' },
    symbolFirst: false,
  },
};

function assertValid(scale: number, currency: string, minFractionDigits: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MONEY_SCALE_MAX) {
    throw new RangeError(`scale must be an integer from 0 to ${MONEY_SCALE_MAX}, got ${scale}`);
  }
  if (!Number.isInteger(minFractionDigits) || minFractionDigits < 0 || minFractionDigits > scale) {
    throw new RangeError(
      `minFractionDigits must be an integer from 0 to the scale, got ${minFractionDigits}`,
    );
  }
  if (!CURRENCY_PATTERN.test(currency)) {
    throw new RangeError(`currency must be an upper-case asset code, got ${JSON.stringify(currency)}`);
  }
}

/** Groups integer digits by three from the right: "1234567" -> "1,234,567". */
export function groupDigits(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let index = head; index < digits.length; index += 3) {
    grouped += separator + digits.slice(index, index + 3);
  }
  return grouped;
}

/**
 * Splits minor units into integer and fraction digit strings, exactly: (123456n, 2) -> ["1234", "56"],
 * (-5n, 3) -> ["0", "005"] (the sign is returned apart).
 */
export function splitMinorUnits(
  amountMinor: bigint,
  scale: number,
): { negative: boolean; integer: string; fraction: string } {
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(scale + 1, '0');
  const cut = digits.length - scale;
  return { negative, integer: digits.slice(0, cut), fraction: digits.slice(cut) };
}

/** The exact plain decimal string of an amount: (-123456n, 2) -> "-1234.56". Useful for machine-readable output. */
export function toDecimalString(amountMinor: bigint, scale: number): string {
  const { negative, integer, fraction } = splitMinorUnits(amountMinor, scale);
  return (negative ? '-' : '') + integer + (fraction ? `.${fraction}` : '');
}

function signOf(amountMinor: bigint, display: MoneySignDisplay): MoneyParts['sign'] {
  if (display === 'never') {
    return '';
  }
  if (amountMinor < 0n) {
    return '-';
  }
  if (display === 'always' || (display === 'exceptZero' && amountMinor > 0n)) {
    return '+';
  }
  return '';
}

/** Formats an amount into parts (see {@link MoneyParts}); {@link formatMoney} joins them. */
export function formatMoneyParts(
  amountMinor: bigint,
  scale: number,
  currency: string,
  locale: MoneyLocale,
  options: FormatMoneyOptions = {},
): MoneyParts {
  const minFractionDigits = options.minFractionDigits ?? scale;
  assertValid(scale, currency, minFractionDigits);
  const rules = RULES[locale];
  const split = splitMinorUnits(amountMinor, scale);
  let fraction = split.fraction;
  while (fraction.length > minFractionDigits && fraction.endsWith('0')) {
    fraction = fraction.slice(0, -1);
  }
  const symbol = rules.symbols[currency];
  return {
    sign: signOf(amountMinor, options.signDisplay ?? 'auto'),
    currency: symbol ?? currency,
    currencyPosition: symbol !== undefined && rules.symbolFirst ? 'prefix' : 'suffix',
    integer: groupDigits(split.integer, rules.groupSeparator),
    decimalSeparator: fraction ? rules.decimalSeparator : '',
    fraction,
  };
}

/** Joins parts into the displayed string, with the locale's spacing around a suffixed currency. */
export function joinMoneyParts(parts: MoneyParts, locale: MoneyLocale): string {
  const number = parts.integer + parts.decimalSeparator + parts.fraction;
  if (parts.currencyPosition === 'prefix') {
    return parts.sign + parts.currency + number;
  }
  return parts.sign + number + RULES[locale].currencySpace + parts.currency;
}

/**
 * Formats bigint minor units for display, exactly: (123456n, 2, 'EUR', 'en') -> "€1,234.56";
 * (123456n, 2, 'EUR', 'fr') -> "1 234,56 €" (narrow no-break space, no-break space);
 * (1n, 18, 'ETH', 'en') -> "0.000000000000000001 ETH".
 */
export function formatMoney(
  amountMinor: bigint,
  scale: number,
  currency: string,
  locale: MoneyLocale,
  options: FormatMoneyOptions = {},
): string {
  return joinMoneyParts(formatMoneyParts(amountMinor, scale, currency, locale, options), locale);
}
