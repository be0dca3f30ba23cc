import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Book, ProductId, Trade } from '@tessera/contracts';
import { Tabs } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useMarketSubscription } from '#/shared/markets/market-feed.ts';
import { instrumentQueryOptions } from '#/shared/markets/api/get-instrument.ts';
import { useMarketCalls } from '#/shared/markets/api/markets-request.ts';
import {
  chartNumber,
  formatPrice,
  formatProduct,
  formatQuantity,
  formatTime,
} from '#/shared/markets/market-format.ts';

/** The product's tick and lot (once its details are known): prices and sizes each keep one scale. */
function useScales(productId: ProductId): { tickSize?: string; lotSize?: string } {
  const calls = useMarketCalls();
  const info = useQuery(instrumentQueryOptions(calls.info, productId)).data?.instrument;
  return info ? { tickSize: info.tickSize, lotSize: info.lotSize } : {};
}

/** Trades kept on screen, newest first. */
const TRADES_SHOWN = 30;

/** The L2 book and the recent trades, in two tabs. */
export function MarketDepthPanel({ productId }: { productId: ProductId }) {
  const { t } = useTranslation('trading');
  return (
    <section className="trd-panel" aria-label={t('depth.title')}>
      <Tabs
        label={t('depth.title')}
        defaultValue="book"
        items={[
          {
            value: 'book',
            label: t('depth.book'),
            content: <OrderBook key={productId} productId={productId} />,
          },
          {
            value: 'trades',
            label: t('depth.trades'),
            content: <RecentTrades key={productId} productId={productId} />,
          },
        ]}
      />
    </section>
  );
}

interface DepthRow {
  price: string;
  size: string;
  /** Cumulative size from the best price, as a share of the deeper side's total (0 to 100), for the bar. */
  depthPercent: number;
}

/** Levels with their cumulative depth; the shares are numbers for drawing the bars only (never shown). */
export function depthRows(levels: ReadonlyArray<readonly [string, string]>, total: number): DepthRow[] {
  let cumulative = 0;
  return levels.map(([price, size]) => {
    cumulative += chartNumber(size);
    return { price, size, depthPercent: total > 0 ? Math.min(100, (cumulative / total) * 100) : 0 };
  });
}

function sideTotal(levels: ReadonlyArray<readonly [string, string]>): number {
  return levels.reduce((sum, [, size]) => sum + chartNumber(size), 0);
}

function OrderBook({ productId }: { productId: ProductId }) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const { tickSize, lotSize } = useScales(productId);
  const [book, setBook] = useState<Book | null>(null);
  useMarketSubscription('book', productId, (message) =>
    setBook((current) => (current !== null && current.seq > message.data.seq ? current : message.data)),
  );
  if (book === null) {
    return <p className="app-muted">{t('depth.loading')}</p>;
  }
  if (book.bids.length === 0 && book.asks.length === 0) {
    return <p className="app-muted">{t('depth.emptyBook')}</p>;
  }
  const bidTotal = sideTotal(book.bids);
  const askTotal = sideTotal(book.asks);
  const total = Math.max(bidTotal, askTotal);
  const asks = depthRows(book.asks, total).reverse();
  const bids = depthRows(book.bids, total);
  const row = (level: DepthRow, side: 'bid' | 'ask') => (
    <tr key={`${side}-${level.price}`} className={`trd-book__${side}`}>
      <td className="trd-num trd-book__price">{formatPrice(level.price, language, { tickSize })}</td>
      <td className="trd-num trd-book__size">
        <span className="trd-book__bar" style={{ width: `${level.depthPercent}%` }} aria-hidden="true" />
        <span className="trd-book__value">{formatQuantity(level.size, language, lotSize)}</span>
      </td>
    </tr>
  );
  return (
    <table className="trd-table trd-book">
      <caption className="ts-visually-hidden">
        {t('depth.bookCaption', { product: formatProduct(productId) })}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="trd-num">
            {t('depth.price')}
          </th>
          <th scope="col" className="trd-num">
            {t('depth.size')}
          </th>
        </tr>
      </thead>
      <tbody aria-label={t('depth.asks')}>{asks.map((level) => row(level, 'ask'))}</tbody>
      <tbody aria-label={t('depth.bids')}>{bids.map((level) => row(level, 'bid'))}</tbody>
    </table>
  );
}

/** Folds a trades message into the list shown (newest first, no duplicates). */
export function mergeTrades(
  current: readonly Trade[],
  incoming: readonly Trade[],
  snapshot: boolean,
): Trade[] {
  const base = snapshot ? [] : current;
  const seen = new Set(base.map((trade) => trade.id));
  const fresh = incoming.filter((trade) => !seen.has(trade.id));
  return [...fresh]
    .sort((a, b) => b.timeMs - a.timeMs)
    .concat(base)
    .slice(0, TRADES_SHOWN);
}

function RecentTrades({ productId }: { productId: ProductId }) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const { tickSize, lotSize } = useScales(productId);
  const [trades, setTrades] = useState<Trade[] | null>(null);
  useMarketSubscription('trades', productId, (message) =>
    setTrades((current) => mergeTrades(current ?? [], message.data.trades, message.kind === 'snapshot')),
  );
  if (trades === null) {
    return <p className="app-muted">{t('depth.loading')}</p>;
  }
  if (trades.length === 0) {
    return <p className="app-muted">{t('depth.noTrades')}</p>;
  }
  return (
    <table className="trd-table">
      <caption className="ts-visually-hidden">
        {t('depth.tradesCaption', { product: formatProduct(productId) })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('depth.time')}</th>
          <th scope="col" className="trd-num">
            {t('depth.price')}
          </th>
          <th scope="col" className="trd-num">
            {t('depth.size')}
          </th>
        </tr>
      </thead>
      <tbody>
        {trades.map((trade) => (
          <tr key={trade.id}>
            <td>{formatTime(trade.timeMs, language)}</td>
            <td className={`trd-num ${trade.side === 'buy' ? 'mkt-up' : 'mkt-down'}`}>
              {formatPrice(trade.price, language, { tickSize })}
              <span className="ts-visually-hidden">{` ${t(`aggressor.${trade.side}`)}`}</span>
            </td>
            <td className="trd-num">{formatQuantity(trade.size, language, lotSize)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
