import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BENEFICIARY_NAME_MAX_CHARS,
  RAIL_CRYPTO_ASSETS,
  validateBic,
  validateCryptoAddress,
  validateIban,
  type RailCryptoAsset,
} from '@tessera/contracts';
import { Banner, Card, SegmentedControl, Select, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { newIdempotencyKey, useCashCall } from '#/shared/cash/api/cash-request.ts';
import { createBeneficiary } from '#/shared/cash/api/create-beneficiary.ts';
import { railsKeys } from '#/shared/cash/api/rails-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { resolverFor, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';

interface BeneficiaryValues {
  kind: 'iban' | 'crypto';
  name: string;
  iban: string;
  bic: string;
  asset: RailCryptoAsset;
  address: string;
}

/** Each field checked as the service will (packages/contracts), with the problem named in the message. */
function beneficiarySchema(
  t: Translate,
  values: BeneficiaryValues,
): z.ZodType<BeneficiaryValues, BeneficiaryValues> {
  const iban = values.kind === 'iban';
  return z
    .object({
      kind: z.enum(['iban', 'crypto']),
      name: z.string(),
      iban: z.string(),
      bic: z.string(),
      asset: z.enum(RAIL_CRYPTO_ASSETS),
      address: z.string(),
    })
    .superRefine((beneficiary, context) => {
      const problem = (path: keyof BeneficiaryValues, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      const name = beneficiary.name.trim();
      if (name.length === 0 || name.length > BENEFICIARY_NAME_MAX_CHARS) {
        problem('name', t('settings.withdrawal.nameInvalid', { max: BENEFICIARY_NAME_MAX_CHARS }));
      }
      const ibanCheck = iban ? validateIban(beneficiary.iban) : null;
      if (ibanCheck && !ibanCheck.ok) {
        problem('iban', t(`settings.withdrawal.ibanProblems.${ibanCheck.problem}`));
      }
      if (iban && beneficiary.bic.trim() && !validateBic(beneficiary.bic).ok) {
        problem('bic', t('settings.withdrawal.bicInvalid'));
      }
      const addressCheck = iban ? null : validateCryptoAddress(beneficiary.asset, beneficiary.address);
      if (addressCheck && !addressCheck.ok) {
        problem(
          'address',
          t(`settings.withdrawal.addressProblems.${addressCheck.problem}`, { asset: beneficiary.asset }),
        );
      }
    });
}

function useCreateBeneficiary() {
  const call = useCashCall();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: BeneficiaryValues) => {
      const name = values.name.trim();
      await createBeneficiary(
        call,
        values.kind === 'iban'
          ? {
              kind: 'iban',
              name,
              iban: values.iban.trim(),
              ...(values.bic.trim() ? { bic: values.bic.trim() } : {}),
            }
          : { kind: 'crypto', name, asset: values.asset, address: values.address.trim() },
        newIdempotencyKey(),
      );
      await queryClient.invalidateQueries({ queryKey: railsKeys.beneficiaries() });
    },
  });
}

/** Settings → Withdrawals: a new beneficiary, an IBAN with a name (and a BIC) or a crypto address. */
export function AddBeneficiaryForm() {
  const { t } = useTranslation(['wallets', 'errors']);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const creating = useCreateBeneficiary();
  const form = useForm<BeneficiaryValues>({
    ...SUBMIT_VALIDATION,
    resolver: resolverFor((values) => beneficiarySchema(t, values)),
    defaultValues: { kind: 'iban', name: '', iban: '', bic: '', asset: 'BTC', address: '' },
  });

  const add = async (values: BeneficiaryValues) => {
    if (creating.isPending) {
      return;
    }
    try {
      await creating.mutateAsync(values);
      setMessage({ tone: 'success', text: t('settings.withdrawal.added', { name: values.name.trim() }) });
      form.reset({ ...values, name: '', iban: '', bic: '', address: '' });
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    }
  };

  return (
    <Card
      variant="outline"
      title={t('settings.withdrawal.addTitle')}
      headingLevel={3}
      className="cash-section"
    >
      <form
        className="app-form app-form--narrow"
        onSubmit={(event) => {
          setMessage(null);
          void form.handleSubmit(add)(event);
        }}
        noValidate
        aria-label={t('settings.withdrawal.addTitle')}
      >
        {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
        <BeneficiaryInputs form={form} />
        <ConfirmButton
          type="submit"
          variant="secondary"
          loading={creating.isPending}
          loadingLabel={t('settings.withdrawal.adding')}
        >
          {t('settings.withdrawal.add')}
        </ConfirmButton>
      </form>
    </Card>
  );
}

function BeneficiaryInputs({ form }: { form: UseFormReturn<BeneficiaryValues> }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const [kind, asset] = useWatch({ control: form.control, name: ['kind', 'asset'] });
  const { errors } = form.formState;
  return (
    <>
      <SegmentedControl
        label={t('settings.withdrawal.kind')}
        value={kind}
        onValueChange={(value) => form.setValue('kind', value)}
        options={(['iban', 'crypto'] as const).map((value) => ({
          value,
          label: t(`settings.withdrawal.kinds.${value}`),
        }))}
      />
      <TextField
        label={t('settings.withdrawal.name')}
        {...form.register('name')}
        error={errors.name?.message}
        maxLength={BENEFICIARY_NAME_MAX_CHARS + 10}
        autoComplete="off"
        required
      />
      {kind === 'iban' ? (
        <>
          <TextField
            label={t('details.iban')}
            {...form.register('iban')}
            error={errors.iban?.message}
            autoComplete="off"
            required
          />
          <TextField
            label={t('settings.withdrawal.bic')}
            {...form.register('bic')}
            error={errors.bic?.message}
            autoComplete="off"
          />
        </>
      ) : (
        <>
          <Select
            label={t('settings.withdrawal.asset')}
            value={asset}
            onValueChange={(value) => form.setValue('asset', value as RailCryptoAsset)}
            options={RAIL_CRYPTO_ASSETS.map((code) => ({ value: code, label: t(`assets.${code}`) }))}
          />
          <TextField
            label={t('settings.withdrawal.address')}
            {...form.register('address')}
            error={errors.address?.message}
            autoComplete="off"
            spellCheck={false}
            required
          />
        </>
      )}
    </>
  );
}
