import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Wallet } from '@tessera/contracts';
import { Banner, Card, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { newIdempotencyKey, useCashCall } from '#/shared/cash/api/cash-request.ts';
import { sepaDetailsQueryOptions } from '#/shared/cash/api/get-sepa-details.ts';
import { simulateSepaCredit } from '#/shared/cash/api/simulate-sepa-credit.ts';
import { useSimulatorsEnabled } from '#/shared/cash/api/rails-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { normalizeAmountInput } from '#/lib/money.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '../confirm-button.tsx';
import { amountSchema } from './amount-schema.ts';
import { CopyField } from './copy-button.tsx';
import { groupIban } from './wallet-cards.tsx';
import './cash.css';

/**
 * What a payer needs to send euros to this wallet by SEPA transfer (IBAN, BIC, account holder, reference), each
 * with a copy button; outside production, a form that makes the SEPA simulator deliver a credit now.
 */
export function SepaDepositDetails({ wallet, headingLevel = 3 }: { wallet: Wallet; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const details = useQuery(sepaDetailsQueryOptions(call, wallet.id));
  const simulators = useSimulatorsEnabled();
  const iban = details.data?.iban ?? wallet.iban;
  const bic = details.data?.bic ?? wallet.bic;
  return (
    <Card variant="outline" title={wallet.name} headingLevel={headingLevel} className="cash-section">
      <p className="app-muted">{t('fund.sepa.lead')}</p>
      {details.isError ? <Banner tone="warning">{errorMessage(t, details.error)}</Banner> : null}
      <dl className="cash-fields">
        {iban ? <CopyField label={t('details.iban')} value={groupIban(iban)} /> : null}
        {bic ? <CopyField label={t('details.bic')} value={bic} /> : null}
        {details.data ? (
          <>
            <CopyField label={t('fund.sepa.holder')} value={details.data.accountHolder} mono={false} />
            <CopyField label={t('fund.sepa.reference')} value={details.data.reference} />
          </>
        ) : null}
      </dl>
      <p className="app-muted">{t('fund.sepa.timing')}</p>
      {simulators && iban ? <SimulateSepaCredit iban={iban} /> : null}
    </Card>
  );
}

function simulateSchema(t: Translate) {
  return z.object({ amount: amountSchema(t, 'EUR') });
}

type SimulateValues = z.infer<ReturnType<typeof simulateSchema>>;

function SimulateSepaCredit({ iban }: { iban: string }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useForm<SimulateValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(simulateSchema(t)),
    defaultValues: { amount: '' },
  });
  const crediting = useMutation({
    mutationFn: ({ amount }: SimulateValues) =>
      simulateSepaCredit(
        call,
        {
          iban: iban.replace(/\s+/g, ''),
          amount: normalizeAmountInput(amount, 'EUR') ?? amount,
          currency: 'EUR',
          debtorName: t('fund.simulator.payerName'),
        },
        newIdempotencyKey(),
      ),
  });
  const simulate = async (values: SimulateValues) => {
    setMessage(null);
    try {
      await crediting.mutateAsync(values);
      setMessage({ tone: 'success', text: t('fund.sepa.simulated') });
      form.setValue('amount', '');
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    }
  };
  return (
    <form
      className="app-form"
      onSubmit={form.handleSubmit(simulate)}
      noValidate
      aria-label={t('fund.simulator.title')}
    >
      <p className="app-muted">{t('fund.simulator.lead')}</p>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <TextField
        label={t('fund.sepa.simulateAmount')}
        {...form.register('amount')}
        error={form.formState.errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
      />
      <ConfirmButton
        type="submit"
        variant="secondary"
        loading={crediting.isPending}
        loadingLabel={t('fund.simulator.working')}
      >
        {t('fund.sepa.simulate')}
      </ConfirmButton>
    </form>
  );
}
