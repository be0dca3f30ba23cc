import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Wallet } from '@tessera/contracts';
import { Badge, Banner, Button, Card, PageHeader, Skeleton, Tabs } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { WALLET_TABS, type WalletTab } from '../lib/wallet-tabs.ts';
import { useWallets } from '#/shared/cash/api/get-wallets.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { MoneyAmount } from '#/components/cash/money-amount.tsx';
import { ActivityTab } from './activity-tab.tsx';
import { DetailsTab } from './details-tab.tsx';
import { StatementsTab } from './statements-tab.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import '#/components/cash/cash.css';

/** /dashboard/wallets/{id}/: the wallet view; `to` selects the tab (0 activity, 1 details, 2 statements). */
export function WalletPage({ walletId, tabIndex }: { walletId: string; tabIndex: number }) {
  const { data: wallets } = useWallets();
  // Another customer's wallet and an unknown id look the same: not in the caller's list.
  const wallet = wallets.find((candidate) => candidate.id === walletId);
  if (!wallet) {
    return <WalletNotFound />;
  }
  return <WalletView wallet={wallet} tabIndex={tabIndex} />;
}

/** What the wallet page shows while its loader reads the wallets. */
export function WalletPending() {
  return (
    <div className="app-page">
      <Skeleton shape="block" height="240px" />
    </div>
  );
}

/** The wallets could not be read (the route's error component). */
export function WalletUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation(['wallets', 'errors']);
  usePageTitle(t('wallet.unavailable'));
  return (
    <div className="app-page">
      <PageHeader title={t('wallet.unavailable')} />
      <Banner tone="danger">{errorMessage(t, error)}</Banner>
    </div>
  );
}

function WalletNotFound() {
  const { t } = useTranslation('wallets');
  usePageTitle(t('wallet.notFoundTitle'));
  return (
    <div className="app-page">
      <PageHeader title={t('wallet.notFoundTitle')} description={t('wallet.notFoundText')} />
      <div>
        <Button asChild variant="secondary">
          <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
            {t('wallet.backToWallets')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

function WalletView({ wallet, tabIndex }: { wallet: Wallet; tabIndex: number }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const [transferOpen, setTransferOpen] = useState(false);
  usePageTitle(t('wallet.documentTitle', { name: wallet.name }));
  const selectTab = (value: string) =>
    void navigate({
      to: '/dashboard/wallets/$id/',
      params: { id: wallet.id },
      search: { to: Math.max(0, WALLET_TABS.indexOf(value as WalletTab)) },
      replace: true,
    });
  return (
    <div className="app-page">
      <WalletHeader wallet={wallet} onTransfer={() => setTransferOpen(true)} />
      <WalletBalances wallet={wallet} />
      <Tabs
        label={t('wallet.tabs.label')}
        value={WALLET_TABS[tabIndex] ?? 'activity'}
        onValueChange={selectTab}
        items={WALLET_TABS.map((tab) => ({
          value: tab,
          label: t(`wallet.tabs.${tab}`),
          content: <TabContent tab={tab} wallet={wallet} />,
        }))}
      />
      <TransferDialog
        open={transferOpen}
        onClose={() => setTransferOpen(false)}
        initialFromWalletId={wallet.id}
      />
    </div>
  );
}

function WalletHeader({ wallet, onTransfer }: { wallet: Wallet; onTransfer: () => void }) {
  const { t } = useTranslation('wallets');
  return (
    <PageHeader
      eyebrow={t('wallet.eyebrow', { asset: wallet.asset })}
      title={wallet.name}
      back={
        <Link className="app-link" to="/dashboard/wallets/" search={{ action: 'new' }}>
          {t('wallet.backToWallets')}
        </Link>
      }
      actions={
        <>
          <Button asChild variant="primary">
            <Link to="/dashboard/wallets/$id/fund/" params={{ id: wallet.id }}>
              {t('actions.addMoney')}
            </Link>
          </Button>
          <Button variant="secondary" onClick={onTransfer}>
            {t('actions.transfer')}
          </Button>
        </>
      }
    />
  );
}

function WalletBalances({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallets');
  return (
    <Card>
      <dl className="cash-balance">
        <div>
          <dt>{t('balance.available')}</dt>
          <dd>
            <MoneyAmount amount={wallet.balance.available} asset={wallet.asset} size="xl" />
          </dd>
        </div>
        <div>
          <dt>{t('balance.posted')}</dt>
          <dd>
            <MoneyAmount amount={wallet.balance.posted} asset={wallet.asset} size="lg" />
          </dd>
        </div>
        <div>
          <dt>{t('balance.pendingIncoming')}</dt>
          <dd>
            <MoneyAmount amount={wallet.balance.pendingIncoming} asset={wallet.asset} size="lg" />
          </dd>
        </div>
        <div>
          <dt>{t('balance.pendingOutgoing')}</dt>
          <dd>
            <MoneyAmount amount={wallet.balance.pendingOutgoing} asset={wallet.asset} size="lg" />
          </dd>
        </div>
      </dl>
      {wallet.status === 'open' ? null : (
        <p>
          <Badge tone="danger">{t(`walletStatus.${wallet.status}`)}</Badge>
        </p>
      )}
    </Card>
  );
}

function TabContent({ tab, wallet }: { tab: WalletTab; wallet: Wallet }) {
  switch (tab) {
    case 'activity':
      return <ActivityTab wallet={wallet} />;
    case 'details':
      return <DetailsTab wallet={wallet} />;
    case 'statements':
      return <StatementsTab wallet={wallet} />;
  }
}
