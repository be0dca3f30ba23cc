import { useForm, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { CashTransfer, Wallet } from '@tessera/contracts';
import { TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { createCustomerTransfer } from '../api/create-customer-transfer.ts';
import { newIdempotencyKey, useCashCall, useInvalidateCash } from '#/shared/cash/api/cash-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { normalizeAmountInput } from '#/lib/money.ts';
import { amountSchema } from '#/components/cash/amount-schema.ts';
import { resolverFor, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import {
  assetOf,
  pickInitial,
  walletOption,
  WalletSelect,
  type RunWithStepUp,
} from './transfer-form-parts.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function customerTransferSchema(t: Translate, asset: string | undefined) {
  return z.object({
    fromWalletId: z.string(),
    recipientEmail: z
      .string()
      .refine((email) => EMAIL_PATTERN.test(email.trim()), t('transfer.emailInvalid')),
    amount: amountSchema(t, asset),
    note: z.string(),
  });
}

type CustomerTransferValues = z.infer<ReturnType<typeof customerTransferSchema>>;

/** Sends to another customer; the step-up may be asked for, and the retry carries the same Idempotency-Key. */
function useCustomerTransfer(runWithStepUp: RunWithStepUp) {
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  return useMutation({
    mutationFn: async ({ values, asset }: { values: CustomerTransferValues; asset: string }) => {
      // The same key for the first attempt and its retry after the step-up: one transfer, whatever happens.
      const idempotencyKey = newIdempotencyKey();
      const body = {
        fromWalletId: values.fromWalletId,
        recipientEmail: values.recipientEmail.trim(),
        amount: normalizeAmountInput(values.amount, asset) ?? values.amount,
        ...(values.note.trim() ? { note: values.note.trim() } : {}),
      };
      const transfer = await runWithStepUp((accessToken) =>
        createCustomerTransfer(call, body, idempotencyKey, accessToken),
      );
      await invalidate();
      return transfer;
    },
  });
}

function useCustomerTransferForm(wallets: readonly Wallet[], initialFromWalletId: string | undefined) {
  const { t } = useTranslation(['wallets', 'errors']);
  return useForm<CustomerTransferValues>({
    ...SUBMIT_VALIDATION,
    resolver: resolverFor((values) => customerTransferSchema(t, assetOf(wallets, values.fromWalletId))),
    defaultValues: {
      fromWalletId: pickInitial(wallets, initialFromWalletId),
      recipientEmail: '',
      amount: '',
      note: '',
    },
  });
}

interface CustomerTransferFormProps {
  wallets: readonly Wallet[];
  initialFromWalletId?: string;
  runWithStepUp: RunWithStepUp;
  onDone: (transfer: CashTransfer) => void;
  /** The dialog shows the failure: this form may have been replaced by the step-up dialog meanwhile. */
  onFailure: (message: string | null) => void;
}

/** To another customer by e-mail: needs a fresh second factor, asked for by the step-up dialog. */
export function CustomerTransferForm({
  wallets,
  initialFromWalletId,
  runWithStepUp,
  onDone,
  onFailure,
}: CustomerTransferFormProps) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const transfer = useCustomerTransfer(runWithStepUp);
  const form = useCustomerTransferForm(wallets, initialFromWalletId);
  const fromId = useWatch({ control: form.control, name: 'fromWalletId' });
  const from = wallets.find((wallet) => wallet.id === fromId);
  const { errors } = form.formState;

  const send = async (values: CustomerTransferValues) => {
    if (transfer.isPending || !from) {
      return;
    }
    onFailure(null);
    try {
      onDone(await transfer.mutateAsync({ values, asset: from.asset }));
    } catch (failure) {
      // This form may have been replaced by the step-up dialog meanwhile: the dialog above shows the message.
      onFailure(errorMessage(t, failure));
    }
  };

  return (
    <form className="app-form" onSubmit={form.handleSubmit(send)} noValidate>
      <WalletSelect
        control={form.control}
        name="fromWalletId"
        label={t('transfer.from')}
        options={wallets.map((wallet) => walletOption(wallet, language, t))}
      />
      <TextField
        label={t('transfer.recipientEmail')}
        type="email"
        {...form.register('recipientEmail')}
        error={errors.recipientEmail?.message}
        autoComplete="off"
        required
      />
      <TextField
        label={t('transfer.amount', { asset: from?.asset ?? '' })}
        {...form.register('amount')}
        error={errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <TextField label={t('transfer.note')} {...form.register('note')} maxLength={140} />
      <p className="app-muted">{t('transfer.stepUpHint')}</p>
      <ConfirmButton
        type="submit"
        variant="primary"
        loading={transfer.isPending}
        loadingLabel={t('transfer.working')}
      >
        {t('transfer.send')}
      </ConfirmButton>
    </form>
  );
}
