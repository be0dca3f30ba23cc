import { Link, useNavigate } from '@tanstack/react-router';
import { Banner, Button, Card, EmptyState, PageHeader, Skeleton, WalletIcon } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useWallets } from '#/shared/cash/api/get-wallets.ts';
import { useMayOpenWallets } from '#/shared/cash/api/get-cash-limits.ts';
import { QueryBoundary } from '#/components/query-boundary.tsx';
import { errorMessage } from '#/lib/error-message.ts';
import { WalletCards } from '#/components/cash/wallet-cards.tsx';
import { LimitsPanel } from '#/components/cash/limits-panel.tsx';
import { CreateWalletForm } from './create-wallet-form.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import '#/components/cash/cash.css';

/**
 * /dashboard/wallets/: the customer's wallets with available and pending balances. `action` (spec: new or
 * transfer, default new) picks what the page offers: `new` shows wallet creation beside the list (it is the
 * default, so it is part of the page rather than a dialog that would open on every visit); `transfer` opens the
 * cash transfer modal over it, and closing the modal returns to the default.
 */
export function WalletsPage({ action }: { action: 'new' | 'transfer' }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const navigate = useNavigate();
  return (
    <div className="app-page">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <Button asChild variant="primary">
            <Link to="/dashboard/wallets/" search={{ action: 'transfer' }}>
              {t('actions.transfer')}
            </Link>
          </Button>
        }
      />
      <div className="cash-columns">
        <section className="cash-section" aria-labelledby="wallets-list-title">
          <h2 id="wallets-list-title" className="cash-section__title">
            {t('list.title')}
          </h2>
          <QueryBoundary
            pending={<Skeleton shape="block" height="160px" />}
            failed={(error) => <Banner tone="danger">{errorMessage(t, error)}</Banner>}
          >
            <WalletList />
          </QueryBoundary>
        </section>
        <div className="cash-section">
          <Card as="section" title={t('create.title')} headingLevel={2}>
            <CreateWallet />
          </Card>
          <LimitsPanel />
        </div>
      </div>
      <TransferDialog
        open={action === 'transfer'}
        onClose={() => void navigate({ to: '/dashboard/wallets/', search: { action: 'new' } })}
      />
    </div>
  );
}

/** The creation form, or below level 1 (where the service refuses it) the way to verification. */
function CreateWallet() {
  const { t } = useTranslation('wallets');
  if (useMayOpenWallets()) {
    return <CreateWalletForm />;
  }
  return (
    <div className="app-stack">
      <p>{t('create.levelRequired')}</p>
      <div className="app-cluster">
        <Button asChild variant="primary">
          <Link to="/dashboard/KYC/">{t('create.verifyPhone')}</Link>
        </Button>
      </div>
    </div>
  );
}

function WalletList() {
  const { t } = useTranslation('wallets');
  const { data: wallets } = useWallets();
  if (wallets.length === 0) {
    return (
      <EmptyState icon={<WalletIcon />} title={t('list.emptyTitle')} description={t('list.emptyText')} />
    );
  }
  return <WalletCards wallets={wallets} />;
}
