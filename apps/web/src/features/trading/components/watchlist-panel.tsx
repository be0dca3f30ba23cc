import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductId, Watchlist } from '@tessera/contracts';
import { Banner, Button, CloseIcon, IconButton } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useLiveQuote } from '#/shared/markets/market-feed.ts';
import { formatPercent, formatPrice, formatProduct, toneClass } from '#/shared/markets/market-format.ts';
import { createWatchlist } from '../api/create-watchlist.ts';
import { applyWatchlist, updateWatchlist } from '../api/update-watchlist.ts';
import { broadcast } from '../lib/trading-sync.ts';
import { useTradingCall } from '../api/trading-request.ts';
import { watchlistsQueryOptions } from '../api/get-watchlists.ts';
import { tradingErrorMessage } from '../lib/order-input.ts';

/**
 * The customer's first watchlist (the trading service keeps up to twenty; this screen edits the first one, and
 * creates it on the first add): live last price and day change per product; a click opens the product.
 */
export function WatchlistPanel({
  product,
  onSelect,
  footer,
}: {
  product: ProductId;
  onSelect: (product: ProductId) => void;
  /** Shown at the bottom of the panel (the main window's link to a detached watchlist). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const watchlists = useQuery(watchlistsQueryOptions(useTradingCall()));
  const list: Watchlist | undefined = watchlists.data?.[0];
  const { save, busy, error } = useSaveWatchlist(list);
  const products = list?.productIds ?? [];
  const listed = products.includes(product);
  return (
    <section className="trd-panel" aria-labelledby="trd-watchlist-title">
      <div className="trd-panel__head">
        <h2 id="trd-watchlist-title" className="trd-panel__title">
          {t('watchlist.title')}
        </h2>
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          disabled={watchlists.isPending}
          onClick={() => void save(listed ? products.filter((id) => id !== product) : [...products, product])}
        >
          {listed
            ? t('watchlist.remove', { product: formatProduct(product) })
            : t('watchlist.add', { product: formatProduct(product) })}
        </Button>
      </div>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      {watchlists.isError ? (
        <Banner tone="danger">{tradingErrorMessage(t, watchlists.error, language)}</Banner>
      ) : null}
      {products.length === 0 && !watchlists.isPending ? (
        <p className="app-muted">{t('watchlist.empty')}</p>
      ) : null}
      {products.length > 0 ? (
        <WatchlistTable
          products={products}
          product={product}
          onSelect={onSelect}
          onRemove={(id) => void save(products.filter((item) => item !== id))}
        />
      ) : null}
      {footer}
    </section>
  );
}

/** Saves the first watchlist's products (creating the list on the first add) and puts the answer in the cache. */
function useSaveWatchlist(list: Watchlist | undefined) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (productIds: ProductId[]) => {
    setBusy(true);
    setError(null);
    try {
      const saved =
        list === undefined
          ? await createWatchlist(call, t('watchlist.defaultName'), productIds)
          : await updateWatchlist(call, list.id, productIds);
      applyWatchlist(queryClient, saved);
      // The other trading windows (a detached watchlist, the main page) show the same list at once.
      broadcast({ type: 'watchlist', watchlist: saved });
    } catch (failure) {
      setError(tradingErrorMessage(t, failure, language));
    } finally {
      setBusy(false);
    }
  };
  return { save, busy, error };
}

function WatchlistTable({
  products,
  product,
  onSelect,
  onRemove,
}: {
  products: ProductId[];
  product: ProductId;
  onSelect: (product: ProductId) => void;
  onRemove: (product: ProductId) => void;
}) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  return (
    <table className="trd-table trd-table--interactive">
      <caption className="ts-visually-hidden">{t('watchlist.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('watchlist.product')}</th>
          <th scope="col" className="trd-num">
            {t('watchlist.last')}
          </th>
          <th scope="col" className="trd-num">
            {t('watchlist.change')}
          </th>
          <th scope="col">
            <span className="ts-visually-hidden">{t('watchlist.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((id) => (
          <WatchlistRow
            key={id}
            productId={id}
            selected={id === product}
            onSelect={() => onSelect(id)}
            onRemove={() => onRemove(id)}
            language={language}
          />
        ))}
      </tbody>
    </table>
  );
}

function WatchlistRow({
  productId,
  selected,
  onSelect,
  onRemove,
  language,
}: {
  productId: ProductId;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
  language: 'en' | 'fr';
}) {
  const { t } = useTranslation('trading');
  const quote = useLiveQuote(productId);
  return (
    <tr aria-selected={selected} className={selected ? 'trd-row--selected' : undefined}>
      <th scope="row">
        <button
          type="button"
          className="trd-link-button"
          onClick={onSelect}
          aria-current={selected || undefined}
        >
          {formatProduct(productId)}
        </button>
      </th>
      <td className="trd-num">{formatPrice(quote?.last, language)}</td>
      <td className={`trd-num ${toneClass(quote?.changePercent)}`}>
        {formatPercent(quote?.changePercent, language)}
      </td>
      <td>
        <IconButton
          label={t('watchlist.removeOne', { product: formatProduct(productId) })}
          variant="ghost"
          size="sm"
          onClick={onRemove}
        >
          <CloseIcon />
        </IconButton>
      </td>
    </tr>
  );
}
