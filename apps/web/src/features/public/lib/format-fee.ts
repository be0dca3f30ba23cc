/**
 * Turns fee schedule lines (packages/contracts/src/fees.ts) into text in English or French. Amounts are decimal
 * strings and rates whole basis points, so formatting never goes through a float: amounts go through the app's
 * one formatter (Intl.NumberFormat on the decimal string), every decimal of the schedule kept.
 */
import { basisPointsToPercent, type FeeAmount, type FeeCharge } from '@tessera/contracts';
import { getAsset } from '@tessera/money';
import { formatNumberText } from '../../../lib/format-number.ts';
import type { Language } from '#/lib/i18n.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An amount of an asset: "€1.00" / "1,00 €", "0.0002 BTC" / "0,0002 BTC". */
export function formatFeeAmount({ amount, asset }: FeeAmount, language: Language): string {
  const found = getAsset(asset);
  const formatted = formatNumberText(amount, language, found.ok ? { asset: found.value } : {});
  return formatted === undefined || !found.ok ? `${amount}\u00a0${asset}` : formatted;
}

/**
 * A whole number as Intl.NumberFormat writes it ("1,000" / "1 000" with a narrow no-break space), without
 * creating a formatter: the first one loads locale data, a long task while a page hydrates.
 */
export function formatCount(count: number, language: Language): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, language === 'fr' ? '\u202f' : ',');
}

/** A percentage from basis points: "0.70%" / "0,70 %" (French puts a narrow no-break space before %). */
export function formatPercent(basisPoints: number, language: Language): string {
  const percent = basisPointsToPercent(basisPoints);
  return language === 'fr' ? `${percent.replace('.', ',')}\u202f%` : `${percent}%`;
}

/** The fee as shown in the schedule, e.g. "0.10%, minimum 1.00 in the order's currency". */
export function describeCharge(charge: FeeCharge, language: Language, t: Translate): string {
  switch (charge.type) {
    case 'free':
      return t('pricing.value.free');
    case 'fixed': {
      const amount = formatFeeAmount(charge.fee, language);
      return charge.freePerMonth
        ? t('pricing.value.fixedAllowance', {
            amount,
            count: formatCount(charge.freePerMonth, language),
          })
        : t('pricing.value.fixed', { amount });
    }
    case 'perAsset':
      // The separator keeps to the amount before it (a no-break space): in a narrow column the line breaks after
      // "·", never leaving it alone on a line.
      return t('pricing.value.perAsset', {
        amounts: charge.fees.map((fee) => formatFeeAmount(fee, language)).join('\u00a0· '),
      });
    case 'rate': {
      const percent = formatPercent(charge.basisPoints, language);
      if (charge.minimum) {
        const minimum =
          charge.minimum.asset === '*'
            ? t('pricing.value.minimumAny')
            : formatFeeAmount(charge.minimum, language);
        return t('pricing.value.rateMinimum', { percent, minimum });
      }
      if (charge.perYear) {
        return t(charge.upTo ? 'pricing.value.rateUpTo' : 'pricing.value.ratePerYear', { percent });
      }
      return t('pricing.value.rate', { percent });
    }
  }
}
