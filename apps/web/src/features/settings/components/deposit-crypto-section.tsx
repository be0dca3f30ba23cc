import { useQuery } from '@tanstack/react-query';
import { Banner, EmptyState, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { CryptoDepositDetails } from '#/components/cash/crypto-deposit-details.tsx';
import '#/components/cash/cash.css';

/** Settings → Crypto deposits: the deposit address, network and confirmations of every crypto wallet. */
export function DepositCryptoSection() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const wallets = useQuery(walletsQueryOptions(call));
  if (wallets.isPending) {
    return <Skeleton shape="block" height="120px" />;
  }
  if (wallets.isError) {
    return <Banner tone="danger">{errorMessage(t, wallets.error)}</Banner>;
  }
  const withAddress = wallets.data.filter((wallet) => wallet.depositAddress !== null);
  return (
    <div className="cash-section">
      <p className="app-muted">{t('settings.crypto.lead')}</p>
      {withAddress.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('settings.crypto.emptyTitle')}
          description={t('settings.crypto.emptyText')}
        />
      ) : (
        withAddress.map((wallet) => <CryptoDepositDetails key={wallet.id} wallet={wallet} />)
      )}
    </div>
  );
}
