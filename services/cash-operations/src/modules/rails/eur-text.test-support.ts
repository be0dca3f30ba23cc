import {
  addAmounts,
  amountFromDecimal,
  EUR,
  formatAmount,
  type MinorUnits,
  subtractAmounts,
} from '@tessera/money';

/**
 * Exact arithmetic on the EUR decimal strings the ledger and the routes answer with, for tests only: a balance
 * is compared as the string it should be, never through a JavaScript number (where 0.1 + 0.2 is not 0.3).
 */

/** Minor units of an EUR decimal string (`"12.30"` is `1230n`); a balance can be negative. */
export function eur(text: string): MinorUnits {
  return amountFromDecimal(text, EUR, { allowNegative: true });
}

/** The canonical EUR string of minor units (`1230n` is `"12.30"`), as the ledger writes it. */
export function eurText(minor: MinorUnits): string {
  return formatAmount(minor, EUR.scale);
}

/** `text + delta` as an EUR string: `eurPlus("10.05", "100")` is `"110.05"`. */
export function eurPlus(text: string, delta: string): string {
  return eurText(addAmounts(eur(text), eur(delta)));
}

/** `after - before` as an EUR string: what a balance moved by. */
export function eurChange(after: string, before: string): string {
  return eurText(subtractAmounts(eur(after), eur(before)));
}
