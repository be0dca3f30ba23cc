import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DEFAULT_TIME_IN_FORCE_CHOICES,
  isProductId,
  ORDER_TYPES,
  QUANTITY_MODES,
  type TradingPreferences,
} from '@tessera/contracts';
import { Banner, Button, SegmentedControl, Select, Switch } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { useTradingPreferencesApi } from '#/shared/trading/api/trading-preferences-api.ts';
import { InstrumentSearch } from '#/shared/markets/components/instrument-search.tsx';
import { formatProduct, formatVenue } from '#/lib/format.ts';
import '#/shared/markets/markets.css';

/** Settings section tradingPreferences: what the order form starts with, and the product the trading page opens. */
export function TradingPreferencesSection() {
  const { t } = useTranslation(['trading', 'errors']);
  const api = useTradingPreferencesApi();
  const saved = useQuery(api.options);
  if (saved.isError) {
    return <Banner tone="danger">{errorMessage(t, saved.error)}</Banner>;
  }
  if (saved.data === undefined) {
    return <p className="app-muted">{t('preferences.loading')}</p>;
  }
  return <PreferencesForm initial={saved.data} save={api.save} />;
}

function preferencesSchema(t: Translate) {
  return z.object({
    preferences: z.custom<TradingPreferences>(),
    product: z.string().refine((product) => isProductId(product.trim()), t('preferences.invalidProduct')),
  });
}

type PreferencesValues = z.infer<ReturnType<typeof preferencesSchema>>;

function PreferencesForm({
  initial,
  save,
}: {
  initial: TradingPreferences;
  save: (preferences: TradingPreferences) => Promise<TradingPreferences>;
}) {
  const { t } = useTranslation(['trading', 'errors']);
  const [done, setDone] = useState(false);
  const form = useForm<PreferencesValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(preferencesSchema(t)),
    defaultValues: { preferences: initial, product: initial.defaultProduct },
  });
  const saving = useMutation({ mutationFn: save });
  const submit = async ({ preferences, product }: PreferencesValues) => {
    const defaultProduct = product.trim();
    if (!isProductId(defaultProduct)) {
      return; // The schema has refused it already.
    }
    try {
      await saving.mutateAsync({ ...preferences, defaultProduct });
      setDone(true);
    } catch {
      // The mutation keeps the failure; the banner shows it.
    }
  };
  return (
    <form
      className="app-form"
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label={t('preferences.title')}
    >
      <p>{t('preferences.lead')}</p>
      {saving.isError ? <Banner tone="danger">{errorMessage(t, saving.error)}</Banner> : null}
      {done ? <Banner tone="success">{t('preferences.saved')}</Banner> : null}
      <PreferenceInputs form={form} onEdit={() => setDone(false)} />
      <Button
        type="submit"
        variant="primary"
        loading={saving.isPending}
        loadingLabel={t('preferences.saving')}
      >
        {t('preferences.save')}
      </Button>
    </form>
  );
}

function PreferenceInputs({ form, onEdit }: { form: UseFormReturn<PreferencesValues>; onEdit: () => void }) {
  const { t } = useTranslation(['trading', 'errors']);
  const draft = useWatch({ control: form.control, name: 'preferences' });
  const product = useWatch({ control: form.control, name: 'product' });
  const update = (patch: Partial<TradingPreferences>) => {
    onEdit();
    form.setValue('preferences', { ...form.getValues('preferences'), ...patch });
  };
  return (
    <>
      <Select
        label={t('preferences.defaultOrderType')}
        value={draft.defaultOrderType}
        onValueChange={(value) =>
          update({ defaultOrderType: value as TradingPreferences['defaultOrderType'] })
        }
        options={ORDER_TYPES.map((value) => ({ value, label: t(`orderType.${value}`) }))}
      />
      <Select
        label={t('preferences.timeInForce')}
        hint={t('preferences.timeInForceHint')}
        value={draft.timeInForce}
        onValueChange={(value) => update({ timeInForce: value as TradingPreferences['timeInForce'] })}
        options={DEFAULT_TIME_IN_FORCE_CHOICES.map((value) => ({ value, label: t(`timeInForce.${value}`) }))}
      />
      <SegmentedControl
        label={t('preferences.quantityMode')}
        value={draft.quantityMode}
        onValueChange={(value) => update({ quantityMode: value })}
        options={QUANTITY_MODES.map((value) => ({ value, label: t(`quantityMode.${value}`) }))}
      />
      <Switch
        label={t('preferences.confirmOrders')}
        description={t('preferences.confirmOrdersHint')}
        checked={draft.confirmOrders}
        onCheckedChange={(confirmOrders) => update({ confirmOrders })}
      />
      {/* The product is chosen from the catalog, by symbol or name, and shown as people know it (AAPL · Cboe). */}
      <div className="app-stack">
        <p>{t('preferences.defaultProductNow', { product: formatProduct(product) })}</p>
        <p className="app-muted">{t('preferences.defaultProductHint')}</p>
        <InstrumentSearch
          label={t('preferences.chooseProduct')}
          placeholder={t('search.placeholder')}
          noResults={t('search.none')}
          describe={(option) =>
            t('search.describe', { kind: t(`kind.${option.kind}`), source: formatVenue(option.source) })
          }
          onChoose={(chosen) => {
            onEdit();
            form.setValue('product', chosen, { shouldValidate: true });
          }}
        />
        {form.formState.errors.product?.message ? (
          <Banner tone="danger">{form.formState.errors.product.message}</Banner>
        ) : null}
      </div>
    </>
  );
}
