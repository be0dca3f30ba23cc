import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { MarketGroup, MarketMover, MarketOverview, ProductId } from '@tessera/contracts';
import { Banner, PageHeader, TableScroll } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { InstrumentSearch } from '#/shared/markets/components/instrument-search.tsx';
import {
  formatInstrumentName,
  formatPercent,
  formatPriceIn,
  formatProduct,
  toneClass,
  type DisplayLanguage,
} from '#/shared/markets/market-format.ts';
import { overviewQueryOptions } from '../api/get-market-overview.ts';
import { useMarketCalls } from '#/shared/markets/api/markets-request.ts';
import { QueryBoundary } from '#/components/query-boundary.tsx';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { InstrumentDetailsPanel } from './instrument-details.tsx';
import '#/shared/markets/markets.css';

/** /dashboard/market/: indices, top movers, sectors and regions, search, and one instrument's details. */
export function MarketPage() {
  const { t } = useTranslation(['trading', 'errors']);
  const [selected, setSelected] = useState<ProductId | null>(null);
  usePageTitle(t('market.title'));

  return (
    <div className="app-page mkt-page">
      <PageHeader title={t('market.title')} description={t('market.lead')} />
      <InstrumentSearch
        label={t('market.search.label')}
        placeholder={t('market.search.placeholder')}
        noResults={t('market.search.none')}
        onChoose={setSelected}
        describe={(option) =>
          t('market.search.describe', { kind: t(`market.kind.${option.kind}`), source: option.source })
        }
      />
      {selected ? <InstrumentDetailsPanel productId={selected} onClose={() => setSelected(null)} /> : null}
      <QueryBoundary
        pending={<p className="app-muted">{t('market.loading')}</p>}
        failed={(error) => <Banner tone="danger">{errorMessage(t, error)}</Banner>}
      >
        <MarketOverviewSections onSelect={setSelected} />
      </QueryBoundary>
    </div>
  );
}

/** The overview the route's loader has read, refreshed every few seconds; a failed refresh says so above it. */
function MarketOverviewSections({ onSelect }: { onSelect: (product: ProductId) => void }) {
  const { t } = useTranslation(['trading', 'errors']);
  const overview = useSuspenseQuery(overviewQueryOptions(useMarketCalls().data));
  return (
    <>
      {overview.isError ? <Banner tone="danger">{errorMessage(t, overview.error)}</Banner> : null}
      <IndicesSection indices={overview.data.indices} onSelect={onSelect} />
      <div className="mkt-columns">
        <MoversTable
          title={t('market.movers.gainers')}
          movers={overview.data.movers.gainers}
          onSelect={onSelect}
        />
        <MoversTable
          title={t('market.movers.losers')}
          movers={overview.data.movers.losers}
          onSelect={onSelect}
        />
        <MoversTable
          title={t('market.movers.mostActive')}
          movers={overview.data.movers.mostActive}
          onSelect={onSelect}
        />
      </div>
      <div className="mkt-columns mkt-columns--wide">
        <GroupsTable
          title={t('market.sectors.title')}
          groups={overview.data.sectors}
          nameOf={(key) => t(`market.sectors.names.${key}`, { defaultValue: key })}
          onSelect={onSelect}
        />
        <GroupsTable
          title={t('market.regions.title')}
          groups={overview.data.regions}
          nameOf={(key) => t(`market.regions.names.${key}`, { defaultValue: key })}
          onSelect={onSelect}
        />
      </div>
    </>
  );
}

function IndicesSection({
  indices,
  onSelect,
}: {
  indices: MarketOverview['indices'];
  onSelect: (product: ProductId) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <section aria-labelledby="mkt-indices-title" className="mkt-details">
      <h2 id="mkt-indices-title" className="mkt-section-title">
        {t('market.indices.title')}
      </h2>
      <ul className="mkt-indices">
        {indices.map((index) => (
          <li key={index.key} className="mkt-index">
            <span className="mkt-index__name">{t(`market.indices.names.${index.key}`)}</span>
            {/* The figure is the tracker's price in its currency, not the index's level: it says so. */}
            <span className="app-muted">
              {t(`market.indices.figure.${index.kind}`, { product: formatProduct(index.productId) })}
            </span>
            <span className="mkt-index__value">
              {formatPriceIn(index.last, index.currency, currentLanguage())}
            </span>
            <span className={toneClass(index.changePercent)}>
              {formatPercent(index.changePercent, currentLanguage())}
            </span>
            <button type="button" className="trd-link-button" onClick={() => onSelect(index.productId)}>
              {t('market.indices.tracker', { product: formatProduct(index.productId) })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MoversTable({
  title,
  movers,
  onSelect,
}: {
  title: string;
  movers: MarketMover[];
  onSelect: (product: ProductId) => void;
}) {
  const { t } = useTranslation('trading');
  const language: DisplayLanguage = currentLanguage();
  return (
    <section className="trd-panel trd-scroll">
      <table className="trd-table mkt-movers">
        <caption className="mkt-section-title">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('market.table.product')}</th>
            <th scope="col" className="trd-num">
              {t('market.table.last')}
            </th>
            <th scope="col" className="trd-num">
              {t('market.table.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {movers.length === 0 ? (
            <tr>
              <td colSpan={3} className="app-muted">
                {t('market.table.empty')}
              </td>
            </tr>
          ) : null}
          {movers.map((mover) => (
            <tr key={mover.productId}>
              <th scope="row">
                <button type="button" className="trd-link-button" onClick={() => onSelect(mover.productId)}>
                  {mover.symbol}
                </button>
                <span className="app-muted">{` ${formatInstrumentName(mover, mover.productId, language)}`}</span>
              </th>
              <td className="trd-num">{formatPriceIn(mover.last, mover.currency, language)}</td>
              <td className={`trd-num ${toneClass(mover.changePercent)}`}>
                {formatPercent(mover.changePercent, language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function GroupsTable({
  title,
  groups,
  nameOf,
  onSelect,
}: {
  title: string;
  groups: MarketGroup[];
  nameOf: (key: string) => string;
  onSelect: (product: ProductId) => void;
}) {
  const { t } = useTranslation('trading');
  const language: DisplayLanguage = currentLanguage();
  return (
    <section className="trd-panel">
      <TableScroll label={title}>
        {/* On a phone each group is a card of labelled figures (markets.css, .mkt-groups), not a row to scroll. */}
        <table className="trd-table mkt-groups">
          <caption className="mkt-section-title">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('market.table.group')}</th>
              <th scope="col" className="trd-num">
                {t('market.table.average')}
              </th>
              <th scope="col" className="trd-num">
                {t('market.table.breadth')}
              </th>
              <th scope="col">{t('market.table.best')}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.key}>
                <th scope="row">{nameOf(group.key)}</th>
                <td
                  className={`trd-num ${toneClass(group.averageChangePercent)}`}
                  data-label={t('market.table.average')}
                >
                  {formatPercent(group.averageChangePercent, language)}
                </td>
                <td className="trd-num" data-label={t('market.table.breadth')}>
                  {t('market.table.breadthValue', { up: group.advancers, down: group.decliners })}
                </td>
                <td data-label={t('market.table.best')}>
                  {group.best ? (
                    <button
                      type="button"
                      className="trd-link-button"
                      onClick={() => onSelect(group.best as ProductId)}
                    >
                      {formatProduct(group.best)}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
