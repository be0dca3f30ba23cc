import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useNavigate } from '@tanstack/react-router';
import { CASH_ASSET_CODES, WALLET_NAME_MAX_CHARS, type Wallet, type WalletKind } from '@tessera/contracts';
import { Banner, Button, SegmentedControl, Select, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { createWallet } from '../api/create-wallet.ts';
import { newIdempotencyKey, useCashCall, useInvalidateCash } from '#/shared/cash/api/cash-request.ts';
import { errorMessage } from '#/lib/error-message.ts';

import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';

function createWalletSchema(t: Translate) {
  return z.object({
    asset: z.string(),
    kind: z.enum(['current', 'savings']),
    name: z
      .string()
      .refine(
        (name) => name.trim().length <= WALLET_NAME_MAX_CHARS,
        t('create.nameTooLong', { max: WALLET_NAME_MAX_CHARS }),
      ),
  }) satisfies z.ZodType<CreateWalletValues, CreateWalletValues>;
}

interface CreateWalletValues {
  asset: string;
  kind: WalletKind;
  name: string;
}

/** Creates the wallet, then opens it. One key per intended wallet: a double click or a retry creates it once. */
function useCreateWallet() {
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  const navigate = useNavigate();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: async ({ asset, kind, name }: CreateWalletValues) => {
      const trimmed = name.trim();
      return createWallet(call, { asset, kind, ...(trimmed ? { name: trimmed } : {}) }, idempotencyKey);
    },
    // A new key after each answer: the next attempt is another intended wallet.
    onSettled: () => setIdempotencyKey(newIdempotencyKey()),
    onSuccess: async (wallet: Wallet) => {
      await invalidate();
      await navigate({ to: '/dashboard/wallets/$id/', params: { id: wallet.id }, search: { to: 0 } });
    },
  });
}

/** Wallet creation (action=new): an asset, a kind (current or savings vault) and an optional name. */
export function CreateWalletForm() {
  const { t } = useTranslation(['wallets', 'errors']);
  const creating = useCreateWallet();
  const form = useForm<CreateWalletValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(createWalletSchema(t)),
    defaultValues: { asset: 'EUR', kind: 'current', name: '' },
  });
  const create = (values: CreateWalletValues) => {
    if (!creating.isPending) {
      creating.mutate(values);
    }
  };
  return (
    <form className="app-form" onSubmit={form.handleSubmit(create)} noValidate aria-label={t('create.title')}>
      {creating.isError ? <Banner tone="danger">{errorMessage(t, creating.error)}</Banner> : null}
      <CreateWalletInputs form={form} />
      <Button
        type="submit"
        variant="primary"
        loading={creating.isPending}
        loadingLabel={t('create.creating')}
      >
        {t('create.submit')}
      </Button>
    </form>
  );
}

function CreateWalletInputs({ form }: { form: UseFormReturn<CreateWalletValues> }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const [asset, kind] = useWatch({ control: form.control, name: ['asset', 'kind'] });
  return (
    <>
      <Select
        label={t('create.asset')}
        value={asset}
        onValueChange={(value) => form.setValue('asset', value)}
        options={CASH_ASSET_CODES.map((code) => ({ value: code, label: t(`assets.${code}`) }))}
        required
      />
      <SegmentedControl
        label={t('create.kind')}
        value={kind}
        onValueChange={(value) => form.setValue('kind', value)}
        options={(['current', 'savings'] as const).map((value) => ({ value, label: t(`kind.${value}`) }))}
      />
      <p className="app-muted">{t(`kind.${kind}Hint`)}</p>
      <TextField
        label={t('create.name')}
        hint={t('create.nameHint', { max: WALLET_NAME_MAX_CHARS })}
        {...form.register('name')}
        error={form.formState.errors.name?.message}
        maxLength={WALLET_NAME_MAX_CHARS + 10}
        autoComplete="off"
      />
    </>
  );
}
