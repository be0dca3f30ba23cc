import { currentLanguage } from '#/lib/i18n.ts';
import {
  formatMoneyText,
  formatPercent,
  formatPrice,
  formatQuantity,
} from '#/shared/markets/market-format.ts';
import { formatNav } from '../lib/nav-format.ts';

/** Money, units, NAV and percents of the funds pages in the page's language (decimal strings, never floats). */
export function useFundFormat() {
  const language = currentLanguage();
  return {
    language,
    money: (text: string | null | undefined, currency: string) => formatMoneyText(text, currency, language),
    signedMoney: (text: string | null | undefined, currency: string) =>
      formatMoneyText(text, currency, language, 'exceptZero'),
    units: (text: string | null | undefined) => formatQuantity(text, language),
    /** A plain decimal with the decimals it has (`2.50`, fr `2,50`). */
    number: (text: string | null | undefined) => formatPrice(text, language),
    nav: (text: string | null | undefined, currency: string) => formatNav(text, currency, language),
    percent: (text: string | null | undefined) => formatPercent(text, language, { signed: false }),
    change: (text: string | null | undefined) => formatPercent(text, language),
  };
}
