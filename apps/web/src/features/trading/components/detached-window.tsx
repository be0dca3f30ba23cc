import { useQuery } from '@tanstack/react-query';
import type { ProductId } from '@tessera/contracts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { InstrumentSearch } from '#/shared/markets/components/instrument-search.tsx';
import { instrumentQueryOptions } from '#/shared/markets/api/get-instrument.ts';
import { useMarketCalls } from '#/shared/markets/api/markets-request.ts';
import type { DetachedComponent } from '../lib/trading-components.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { formatProductTitle } from '#/lib/format.ts';
import { formatProduct } from '#/shared/markets/market-format.ts';
import { Banner } from '@tessera/ui';
import { useProductSwitch } from '../hooks/use-product-switch.ts';
import { useTradingStream } from '../hooks/use-trading-stream.ts';
import { tradingErrorMessage } from '../lib/order-input.ts';
import { CashBalance } from './cash-balance.tsx';
import { ChartPanel } from './chart-panel.tsx';
import { OrderForm } from './order-form.tsx';
import { ProductHeader } from './product-header.tsx';
import { WatchlistPanel } from './watchlist-panel.tsx';
import '#/shared/markets/markets.css';

/**
 * A detached trading panel (chart, watchlist or order form) alone in its window, kept in step with the trading
 * page through a BroadcastChannel: a product chosen here is shown there and the other way round, and an order
 * placed here joins the main window's open orders.
 */
export function DetachedWindow({ component, product }: { component: DetachedComponent; product: ProductId }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const calls = useMarketCalls();
  useTradingStream();
  const switchProduct = useProductSwitch({ kind: 'detached', component }, product);
  const instrument = useQuery(instrumentQueryOptions(calls.info, product));
  const info = instrument.data?.instrument;
  const panel = t(`detach.names.${component}`);
  usePageTitle(t('detach.title', { panel, product: formatProductTitle(product) }));

  return (
    <main id="main" className="trd-detached">
      <h1 className="trd-detached__title">{t('detach.title', { panel, product: formatProduct(product) })}</h1>
      {instrument.isError ? (
        <Banner tone="danger">{tradingErrorMessage(t, instrument.error, language)}</Banner>
      ) : null}
      {component === 'WATCHLIST' ? (
        <WatchlistPanel product={product} onSelect={switchProduct} />
      ) : (
        <>
          <ProductHeader productId={product} instrument={info} headingLevel={2} />
          <InstrumentSearch
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            noResults={t('search.none')}
            onChoose={switchProduct}
            describe={(option) =>
              t('search.describe', { kind: t(`kind.${option.kind}`), source: option.source })
            }
          />
          {component === 'CHART' ? (
            <ChartPanel productId={product} instrument={info} height={460} />
          ) : (
            <section className="trd-panel" aria-label={t('form.title')}>
              <CashBalance currency={info?.currency} />
              <OrderForm productId={product} instrument={info} />
            </section>
          )}
        </>
      )}
    </main>
  );
}
