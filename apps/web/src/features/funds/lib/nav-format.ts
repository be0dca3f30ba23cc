/**
 * A fund's NAV per unit for people to read, as a fund page at a bank shows it: the currency, at least 2 decimals
 * and up to the 6 the service computes (docs/adr/0019), trailing zeros past the second dropped (`€10.00`,
 * `€10.1234`, `10,123456 €`). Exact: the decimal string is formatted as text, never through a float; a NAV with
 * more than 6 decimals is cut (never rounded up), as the service rounds the NAV down.
 */
import { formatNumberText } from '../../../lib/format-number.ts';
import { assetOf } from '../../../lib/money.ts';

export const NAV_DECIMALS_MIN = 2;
export const NAV_DECIMALS_MAX = 6;

const DASH = '—';

export function formatNav(text: string | null | undefined, currency: string, language: 'en' | 'fr'): string {
  if (text === null || text === undefined) {
    return DASH;
  }
  const asset = assetOf(currency);
  const formatted = formatNumberText(text, language, {
    ...(asset === undefined ? {} : { asset }),
    minimumFractionDigits: NAV_DECIMALS_MIN,
    maximumFractionDigits: NAV_DECIMALS_MAX,
    roundingMode: 'trunc',
  });
  if (formatted === undefined) {
    return DASH;
  }
  return asset === undefined ? `${formatted}\u00a0${currency}` : formatted;
}
