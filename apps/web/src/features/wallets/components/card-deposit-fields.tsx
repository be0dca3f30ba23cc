import type { SavedCard } from '@tessera/contracts';
import { Checkbox, SegmentedControl, TextField } from '@tessera/ui';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '#/lib/i18n.ts';
import { formatCardBrand } from '#/lib/format.ts';

/** What the card deposit form holds; `payment` and `savedCardId` stay empty until the customer picks one. */
export interface CardDepositValues {
  amount: string;
  payment: '' | Payment;
  savedCardId: string;
  number: string;
  expiry: string;
  cvc: string;
  saveCard: boolean;
}

export type Payment = 'saved' | 'new';

/** Pay with a saved card or a new one, and which saved card. */
export function SavedCardChoice({
  form,
  savedCards,
  payment,
  card,
}: {
  form: UseFormReturn<CardDepositValues>;
  savedCards: readonly SavedCard[];
  payment: Payment;
  card: string | null;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  if (savedCards.length === 0) {
    return null;
  }
  return (
    <>
      <SegmentedControl
        label={t('fund.card.payWith')}
        value={payment}
        onValueChange={(value) => form.setValue('payment', value)}
        options={(['saved', 'new'] as const).map((value) => ({
          value,
          label: t(`fund.card.payment.${value}`),
        }))}
      />
      {payment === 'saved' ? (
        <SegmentedControl
          label={t('fund.card.savedCard')}
          value={card ?? undefined}
          onValueChange={(value) => form.setValue('savedCardId', value)}
          options={savedCards.map((saved) => ({
            value: saved.id,
            label: t('fund.card.cardLabel', { brand: formatCardBrand(saved.brand), last4: saved.last4 }),
          }))}
        />
      ) : null}
    </>
  );
}

/** A new card's number, expiry and security code, and whether to save it. */
export function NewCardInputs({ form }: { form: UseFormReturn<CardDepositValues> }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label={t('fund.card.number')}
        {...form.register('number')}
        error={errors.number?.message}
        inputMode="numeric"
        autoComplete="cc-number"
        required
      />
      <div className="app-cluster">
        <TextField
          label={t('fund.card.expiry')}
          placeholder={t('fund.card.expiryPlaceholder')}
          {...form.register('expiry')}
          error={errors.expiry?.message}
          autoComplete="cc-exp"
          required
        />
        <TextField
          label={t('fund.card.cvc')}
          {...form.register('cvc')}
          error={errors.cvc?.message}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          required
        />
      </div>
      <Controller
        control={form.control}
        name="saveCard"
        render={({ field }) => (
          <Checkbox
            label={t('fund.card.save')}
            checked={field.value}
            onCheckedChange={(value) => field.onChange(value === true)}
          />
        )}
      />
      <p className="app-muted">{t('fund.card.privacy')}</p>
    </>
  );
}
