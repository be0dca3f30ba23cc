import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_TIME_IN_FORCE_CHOICES,
  isProductId,
  ORDER_TYPES,
  QUANTITY_MODES,
  type TradingPreferences,
} from '@tessera/contracts';
import { Banner, Button, SegmentedControl, Select, Switch, TextField } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { useTradingPreferencesApi } from '#/shared/trading/api/trading-preferences-api.ts';

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

function PreferencesForm({
  initial,
  save,
}: {
  initial: TradingPreferences;
  save: (preferences: TradingPreferences) => Promise<TradingPreferences>;
}) {
  const { t } = useTranslation(['trading', 'errors']);
  const [draft, setDraft] = useState<TradingPreferences>(initial);
  const [product, setProduct] = useState<string>(initial.defaultProduct);
  const [productError, setProductError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const update = (patch: Partial<TradingPreferences>) => {
    setDone(false);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = product.trim();
    if (!isProductId(trimmed)) {
      setProductError(t('preferences.invalidProduct'));
      return;
    }
    setProductError(null);
    setError(null);
    setBusy(true);
    try {
      await save({ ...draft, defaultProduct: trimmed });
      setDone(true);
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="app-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('preferences.title')}
    >
      <p>{t('preferences.lead')}</p>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      {done ? <Banner tone="success">{t('preferences.saved')}</Banner> : null}
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
      <TextField
        label={t('preferences.defaultProduct')}
        hint={t('preferences.defaultProductHint')}
        value={product}
        onChange={(event) => {
          setDone(false);
          setProduct(event.target.value);
        }}
        error={productError ?? undefined}
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('preferences.saving')}>
        {t('preferences.save')}
      </Button>
    </form>
  );
}
