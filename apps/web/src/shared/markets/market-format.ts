/**
 * Prices, quantities, amounts and percentages of market data for people to read, per language, through the
 * app's one formatter (format-number.ts: Intl.NumberFormat on the decimal string, never a float: a price is a
 * decimal string from the API and stays exact). Charts are the one place a price becomes a number, for drawing
 * only ({@link chartNumber}).
 */
import { Decimal } from '@tessera/money';
import { formatAmountText } from '../../lib/money.ts';
import { formatNumberText, type SignDisplay } from '../../lib/format-number.ts';

export type DisplayLanguage = 'en' | 'fr';

/** Parses a decimal string; null for null, undefined or anything that is not a decimal. */
export function decimalOf(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined) {
    return null;
  }
  const parsed = Decimal.parse(text);
  return parsed.ok ? parsed.value : null;
}

/** A price as sent (its tick's decimals kept): en `3,050.10`, fr `3 050,10`; a dash when unknown. */
export function formatPrice(
  text: string | null | undefined,
  language: DisplayLanguage,
  signDisplay: SignDisplay = 'auto',
): string {
  const value = decimalOf(text);
  return value === null ? '—' : (formatNumberText(value.toString(), language, { signDisplay }) ?? '—');
}

/** A quantity without trailing zeros: `0.5`, `12`, fr `0,5`. */
export function formatQuantity(text: string | null | undefined, language: DisplayLanguage): string {
  const value = decimalOf(text);
  return value === null
    ? '—'
    : (formatNumberText(value.toString(), language, { minimumFractionDigits: 0 }) ?? '—');
}

/** An amount of a currency: en `€1,234.56`, fr `1 234,56 €`; a dash when unknown. */
export function formatMoneyText(
  text: string | null | undefined,
  currency: string,
  language: DisplayLanguage,
  signDisplay: SignDisplay = 'auto',
): string {
  return text === null || text === undefined
    ? '—'
    : formatAmountText(text, currency, language, { signDisplay });
}

/** A percentage with its sign: en `+1.23%`, fr `+1,23 %`. */
export function formatPercent(text: string | null | undefined, language: DisplayLanguage): string {
  const value = decimalOf(text);
  if (value === null) {
    return '—';
  }
  const digits = formatNumberText(value.toString(), language, { signDisplay: 'exceptZero' }) ?? '—';
  return language === 'fr' ? `${digits}\u202f%` : `${digits}%`;
}

/** -1, 0 or 1: the sign of a change, for its colour. */
export function signOf(text: string | null | undefined): -1 | 0 | 1 {
  const value = decimalOf(text);
  if (value === null || value.isZero()) {
    return 0;
  }
  return value.isNegative() ? -1 : 1;
}

/** The tone class of a signed figure (green up, red down), with text that says the direction too. */
export function toneClass(text: string | null | undefined): string {
  const sign = signOf(text);
  return sign > 0 ? 'mkt-up' : sign < 0 ? 'mkt-down' : 'mkt-flat';
}

/** A decimal string as a number for a chart's drawing (never for money math). */
export function chartNumber(text: string): number {
  return Number.parseFloat(text);
}

/** The number of decimals of a tick size (`0.01` → 2), for the chart's price format. */
export function decimalsOf(tickSize: string): number {
  const dot = tickSize.indexOf('.');
  return dot === -1 ? 0 : tickSize.length - dot - 1;
}

/** A time of day in the venue's zone, e.g. `09:30` (for sessions and trades). */
export function formatTime(timeMs: number, language: DisplayLanguage, timeZone?: string): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(timeMs);
}

/** A date and time for people (order times, next open), in the reader's zone unless one is given. */
export function formatDateTime(time: number | string, language: DisplayLanguage, timeZone?: string): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}),
  }).format(typeof time === 'string' ? Date.parse(time) : time);
}
