/**
 * Pure helpers of the wallet pages (no React): the FX quote's countdown, the card fee shown before paying, and
 * the card expiry typed by the customer.
 */
import type { FxQuote } from '@tessera/contracts';
import { getFee, rateFeeMinor } from '@tessera/contracts';
import { toDecimalString } from '@tessera/money';
import { assetOf, normalizeAmountInput, toMinor } from '../../../lib/money.ts';

/**
 * Seconds a quote has left. The quote's own lifetime (expiresAt − createdAt, both the server's clock) is counted
 * from when this browser received it, so a browser clock that is off does not shorten or stretch it.
 */
export function quoteSecondsLeft(
  quote: Pick<FxQuote, 'createdAt' | 'expiresAt'>,
  receivedAtMs: number,
  nowMs: number,
): number {
  const lifetimeMs = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt);
  // A clock tick older than the quote counts as "just received".
  const leftMs = lifetimeMs - Math.max(0, nowMs - receivedAtMs);
  return Math.max(0, Math.ceil(leftMs / 1000));
}

/** The fee and the total charged for `amount` (what arrives), from the one fee schedule; null when invalid. */
export function cardCharge(amount: string, assetCode: string): { fee: string; charged: string } | null {
  const asset = assetOf(assetCode);
  const decimal = normalizeAmountInput(amount, assetCode);
  const minor = asset && decimal ? toMinor(decimal, asset) : undefined;
  const charge = getFee('depositCard').charge;
  if (!asset || minor === undefined || charge.type !== 'rate') {
    return null;
  }
  const feeMinor = rateFeeMinor(minor, charge.basisPoints);
  return {
    fee: toDecimalString(feeMinor as typeof minor, asset.scale, { trailingZeros: 'keep' }),
    charged: toDecimalString((minor + feeMinor) as typeof minor, asset.scale, { trailingZeros: 'keep' }),
  };
}

/** "MM/YY" or "MM/YYYY" to a month and a four-digit year; null when it is not a date. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) {
    return null;
  }
  const expMonth = Number.parseInt(match[1] ?? '', 10);
  const year = Number.parseInt(match[2] ?? '', 10);
  if (expMonth < 1 || expMonth > 12) {
    return null;
  }
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}
