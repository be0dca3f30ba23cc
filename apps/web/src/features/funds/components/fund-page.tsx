import { Link } from '@tanstack/react-router';
import { FUND_PERFORMANCE_PERIODS, type FundComponent, type FundDetail } from '@tessera/contracts';
import { Badge, Banner, Button, Card, PageHeader, Table } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatDateTime, formatProduct, toneClass } from '#/shared/markets/market-format.ts';
import { useFund } from '../api/funds-api.ts';
import { useFundFormat } from './format.ts';
import { FundReadState } from './fund-read-state.tsx';
import { NavChart } from './nav-chart.tsx';
import { TokensIssuerSection } from './tokens-issuer.tsx';
import { TokensHolderPanel } from './tokens-transfer.tsx';
import '#/shared/markets/markets.css';
import './funds.css';

/** /dashboard/funds/{id}/find/: a fund's NAV and chart, composition, performance, holders, factsheet, invest. */
export function FundPage({ id }: { id: string }) {
  const { t } = useTranslation(['funds', 'errors']);
  const fund = useFund(id);
  if (fund.isPending || fund.isError) {
    return <FundReadState fund={fund} title={t('fund.title')} />;
  }
  return <FundView fund={fund.data} />;
}

function FundView({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  // Tessera's own text of a curated fund in the page's language; a manager's words as written.
  const description = fund.descriptions?.[currentLanguage()] ?? fund.description;
  return (
    <div className="app-page">
      <PageHeader
        title={fund.name}
        description={t(
          fund.token ? 'tokens.issuedBy' : fund.kind === 'curated' ? 'fund.curatedBy' : 'list.managedBy',
          { name: fund.managerName },
        )}
        actions={
          // An issuer token has no invest page and no composition to edit: its issuer mints and burns below.
          fund.token ? (
            <Badge tone="info">{t('tokens.badge', { symbol: fund.token.symbol })}</Badge>
          ) : (
            <div className="funds-actions">
              <Button asChild variant="primary">
                <Link to="/dashboard/invest/$id/" params={{ id: fund.id }}>
                  {t('fund.invest')}
                </Link>
              </Button>
              {fund.managedByMe ? (
                <Button asChild variant="secondary">
                  <Link to="/dashboard/funds/$id/update/" params={{ id: fund.id }}>
                    {t('fund.edit')}
                  </Link>
                </Button>
              ) : null}
            </div>
          )
        }
      />
      {description ? <p className="funds-description">{description}</p> : null}
      <div className="funds-columns">
        <Card as="section" title={t(fund.token ? 'tokens.parValue' : 'fund.navTitle')} headingLevel={2}>
          <p className="funds-nav" data-testid="fund-nav">
            {format.nav(fund.nav, fund.currency)}
          </p>
          {fund.valuation.unpriced.length > 0 ? (
            <Banner tone="warning">
              {t('fund.unpriced', { instruments: fund.valuation.unpriced.map(formatProduct).join(', ') })}
            </Banner>
          ) : null}
          {fund.token ? (
            <p className="funds-muted">{t('tokens.parValueNote')}</p>
          ) : (
            <NavChart points={fund.navHistory} currency={fund.currency} />
          )}
          {fund.token ? null : (
            <dl className="funds-facts">
              {FUND_PERFORMANCE_PERIODS.map((period) => (
                <div key={period}>
                  <dt>{t(`fund.period.${period}`)}</dt>
                  <dd className={toneClass(fund.performance[period])}>
                    {fund.performance[period] === null
                      ? t('fund.tooYoung')
                      : format.change(fund.performance[period])}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
        <Card as="section" title={t('fund.factsheet')} headingLevel={2}>
          <dl className="funds-facts funds-facts--list">
            <div>
              <dt>{t('fund.holders')}</dt>
              <dd>{fund.holdersCount}</dd>
            </div>
            {fund.token ? (
              <div>
                <dt>{t('tokens.symbol')}</dt>
                <dd>{fund.token.symbol}</dd>
              </div>
            ) : (
              <div>
                <dt>{t('fund.netAssets')}</dt>
                <dd>{format.money(fund.valuation.netAssets, fund.currency)}</dd>
              </div>
            )}
            <div>
              <dt>{t('fund.unitsOutstanding')}</dt>
              <dd>{format.units(fund.unitsOutstanding)}</dd>
            </div>
            <div>
              <dt>{t('fund.inception')}</dt>
              <dd>{formatDateTime(fund.factsheet.inceptionDate, format.language)}</dd>
            </div>
            <div>
              <dt>{t('fund.currency')}</dt>
              <dd>{fund.factsheet.currency}</dd>
            </div>
            {fund.token ? null : (
              <>
                <div>
                  <dt>{t('fund.fee')}</dt>
                  <dd>{format.percent(fund.factsheet.managementFeePercent)}</dd>
                </div>
                <div>
                  <dt>{t('fund.components')}</dt>
                  <dd>{fund.factsheet.componentsCount}</dd>
                </div>
                <div>
                  <dt>{t('fund.minimum')}</dt>
                  <dd>{format.money(fund.factsheet.minimumInvestment, fund.currency)}</dd>
                </div>
              </>
            )}
          </dl>
        </Card>
      </div>
      {fund.token ? null : (
        <Card as="section" title={t('fund.composition')} headingLevel={2}>
          <Table<FundComponent>
            caption={t('fund.composition')}
            hideCaption
            rows={fund.components}
            getRowKey={(row) => row.productId}
            columns={[
              {
                key: 'instrument',
                header: t('fund.instrument'),
                rowHeader: true,
                cell: (row) => formatProduct(row.productId),
              },
              {
                key: 'target',
                header: t('fund.target'),
                numeric: true,
                cell: (row) => format.percent(row.targetWeight),
              },
              {
                key: 'actual',
                header: t('fund.actual'),
                numeric: true,
                cell: (row) => format.percent(row.actualWeight),
              },
              {
                key: 'value',
                header: t('fund.value'),
                numeric: true,
                cell: (row) => format.money(row.value, fund.currency),
              },
            ]}
          />
        </Card>
      )}
      <TokensHolderPanel fund={fund} />
      <TokensIssuerSection fund={fund} />
    </div>
  );
}
