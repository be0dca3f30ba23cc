import { useEffect, useState } from 'react';
import type { FxQuote } from '@tessera/contracts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatAmountText, formatRateText } from '#/lib/money.ts';

/** Ticks every second while `active`; returns the current time in milliseconds. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) {
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The quote as the customer decides on it: rate, fee, what leaves, what arrives, and the seconds left. */
export function FxQuoteSummary({ quote, secondsLeft }: { quote: FxQuote; secondsLeft: number }) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  return (
    <div className="cash-section">
      <dl className="cash-quote" aria-label={t('transfer.quote.label')}>
        <dt>{t('transfer.quote.rate')}</dt>
        <dd>
          {t('transfer.quote.rateValue', {
            from: quote.fromAsset,
            to: quote.toAsset,
            rate: formatRateText(quote.rate, language),
          })}
        </dd>
        <dt>{t('transfer.quote.fee')}</dt>
        <dd>{formatAmountText(quote.fee, quote.fromAsset, language)}</dd>
        <dt>{t('transfer.quote.sent')}</dt>
        <dd>{formatAmountText(quote.amountSent, quote.fromAsset, language)}</dd>
        <dt>{t('transfer.quote.received')}</dt>
        <dd>
          <strong>{formatAmountText(quote.amountReceived, quote.toAsset, language)}</strong>
        </dd>
      </dl>
      <p className="app-muted cash-countdown" role="timer" aria-live="off">
        {secondsLeft > 0
          ? t('transfer.quote.expiresIn', { seconds: secondsLeft })
          : t('transfer.quote.expired')}
      </p>
    </div>
  );
}
