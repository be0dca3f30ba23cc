import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { Beneficiary, Wallet, Withdrawal } from '@tessera/contracts';
import { Banner, Card, Select, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { newIdempotencyKey, useCashCall, useInvalidateCash } from '#/shared/cash/api/cash-request.ts';
import { createWithdrawal } from '#/shared/cash/api/create-withdrawal.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatAmountText, normalizeAmountInput } from '#/lib/money.ts';
import { amountSchema } from '#/components/cash/amount-schema.ts';
import { RemainingLimitHint } from '#/components/cash/limits-panel.tsx';
import { useStepUpRetry } from '#/components/cash/use-step-up-retry.tsx';
import { resolverFor, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { walletsFor, withdrawalFee } from './withdrawal-rules.ts';

/** `beneficiaryId` and `walletId` stay empty until the customer picks one: the first one is meant. */
interface WithdrawValues {
  beneficiaryId: string;
  walletId: string;
  amount: string;
  reference: string;
}

function withdrawSchema(t: Translate, asset: string | undefined) {
  return z.object({
    beneficiaryId: z.string(),
    walletId: z.string(),
    amount: amountSchema(t, asset),
    reference: z.string(),
  });
}

/** The beneficiary and the wallet the form means: the ones chosen, else the first of each. */
function chosen(
  values: Pick<WithdrawValues, 'beneficiaryId' | 'walletId'>,
  beneficiaries: readonly Beneficiary[],
  wallets: readonly Wallet[],
) {
  const beneficiary =
    beneficiaries.find((candidate) => candidate.id === values.beneficiaryId) ?? beneficiaries[0];
  const sources = walletsFor(beneficiary, wallets);
  const wallet = sources.find((candidate) => candidate.id === values.walletId) ?? sources[0];
  return { beneficiary, sources, wallet };
}

/** Sends the withdrawal; the step-up may be asked for, and the retry carries the same Idempotency-Key. */
function useWithdraw(runWithStepUp: ReturnType<typeof useStepUpRetry>['run']) {
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  return useMutation({
    mutationFn: async (body: {
      walletId: string;
      beneficiaryId: string;
      amount: string;
      reference?: string;
    }) => {
      // One key for the first attempt and its retry after the step-up: one withdrawal, whatever happens.
      const idempotencyKey = newIdempotencyKey();
      const withdrawal: Withdrawal = await runWithStepUp((accessToken) =>
        createWithdrawal(call, body, idempotencyKey, accessToken),
      );
      await invalidate();
      return withdrawal;
    },
  });
}

function useWithdrawForm(beneficiaries: readonly Beneficiary[], wallets: readonly Wallet[]) {
  const { t } = useTranslation(['wallets', 'errors']);
  return useForm<WithdrawValues>({
    ...SUBMIT_VALIDATION,
    resolver: resolverFor((values) =>
      withdrawSchema(t, chosen(values, beneficiaries, wallets).wallet?.asset),
    ),
    defaultValues: { beneficiaryId: '', walletId: '', amount: '', reference: '' },
  });
}

/** Settings → Withdrawals: sends money from a wallet to a saved beneficiary, confirmed with a step-up. */
export function WithdrawForm({
  beneficiaries,
  wallets,
}: {
  beneficiaries: readonly Beneficiary[];
  wallets: readonly Wallet[];
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const stepUp = useStepUpRetry();
  const withdraw = useWithdraw(stepUp.run);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useWithdrawForm(beneficiaries, wallets);
  const [beneficiaryId, walletId] = useWatch({ control: form.control, name: ['beneficiaryId', 'walletId'] });
  const { beneficiary, wallet } = chosen({ beneficiaryId, walletId }, beneficiaries, wallets);
  if (beneficiaries.length === 0 || !beneficiary) {
    return null;
  }

  const send = async (values: WithdrawValues) => {
    if (withdraw.isPending || !wallet) {
      return;
    }
    setMessage(null);
    try {
      const withdrawal = await withdraw.mutateAsync({
        walletId: wallet.id,
        beneficiaryId: beneficiary.id,
        amount: normalizeAmountInput(values.amount, wallet.asset) ?? values.amount,
        ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
      });
      const amount = formatAmountText(withdrawal.amount, withdrawal.asset, language);
      setMessage({
        tone: 'success',
        text: t('settings.withdrawal.sent', { amount, name: withdrawal.beneficiaryName }),
      });
      form.reset({ ...values, amount: '', reference: '' });
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    }
  };

  return (
    <>
      <Card
        variant="outline"
        title={t('settings.withdrawal.sendTitle')}
        headingLevel={3}
        className="cash-section"
      >
        <form
          className="app-form app-form--narrow"
          onSubmit={form.handleSubmit(send)}
          noValidate
          aria-label={t('settings.withdrawal.sendTitle')}
        >
          {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
          <WithdrawInputs
            form={form}
            beneficiaries={beneficiaries}
            wallets={wallets}
            busy={withdraw.isPending}
          />
        </form>
      </Card>
      {stepUp.dialog}
    </>
  );
}

function WithdrawInputs({
  form,
  beneficiaries,
  wallets,
  busy,
}: {
  form: UseFormReturn<WithdrawValues>;
  beneficiaries: readonly Beneficiary[];
  wallets: readonly Wallet[];
  busy: boolean;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const [beneficiaryId, walletId] = useWatch({ control: form.control, name: ['beneficiaryId', 'walletId'] });
  const { beneficiary, sources, wallet } = chosen({ beneficiaryId, walletId }, beneficiaries, wallets);
  if (!beneficiary) {
    return null;
  }
  return (
    <>
      <Select
        label={t('settings.withdrawal.beneficiary')}
        value={beneficiary.id}
        onValueChange={(value) => {
          form.setValue('beneficiaryId', value);
          form.setValue('walletId', '');
        }}
        options={beneficiaries.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
      />
      {wallet ? (
        <>
          <Select
            label={t('settings.withdrawal.fromWallet')}
            value={wallet.id}
            onValueChange={(value) => form.setValue('walletId', value)}
            options={sources.map((candidate) => ({
              value: candidate.id,
              label: t('transfer.walletOption', {
                name: candidate.name,
                available: formatAmountText(candidate.balance.available, candidate.asset, language),
              }),
            }))}
          />
          <WithdrawAmountInputs form={form} beneficiary={beneficiary} wallet={wallet} busy={busy} />
        </>
      ) : (
        <p>{t('settings.withdrawal.noWallet')}</p>
      )}
    </>
  );
}

function WithdrawAmountInputs({
  form,
  beneficiary,
  wallet,
  busy,
}: {
  form: UseFormReturn<WithdrawValues>;
  beneficiary: Beneficiary;
  wallet: Wallet;
  busy: boolean;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const fee = withdrawalFee(beneficiary, wallet.asset);
  return (
    <>
      <TextField
        label={t('transfer.amount', { asset: wallet.asset })}
        {...form.register('amount')}
        error={form.formState.errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <RemainingLimitHint operation="withdrawal" />
      {beneficiary.kind === 'iban' ? (
        <TextField
          label={t('settings.withdrawal.reference')}
          {...form.register('reference')}
          maxLength={140}
        />
      ) : null}
      <p className="app-muted">
        {fee
          ? t('settings.withdrawal.fee', { fee: formatAmountText(fee, wallet.asset, language) })
          : t('settings.withdrawal.noFee')}
      </p>
      <p className="app-muted">{t('settings.withdrawal.stepUpHint')}</p>
      <ConfirmButton type="submit" variant="primary" loading={busy} loadingLabel={t('transfer.working')}>
        {t('settings.withdrawal.submit')}
      </ConfirmButton>
    </>
  );
}
