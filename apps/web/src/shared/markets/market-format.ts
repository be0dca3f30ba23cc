/**
 * Market data for people to read: the formatters are the app's one formatting module (lib/format.ts: prices on
 * their tick, quantities, amounts, percentages, dates, instruments and venues), re-exported for the market and
 * trading screens; what is market-only stays here: the tone of a signed change and a chart's drawing number.
 */
import { decimalOf } from '../../lib/format.ts';

export {
  decimalOf,
  decimalsOf,
  formatDateTime,
  formatInstrumentName,
  formatMoneyText,
  formatPercent,
  formatPrice,
  formatPriceIn,
  formatProduct,
  formatQuantity,
  formatTime,
  formatTimeZone,
  formatVenue,
  productSymbol,
  type DisplayLanguage,
} from '../../lib/format.ts';

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
