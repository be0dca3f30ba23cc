import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatIban, type Beneficiary } from '@tessera/contracts';
import { Banner, Button, EmptyState, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { beneficiariesQueryOptions } from '#/shared/cash/api/get-beneficiaries.ts';
import { deleteBeneficiary } from '#/shared/cash/api/delete-beneficiary.ts';
import { railsKeys } from '#/shared/cash/api/rails-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { AddBeneficiaryForm } from './add-beneficiary-form.tsx';
import { PastWithdrawals } from './past-withdrawals.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import '#/components/cash/cash.css';

/** Settings → Withdrawals: saved beneficiaries (IBAN and name, or a crypto address) and sending money to one. */
export function WithdrawalSection() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const beneficiaries = useQuery(beneficiariesQueryOptions(call));
  const wallets = useQuery(walletsQueryOptions(call));
  if (beneficiaries.isPending || wallets.isPending) {
    return <Skeleton shape="block" height="160px" />;
  }
  if (beneficiaries.isError || wallets.isError) {
    return <Banner tone="danger">{errorMessage(t, beneficiaries.error ?? wallets.error)}</Banner>;
  }
  return (
    <div className="cash-section">
      <p className="app-muted">{t('settings.withdrawal.lead')}</p>
      <WithdrawForm beneficiaries={beneficiaries.data} wallets={wallets.data} />
      <BeneficiaryList beneficiaries={beneficiaries.data} />
      <AddBeneficiaryForm />
      <PastWithdrawals />
    </div>
  );
}

function describe(beneficiary: Beneficiary): string {
  return beneficiary.kind === 'iban'
    ? formatIban(beneficiary.iban ?? '')
    : `${beneficiary.asset} · ${beneficiary.address}`;
}

function BeneficiaryList({ beneficiaries }: { beneficiaries: readonly Beneficiary[] }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const queryClient = useQueryClient();
  const removing = useMutation({
    mutationFn: async (beneficiary: Beneficiary) => {
      await deleteBeneficiary(call, beneficiary.id);
      await queryClient.invalidateQueries({ queryKey: railsKeys.beneficiaries() });
    },
  });
  const error = removing.isError ? errorMessage(t, removing.error) : null;
  return (
    <section className="cash-section" aria-labelledby="beneficiaries-title">
      <h3 id="beneficiaries-title" className="app-settings__subtitle">
        {t('settings.withdrawal.beneficiaries')}
      </h3>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      {beneficiaries.length === 0 ? (
        <EmptyState
          headingLevel={4}
          title={t('settings.withdrawal.emptyTitle')}
          description={t('settings.withdrawal.emptyText')}
        />
      ) : (
        <ul className="app-list" aria-label={t('settings.withdrawal.beneficiaries')}>
          {beneficiaries.map((beneficiary) => (
            <li key={beneficiary.id} className="app-list__row">
              <span data-tracker-mask="">
                <strong>{beneficiary.name}</strong>{' '}
                <span className="app-muted cash-mono">{describe(beneficiary)}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={removing.isPending}
                aria-label={t('settings.withdrawal.removeLabel', { name: beneficiary.name })}
                onClick={() => removing.mutate(beneficiary)}
              >
                {t('settings.withdrawal.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
