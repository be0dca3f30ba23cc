import { useQuery } from '@tanstack/react-query';
import { Banner, EmptyState, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { SepaDepositDetails } from '#/components/cash/sepa-deposit-details.tsx';
import '#/components/cash/cash.css';

/** Settings → SEPA deposits: the IBAN, BIC and reference of every euro current wallet. */
export function DepositSepaSection() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const wallets = useQuery(walletsQueryOptions(call));
  if (wallets.isPending) {
    return <Skeleton shape="block" height="120px" />;
  }
  if (wallets.isError) {
    return <Banner tone="danger">{errorMessage(t, wallets.error)}</Banner>;
  }
  const withIban = wallets.data.filter((wallet) => wallet.iban !== null);
  return (
    <div className="cash-section">
      <p className="app-muted">{t('settings.sepa.lead')}</p>
      {withIban.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('settings.sepa.emptyTitle')}
          description={t('settings.sepa.emptyText')}
        />
      ) : (
        withIban.map((wallet) => <SepaDepositDetails key={wallet.id} wallet={wallet} />)
      )}
    </div>
  );
}
