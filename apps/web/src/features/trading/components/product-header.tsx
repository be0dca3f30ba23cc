import { useQuery } from '@tanstack/react-query';
import type { ProductId } from '@tessera/contracts';
import { Badge } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useLiveQuote } from '#/shared/markets/market-feed.ts';
import {
  formatDateTime,
  formatInstrumentName,
  formatPercent,
  formatPrice,
  formatProduct,
  toneClass,
} from '#/shared/markets/market-format.ts';
import { marketStatusQueryOptions } from '#/shared/markets/api/get-market-status.ts';
import { useMarketCalls, type InstrumentView } from '#/shared/markets/api/markets-request.ts';

/** The product's name, live last price and day change, bid and ask, and whether its market is open. */
export function ProductHeader({
  productId,
  instrument,
  headingLevel = 1,
}: {
  productId: ProductId;
  instrument: InstrumentView | undefined;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const calls = useMarketCalls();
  const quote = useLiveQuote(productId);
  const status = useQuery(marketStatusQueryOptions(calls.data, productId));
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const open = quote?.marketOpen ?? status.data?.open;
  const next = status.data?.nextSession;
  // Prices on the instrument's tick; the day's change is a price difference, on the same tick.
  const tickSize = instrument?.tickSize;
  return (
    <div className="trd-product">
      <div className="trd-product__name">
        <Heading className="trd-product__title">
          {instrument
            ? t('product.title', {
                name: formatInstrumentName(instrument, productId, language),
                product: formatProduct(productId),
              })
            : formatProduct(productId)}
        </Heading>
        {open === undefined ? null : (
          <Badge tone={open ? 'success' : 'neutral'} dot>
            {open ? t('product.open') : t('product.closed')}
          </Badge>
        )}
        {open === false && next ? (
          <span className="app-muted">
            {t('product.opensAt', { time: formatDateTime(next.opensAtMs, language) })}
          </span>
        ) : null}
      </div>
      <dl className="trd-product__quote" aria-live="off">
        <div>
          <dt>{t('product.last')}</dt>
          <dd className="trd-product__last">{formatPrice(quote?.last, language, { tickSize })}</dd>
        </div>
        <div>
          <dt>{t('product.change')}</dt>
          <dd className={toneClass(quote?.changePercent)}>
            {formatPrice(quote?.change, language, { tickSize, signDisplay: 'exceptZero' })} (
            {formatPercent(quote?.changePercent, language)})
          </dd>
        </div>
        <div>
          <dt>{t('product.bid')}</dt>
          <dd>{formatPrice(quote?.bid, language, { tickSize })}</dd>
        </div>
        <div>
          <dt>{t('product.ask')}</dt>
          <dd>{formatPrice(quote?.ask, language, { tickSize })}</dd>
        </div>
      </dl>
    </div>
  );
}
