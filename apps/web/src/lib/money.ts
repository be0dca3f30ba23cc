/**
 * Amounts as cash operations send them (decimal strings in the asset's unit, e.g. "12.30" EUR, "0.00012345" BTC)
 * turned into exact minor units with @tessera/money and into display text with the app's one formatter
 * (format-number.ts, Intl.NumberFormat on the decimal string). Nothing here goes through a JavaScript number: a
 * float would lose an ETH amount's 18 decimals.
 */
import {
  Decimal,
  formatAmount,
  getAsset,
  isCrypto,
  isFiat,
  parseAmount,
  type Asset,
  type MinorUnits,
} from '@tessera/money';
import { formatNumberText, type SignDisplay } from './format-number.ts';

/** The registry asset for a code, or undefined for a code the app does not know. */
export function assetOf(code: string): Asset | undefined {
  const found = getAsset(code);
  return found.ok ? found.value : undefined;
}

/** True for EUR, USD, GBP, CHF. */
export function isFiatCode(code: string): boolean {
  const asset = assetOf(code);
  return asset !== undefined && isFiat(asset);
}

/** True for BTC, ETH, USDC. */
export function isCryptoCode(code: string): boolean {
  const asset = assetOf(code);
  return asset !== undefined && isCrypto(asset);
}

/** Minor units of a decimal string from the API (negative allowed: activity lines carry a sign). */
export function toMinor(amount: string, asset: Asset): MinorUnits | undefined {
  const parsed = parseAmount(amount, asset, { allowNegative: true });
  return parsed.ok ? parsed.value : undefined;
}

/**
 * Display text of a decimal amount: en `€1,234.56`, fr `1 234,56 €`, `0.00012345 BTC`. An amount that does not
 * parse is shown as sent with its code rather than hidden (the API is the source of truth).
 */
export function formatAmountText(
  amount: string,
  assetCode: string,
  language: 'en' | 'fr',
  options: { signDisplay?: SignDisplay; trim?: boolean } = {},
): string {
  const asset = assetOf(assetCode);
  const minor = asset ? toMinor(amount, asset) : undefined;
  if (!asset || minor === undefined) {
    return `${amount}\u00a0${assetCode}`;
  }
  return formatMinorText(minor, asset, language, options);
}

/**
 * Display text of minor units of a known asset: every decimal of a fiat amount (`€12.30`), crypto and other
 * assets without trailing zeros (`0.25 BTC`), or any asset trimmed when asked.
 */
export function formatMinorText(
  minor: MinorUnits,
  asset: Asset,
  language: 'en' | 'fr',
  options: { signDisplay?: SignDisplay; trim?: boolean } = {},
): string {
  const trim = options.trim || asset.scale > 2;
  const text = formatAmount(minor, asset.scale);
  return (
    formatNumberText(text, language, {
      asset,
      minimumFractionDigits: trim ? 0 : asset.scale,
      maximumFractionDigits: asset.scale,
      signDisplay: options.signDisplay ?? 'auto',
    }) ?? `${text}\u00a0${asset.code}`
  );
}

/** Significant digits a rate is shown with, as currency converters show them ("0.926042", "88,267.23"). */
export const RATE_SIGNIFICANT_DIGITS = 6;

/**
 * A rate for people to read, grouped for the language ("1.084213" / "1,084213"): six significant digits and at
 * least two decimals, rounded half-even. Display only: quotes and conversions compute with the exact rate.
 */
export function formatRateText(rate: string, language: 'en' | 'fr'): string {
  const parsed = Decimal.parse(rate);
  if (!parsed.ok) {
    return rate;
  }
  const [integer = '', fraction = ''] = parsed.value.toString().replace('-', '').split('.');
  const leadingZeros = integer === '0' ? fraction.length - fraction.replace(/^0+/, '').length : 0;
  const decimals =
    integer === '0'
      ? leadingZeros + RATE_SIGNIFICANT_DIGITS
      : Math.max(2, RATE_SIGNIFICANT_DIGITS - integer.length);
  const shown = Math.max(Math.min(decimals, fraction.length), 0);
  return (
    formatNumberText(parsed.value.toString(), language, {
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
      roundingMode: 'halfEven',
    }) ?? rate
  );
}

/** The rejection code of an amount typed by the customer, or null when it is a valid positive amount. */
export function amountInputError(text: string, assetCode: string): string | null {
  const asset = assetOf(assetCode);
  if (!asset) {
    return 'CASH_UNKNOWN_ASSET';
  }
  const parsed = parseAmount(text.trim().replace(',', '.'), asset, { positive: true });
  return parsed.ok ? null : parsed.code;
}

/** The canonical decimal string to send for a typed amount ("12,5" → "12.5"), or null when invalid. */
export function normalizeAmountInput(text: string, assetCode: string): string | null {
  return amountInputError(text, assetCode) === null ? text.trim().replace(',', '.') : null;
}
