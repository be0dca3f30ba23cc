import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { FundSummary } from '@tessera/contracts';
import { Badge, Banner, Button, Card, EmptyState, PageHeader, Skeleton, Table } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { toneClass } from '#/shared/markets/market-format.ts';
import {
  fundListQueryOptions,
  holdingsQueryOptions,
  useFundsCall,
  type FundScope,
} from '../api/funds-api.ts';
import { useFundFormat } from './format.ts';
import { PlansSection } from './plans-section.tsx';
import '#/shared/markets/markets.css';
import './funds.css';

/** /dashboard/funds/: my holdings, then curated funds, community funds and the funds I manage. */
export function FundsPage() {
  const { t } = useTranslation(['funds', 'errors']);
  return (
    <div className="app-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Button asChild variant="primary">
            <Link to="/dashboard/funds/add/">{t('list.create')}</Link>
          </Button>
        }
      />
      <Holdings />
      <PlansSection />
      <FundList scope="curated" />
      <FundList scope="community" />
      <FundList scope="mine" />
    </div>
  );
}

function Holdings() {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const holdings = useQuery(holdingsQueryOptions(useFundsCall()));
  return (
    <Card as="section" title={t('holdings.title')} headingLevel={2}>
      {holdings.isPending ? (
        <Skeleton shape="block" height="80px" />
      ) : holdings.isError ? (
        <Banner tone="danger">{errorMessage(t, holdings.error)}</Banner>
      ) : holdings.data.length === 0 ? (
        <p className="funds-muted">{t('holdings.empty')}</p>
      ) : (
        <Table
          caption={t('holdings.title')}
          rows={holdings.data}
          getRowKey={(row) => row.fundId}
          hideCaption
          columns={[
            {
              key: 'fund',
              header: t('holdings.fund'),
              rowHeader: true,
              cell: (row) => (
                <Link to="/dashboard/funds/$id/find/" params={{ id: row.fundId }}>
                  {row.fundName}
                </Link>
              ),
            },
            {
              key: 'value',
              header: t('holdings.value'),
              numeric: true,
              cell: (row) => format.money(row.value, row.currency),
            },
            {
              key: 'units',
              header: t('holdings.units'),
              numeric: true,
              cell: (row) => format.units(row.units),
            },
            {
              key: 'nav',
              header: t('holdings.nav'),
              numeric: true,
              cell: (row) => format.nav(row.nav, row.currency),
            },
            {
              key: 'gain',
              header: t('holdings.gain'),
              numeric: true,
              cell: (row) => (
                <span className={toneClass(row.gain)}>{format.signedMoney(row.gain, row.currency)}</span>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

function FundList({ scope }: { scope: FundScope }) {
  const { t } = useTranslation(['funds', 'errors']);
  const funds = useQuery(fundListQueryOptions(useFundsCall(), scope));
  return (
    <Card as="section" title={t(`list.${scope}`)} headingLevel={2}>
      {funds.isPending ? (
        <Skeleton shape="block" height="80px" />
      ) : funds.isError ? (
        <Banner tone="danger">{errorMessage(t, funds.error)}</Banner>
      ) : funds.data.length === 0 ? (
        <EmptyState title={t(`list.${scope}Empty`)} headingLevel={3} />
      ) : (
        <ul className="funds-cards">
          {funds.data.map((fund) => (
            <FundCard key={fund.id} fund={fund} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function FundCard({ fund }: { fund: FundSummary }) {
  const { t } = useTranslation('funds');
  const format = useFundFormat();
  return (
    <li className="funds-card">
      <h3 className="funds-card__title">
        <Link to="/dashboard/funds/$id/find/" params={{ id: fund.id }}>
          {fund.name}
        </Link>
      </h3>
      {fund.token ? (
        <p>
          <Badge tone="info">{t('tokens.badge', { symbol: fund.token.symbol })}</Badge>
        </p>
      ) : null}
      <p className="funds-muted">
        {t(fund.token ? 'tokens.issuedBy' : 'list.managedBy', { name: fund.managerName })}
      </p>
      {fund.token ? (
        <dl className="funds-facts">
          <div>
            <dt>{t('tokens.parValue')}</dt>
            <dd>{format.nav(fund.token.parValue, fund.currency)}</dd>
          </div>
        </dl>
      ) : (
        <dl className="funds-facts">
          <div>
            <dt>{t('fund.nav')}</dt>
            <dd>{format.nav(fund.nav, fund.currency)}</dd>
          </div>
          <div>
            <dt>{t('fund.fee')}</dt>
            <dd>{format.percent(fund.managementFeePercent)}</dd>
          </div>
        </dl>
      )}
      {fund.token ? null : (
        <div className="funds-actions">
          <Button asChild variant="secondary" size="sm">
            <Link
              to="/dashboard/invest/$id/"
              params={{ id: fund.id }}
              aria-label={t('fund.investIn', { name: fund.name })}
            >
              {t('fund.invest')}
            </Link>
          </Button>
          {fund.managedByMe ? (
            <Button asChild variant="ghost" size="sm">
              <Link
                to="/dashboard/funds/$id/update/"
                params={{ id: fund.id }}
                aria-label={t('fund.editName', { name: fund.name })}
              >
                {t('fund.edit')}
              </Link>
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}
