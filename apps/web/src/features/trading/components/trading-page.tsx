import { useEffect, useState, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DEFAULT_PRODUCT, isProductId, type ProductId } from '@tessera/contracts';
import { Banner } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { LAST_PRODUCT_STORAGE_KEY } from '../lib/last-product.ts';
import { InstrumentSearch } from '#/shared/markets/components/instrument-search.tsx';
import { instrumentQueryOptions } from '#/shared/markets/api/get-instrument.ts';
import { useMarketCalls, type InstrumentView } from '#/shared/markets/api/markets-request.ts';
import { useTradingPreferencesApi } from '#/shared/trading/api/trading-preferences-api.ts';
import type { DetachedComponent } from '../lib/trading-components.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { formatProductTitle } from '#/lib/format.ts';
import { useProductSwitch } from '../hooks/use-product-switch.ts';
import { useTradingStream } from '../hooks/use-trading-stream.ts';
import { tradingErrorMessage } from '../lib/order-input.ts';
import { AlertNotices } from './alert-notices.tsx';
import { AlertsPanel } from './alerts-panel.tsx';
import { CashBalance } from './cash-balance.tsx';
import { ChartPanel } from './chart-panel.tsx';
import { MarketDepthPanel } from './market-depth-panel.tsx';
import { OrderForm } from './order-form.tsx';
import { OrdersPanel } from './orders-panel.tsx';
import { ProductHeader } from './product-header.tsx';
import { WatchlistPanel } from './watchlist-panel.tsx';
import '#/shared/markets/markets.css';

/** The address of a detached panel showing `product`. */
export function detachedHref(component: DetachedComponent, product: ProductId): string {
  return `/dashboard/trading/detached/?${new URLSearchParams({ component, product }).toString()}`;
}

const POPUP_FEATURES: Record<DetachedComponent, string> = {
  CHART: 'popup,width=900,height=620',
  WATCHLIST: 'popup,width=420,height=640',
  ORDER_FORM: 'popup,width=420,height=820',
};

/** A link that opens a panel in its own window (a popup when the browser allows it, else a new tab). */
function DetachLink({ component, product }: { component: DetachedComponent; product: ProductId }) {
  const { t } = useTranslation('trading');
  const href = detachedHref(component, product);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const opened = window.open(href, `tessera-${component}`, POPUP_FEATURES[component]);
    if (opened !== null) {
      event.preventDefault();
    }
  };
  return (
    <a href={href} target={`tessera-${component}`} className="trd-detach" onClick={open}>
      {t('detach.open', { panel: t(`detach.panels.${component}`) })}
    </a>
  );
}

/**
 * Whether this visit named no product and had none remembered: only then does the customer's default product
 * (settings, tradingPreferences) replace the spec's AAPL_cboe fallback.
 */
function usedBuiltInFallback(): boolean {
  try {
    const named = new URLSearchParams(window.location.search).get('product');
    return !isProductId(named) && !isProductId(localStorage.getItem(LAST_PRODUCT_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** /dashboard/trading/: chart, watchlist, order form, book and trades, open orders and positions, all live. */
export function TradingPage({ product }: { product: ProductId }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const calls = useMarketCalls();
  useTradingStream();
  const switchProduct = useProductSwitch({ kind: 'main' }, product);
  const instrument = useQuery(instrumentQueryOptions(calls.info, product));
  usePageTitle(t('page.documentTitle', { product: formatProductTitle(product) }));
  useDefaultProductRedirect(product);
  const info = instrument.data?.instrument;
  return (
    <div className="trd-page">
      <h1 className="trd-page__title">{t('page.title')}</h1>
      <div className="trd-page__top">
        <ProductHeader productId={product} instrument={info} headingLevel={2} />
        <div className="trd-page__search">
          <InstrumentSearch
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            noResults={t('search.none')}
            onChoose={switchProduct}
            describe={(option) =>
              t('search.describe', { kind: t(`kind.${option.kind}`), source: option.source })
            }
          />
        </div>
      </div>
      {instrument.isError ? (
        <Banner tone="danger">{tradingErrorMessage(t, instrument.error, language)}</Banner>
      ) : null}
      <TradingGrid product={product} info={info} onSelect={switchProduct} />
      <AlertNotices />
    </div>
  );
}

/**
 * On a visit that named no product and had none remembered, the customer's default product (settings,
 * tradingPreferences) replaces the spec's AAPL_cboe fallback.
 */
function useDefaultProductRedirect(product: ProductId): void {
  const navigate = useNavigate();
  const [fromFallback] = useState(usedBuiltInFallback);
  const preferences = useQuery(useTradingPreferencesApi().options);
  const defaultProduct = preferences.data?.defaultProduct;
  useEffect(() => {
    if (
      fromFallback &&
      product === DEFAULT_PRODUCT &&
      isProductId(defaultProduct) &&
      defaultProduct !== product
    ) {
      void navigate({ to: '/dashboard/trading/', search: { product: defaultProduct }, replace: true });
    }
  }, [fromFallback, defaultProduct, product, navigate]);
}

function TradingGrid({
  product,
  info,
  onSelect,
}: {
  product: ProductId;
  info: InstrumentView | undefined;
  onSelect: (product: ProductId) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <div className="trd-grid">
      <section className="trd-panel trd-grid__chart" aria-labelledby="trd-chart-title">
        <div className="trd-panel__head">
          <h2 id="trd-chart-title" className="trd-panel__title">
            {t('chart.title')}
          </h2>
          <DetachLink component="CHART" product={product} />
        </div>
        <ChartPanel productId={product} instrument={info} />
      </section>
      <section className="trd-panel trd-grid__form" aria-labelledby="trd-form-title">
        <div className="trd-panel__head">
          <h2 id="trd-form-title" className="trd-panel__title">
            {t('form.title')}
          </h2>
          <DetachLink component="ORDER_FORM" product={product} />
        </div>
        <CashBalance currency={info?.currency} />
        <OrderForm productId={product} instrument={info} />
      </section>
      <div className="trd-grid__watchlist">
        <WatchlistPanel
          product={product}
          onSelect={onSelect}
          footer={
            <p className="trd-detach-row">
              <DetachLink component="WATCHLIST" product={product} />
            </p>
          }
        />
        <AlertsPanel productId={product} />
      </div>
      <div className="trd-grid__depth">
        <MarketDepthPanel productId={product} />
      </div>
      <div className="trd-grid__orders">
        <OrdersPanel onSelect={onSelect} />
      </div>
    </div>
  );
}
