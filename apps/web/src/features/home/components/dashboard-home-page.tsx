import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Banner, Button, Card, EmptyState, PageHeader, Skeleton, WalletIcon } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { limitsQueryOptions } from '#/shared/cash/api/get-cash-limits.ts';
import { summaryQueryOptions } from '#/shared/cash/api/get-cash-summary.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatRateText } from '#/lib/money.ts';
import { MoneyAmount } from '#/components/cash/money-amount.tsx';
import { WalletCards } from '#/components/cash/wallet-cards.tsx';
import { ActivityList, formatDateTime } from '#/components/cash/activity-list.tsx';
import { useTradingStream } from '#/shared/trading/trading-stream.ts';
import '#/components/cash/cash.css';
import '#/shared/markets/markets.css';
import './home.css';
import { HomePositions } from './home-positions.tsx';
import { PortfolioChart } from './portfolio-chart.tsx';

/** The KYC level from which withdrawals and transfers to other customers are allowed (PRODUCT.md, KYC). */
const KYC_VERIFIED_LEVEL = 2;

/**
 * /dashboard/home/: total balance in the customer's reference currency, quick actions, the portfolio value chart,
 * the wallets, the positions (live from the trading websocket), recent activity and a KYC prompt while the level
 * is low; `origin=deposit_success` shows a success banner.
 */
export function DashboardHomePage({ depositSucceeded }: { depositSucceeded: boolean }) {
  const { t } = useTranslation(['wallets', 'dashboard', 'errors']);
  const call = useCashCall();
  const summary = useQuery(summaryQueryOptions(call));
  const wallets = useQuery(walletsQueryOptions(call));
  const limits = useQuery(limitsQueryOptions(call));
  const firstWallet = wallets.data?.find((wallet) => wallet.status === 'open');
  useTradingStream();
  return (
    <div className="app-page">
      <PageHeader title={t('home.title')} />
      {depositSucceeded ? <Banner tone="success">{t('dashboard:home.depositSuccess')}</Banner> : null}
      {limits.data && limits.data.kycLevel < KYC_VERIFIED_LEVEL ? (
        <Banner
          tone="info"
          title={t('home.kycTitle')}
          action={
            <Button asChild variant="secondary" size="sm">
              <Link to="/dashboard/KYC/">{t('home.kycAction')}</Link>
            </Button>
          }
        >
          {t('home.kycText', { level: limits.data.kycLevel })}
        </Banner>
      ) : null}
      <div className="cash-columns">
        <Card as="section" className="cash-total" aria-labelledby="home-total-title">
          <h2 id="home-total-title" className="cash-total__label">
            {summary.data
              ? t('home.total', { currency: summary.data.referenceCurrency })
              : t('home.totalPending')}
          </h2>
          {summary.isPending ? <Skeleton shape="text" height="48px" /> : null}
          {summary.isError ? <Banner tone="danger">{errorMessage(t, summary.error)}</Banner> : null}
          {summary.data ? (
            <>
              <MoneyAmount
                amount={summary.data.total}
                asset={summary.data.referenceCurrency}
                size="display"
              />
              <TotalRates rates={summary.data.rates} reference={summary.data.referenceCurrency} />
            </>
          ) : null}
        </Card>
        <Card as="section" className="cash-section" aria-labelledby="home-actions-title">
          <h2 id="home-actions-title" className="cash-section__title">
            {t('home.quickActions')}
          </h2>
          <div className="app-cluster">
            {firstWallet ? (
              <Button asChild variant="primary">
                <Link to="/dashboard/wallets/$id/fund/" params={{ id: firstWallet.id }}>
                  {t('actions.addMoney')}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="secondary">
              <Link to="/dashboard/wallets/" search={{ action: 'transfer' }}>
                {t('actions.transfer')}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
                {t('actions.newWallet')}
              </Link>
            </Button>
          </div>
        </Card>
      </div>
      <PortfolioChart />
      <section className="cash-section" aria-labelledby="home-wallets-title">
        <h2 id="home-wallets-title" className="cash-section__title">
          {t('list.title')}
        </h2>
        {wallets.isPending ? <Skeleton shape="block" height="160px" /> : null}
        {wallets.isError ? <Banner tone="danger">{errorMessage(t, wallets.error)}</Banner> : null}
        {wallets.data && wallets.data.length === 0 ? (
          <EmptyState
            icon={<WalletIcon />}
            title={t('list.emptyTitle')}
            description={t('list.emptyText')}
            action={
              <Button asChild variant="primary">
                <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
                  {t('actions.newWallet')}
                </Link>
              </Button>
            }
          />
        ) : null}
        {wallets.data && wallets.data.length > 0 ? <WalletCards wallets={wallets.data} /> : null}
      </section>
      <HomePositions />
      <section className="cash-section" aria-labelledby="home-activity-title">
        <h2 id="home-activity-title" className="cash-section__title">
          {t('home.recentActivity')}
        </h2>
        {summary.data && summary.data.recentActivity.length === 0 ? (
          <p className="app-muted">{t('home.noActivity')}</p>
        ) : null}
        {summary.data && summary.data.recentActivity.length > 0 ? (
          <ActivityList
            items={summary.data.recentActivity}
            label={t('home.recentActivity')}
            walletNames={new Map(summary.data.wallets.map((wallet) => [wallet.walletId, wallet.name]))}
          />
        ) : null}
      </section>
    </div>
  );
}

function TotalRates({
  rates,
  reference,
}: {
  rates: readonly { asset: string; rate: string; asOf: string }[];
  reference: string;
}) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  if (rates.length === 0) {
    return null;
  }
  return (
    <p className="app-muted">
      {t('home.ratesUsed', {
        rates: rates
          .map((rate) => `1 ${rate.asset} = ${formatRateText(rate.rate, language)} ${reference}`)
          .join(' · '),
        date: formatDateTime(rates[0]?.asOf ?? '', language),
      })}
    </p>
  );
}
