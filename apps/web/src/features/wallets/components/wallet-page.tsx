import { useNavigate } from '@tanstack/react-router';
import { Badge, Card, PageHeader, Tabs } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { WALLET_TABS, type WalletTab } from '#/lib/wallet-tabs.ts';

/** /dashboard/wallets/{id}/: the wallet view; `to` selects the tab (0 activity, 1 details, 2 statements). */
export function WalletPage({ walletId, tabIndex }: { walletId: string; tabIndex: number }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const navigate = useNavigate();
  const selectTab = (value: string) =>
    void navigate({
      to: '/dashboard/wallets/$id/',
      params: { id: walletId },
      search: { to: Math.max(0, WALLET_TABS.indexOf(value as WalletTab)) },
    });
  return (
    <div className="app-page">
      <PageHeader title={t('dashboard:areas.wallet.title', { id: walletId })} />
      <Tabs
        label={t('dashboard:wallet.tabs.label')}
        value={WALLET_TABS[tabIndex] ?? 'activity'}
        onValueChange={selectTab}
        items={WALLET_TABS.map((tab) => ({
          value: tab,
          label: t(`dashboard:wallet.tabs.${tab}`),
          content: (
            <Card className="app-coming">
              <Badge tone="info">{t('common:comingSoon.badge')}</Badge>
              <p>{t('dashboard:areas.wallet.text')}</p>
            </Card>
          ),
        }))}
      />
    </div>
  );
}
