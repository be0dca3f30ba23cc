import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Banner, Button, Card, EmptyState, PageHeader, Skeleton, WalletIcon } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { summaryQueryOptions, useCashSummary } from '#/shared/cash/api/get-cash-summary.ts';
import { useWallets, walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { useMayOpenWallets } from '#/shared/cash/api/get-cash-limits.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatRateText } from '#/lib/money.ts';
import { MoneyAmount } from '#/components/cash/money-amount.tsx';
import { WalletCards } from '#/components/cash/wallet-cards.tsx';
import { ActivityList, formatDateTime } from '#/components/cash/activity-list.tsx';
import { QueryBoundary } from '#/components/query-boundary.tsx';
import { useTradingStream } from '#/shared/trading/trading-stream.ts';
import { OnboardingPrompt } from '#/shared/onboarding/onboarding-prompt.tsx';
import '#/components/cash/cash.css';
import '#/shared/markets/markets.css';
import './home.css';
import { HomePositions } from './home-positions.tsx';
import { PortfolioChart } from './portfolio-chart.tsx';

/**
 * /dashboard/home/: total balance in the customer's reference currency, quick actions, the portfolio value chart,
 * the wallets, the positions (live from the trading websocket), recent activity and the KYC prompt (the steps to a
 * first wallet for a fresh customer, then the level); `origin=deposit_success` shows a success banner. The route's loader has read the total, the wallets and
 * the limits; each panel shows its own loading and failure.
 */
export function DashboardHomePage({ depositSucceeded }: { depositSucceeded: boolean }) {
  const { t } = useTranslation(['wallets', 'dashboard', 'errors']);
  useTradingStream();
  return (
    <div className="app-page">
      <PageHeader title={t('home.title')} />
      {depositSucceeded ? <Banner tone="success">{t('dashboard:home.depositSuccess')}</Banner> : null}
      <OnboardingPrompt />
      <div className="cash-columns">
        <TotalCard />
        <QuickActions />
      </div>
      <PortfolioChart />
      <HomeWallets />
      <HomePositions />
      <RecentActivity />
    </div>
  );
}

function TotalCard() {
  const { t } = useTranslation(['wallets', 'errors']);
  return (
    <Card as="section" className="cash-total" aria-labelledby="home-total-title">
      <QueryBoundary
        pending={
          <>
            <TotalTitle />
            <Skeleton shape="text" height="48px" />
          </>
        }
        failed={(error) => (
          <>
            <TotalTitle />
            <Banner tone="danger">{errorMessage(t, error)}</Banner>
          </>
        )}
      >
        <TotalFigures />
      </QueryBoundary>
    </Card>
  );
}

/** The total's heading: with its currency once the summary is known. */
function TotalTitle({ currency }: { currency?: string }) {
  const { t } = useTranslation('wallets');
  return (
    <h2 id="home-total-title" className="cash-total__label">
      {currency ? t('home.total', { currency }) : t('home.totalPending')}
    </h2>
  );
}

function TotalFigures() {
  const { t } = useTranslation('errors');
  const { data: summary, error } = useCashSummary();
  return (
    <>
      <TotalTitle currency={summary.referenceCurrency} />
      {error ? <Banner tone="danger">{errorMessage(t, error)}</Banner> : null}
      <MoneyAmount amount={summary.total} asset={summary.referenceCurrency} size="display" />
      <TotalRates rates={summary.rates} reference={summary.referenceCurrency} />
    </>
  );
}

function QuickActions() {
  const { t } = useTranslation('wallets');
  const wallets = useQuery(walletsQueryOptions(useCashCall()));
  const firstWallet = wallets.data?.find((wallet) => wallet.status === 'open');
  const mayOpenWallets = useMayOpenWallets();
  return (
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
        {/* A transfer moves money out of a wallet: offered once there is one. */}
        {firstWallet ? (
          <Button asChild variant="secondary">
            <Link to="/dashboard/wallets/" search={{ action: 'transfer' }}>
              {t('actions.transfer')}
            </Link>
          </Button>
        ) : null}
        {/* Below level 1 the onboarding prompt above shows the way to verification instead. */}
        {mayOpenWallets ? <NewWalletButton variant="secondary" /> : null}
      </div>
    </Card>
  );
}

function NewWalletButton({ variant }: { variant: 'primary' | 'secondary' }) {
  const { t } = useTranslation('wallets');
  return (
    <Button asChild variant={variant}>
      <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
        {t('actions.newWallet')}
      </Link>
    </Button>
  );
}

/** Below level 1: where a wallet starts, the phone check on the identity verification page. */
function VerifyPhoneButton() {
  const { t } = useTranslation('wallets');
  return (
    <Button asChild variant="primary">
      <Link to="/dashboard/KYC/">{t('create.verifyPhone')}</Link>
    </Button>
  );
}

function HomeWallets() {
  const { t } = useTranslation(['wallets', 'errors']);
  return (
    <section className="cash-section" aria-labelledby="home-wallets-title">
      <h2 id="home-wallets-title" className="cash-section__title">
        {t('list.title')}
      </h2>
      <QueryBoundary
        pending={<Skeleton shape="block" height="160px" />}
        failed={(error) => <Banner tone="danger">{errorMessage(t, error)}</Banner>}
      >
        <HomeWalletList />
      </QueryBoundary>
    </section>
  );
}

function HomeWalletList() {
  const { t } = useTranslation(['wallets', 'errors']);
  const { data: wallets, error } = useWallets();
  const mayOpenWallets = useMayOpenWallets();
  // A failed refresh keeps the last list and says so above it.
  const failure = error ? <Banner tone="danger">{errorMessage(t, error)}</Banner> : null;
  if (wallets.length > 0) {
    return (
      <>
        {failure}
        <WalletCards wallets={wallets} />
      </>
    );
  }
  return (
    <>
      {failure}
      <EmptyState
        icon={<WalletIcon />}
        title={t('list.emptyTitle')}
        description={mayOpenWallets ? t('list.emptyText') : t('create.levelRequired')}
        action={mayOpenWallets ? <NewWalletButton variant="primary" /> : <VerifyPhoneButton />}
      />
    </>
  );
}

function RecentActivity() {
  const { t } = useTranslation('wallets');
  const summary = useQuery(summaryQueryOptions(useCashCall())).data;
  return (
    <section className="cash-section" aria-labelledby="home-activity-title">
      <h2 id="home-activity-title" className="cash-section__title">
        {t('home.recentActivity')}
      </h2>
      {summary && summary.recentActivity.length === 0 ? (
        <p className="app-muted">{t('home.noActivity')}</p>
      ) : null}
      {summary && summary.recentActivity.length > 0 ? (
        <ActivityList
          items={summary.recentActivity}
          label={t('home.recentActivity')}
          walletNames={new Map(summary.wallets.map((wallet) => [wallet.walletId, wallet.name]))}
        />
      ) : null}
    </section>
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
