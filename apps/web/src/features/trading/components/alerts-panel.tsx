import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertCondition, PriceAlert, ProductId } from '@tessera/contracts';
import { Banner, Button, SegmentedControl, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useLiveQuote } from '#/shared/markets/market-feed.ts';
import { formatDateTime, formatPrice, formatProduct } from '#/shared/markets/market-format.ts';
import { alertsQueryOptions } from '../api/get-alerts.ts';
import { applyAlert } from '#/shared/trading/trading-cache.ts';
import { createAlert } from '../api/create-alert.ts';
import { deleteAlert } from '../api/delete-alert.ts';
import { useTradingCall } from '../api/trading-request.ts';
import { normalizeDecimal, tradingErrorMessage } from '../lib/order-input.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';

/** The price typed, or the last price when the field is left empty; a decimal either way. */
function alertPrice(price: string, last: string | null | undefined): string | null {
  return normalizeDecimal(price === '' ? (last ?? '') : price);
}

function alertSchema(t: Translate, last: string | null | undefined) {
  return z.object({
    condition: z.enum(['above', 'below']),
    price: z.string().refine((price) => alertPrice(price, last) !== null, t('alerts.priceInvalid')),
  });
}

type AlertValues = z.infer<ReturnType<typeof alertSchema>>;

/**
 * Price alerts (PRODUCT.md, "Trading"): create one above or below a price for the current product (prefilled with
 * the last price), list them with their status, delete an active one. A reached alert is pushed by the trading
 * websocket and shown by AlertNotices.
 */
export function AlertsPanel({ productId }: { productId: ProductId }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const alerts = useQuery(alertsQueryOptions(call));
  const shown = (alerts.data ?? []).filter((alert) => alert.status !== 'cancelled');
  return (
    <section className="trd-panel" aria-labelledby="trd-alerts-title">
      <div className="trd-panel__head">
        <h2 id="trd-alerts-title" className="trd-panel__title">
          {t('alerts.title')}
        </h2>
      </div>
      <AlertForm productId={productId} />
      {alerts.isError ? (
        <Banner tone="danger">{tradingErrorMessage(t, alerts.error, language)}</Banner>
      ) : null}
      {alerts.data && shown.length === 0 ? <p className="app-muted">{t('alerts.none')}</p> : null}
      {shown.length > 0 ? <AlertList alerts={shown} /> : null}
    </section>
  );
}

function AlertForm({ productId }: { productId: ProductId }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const queryClient = useQueryClient();
  const quote = useLiveQuote(productId);
  const form = useForm<AlertValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(alertSchema(t, quote?.last)),
    defaultValues: { condition: 'above', price: '' },
  });
  const condition = useWatch({ control: form.control, name: 'condition' });
  const create = useMutation({
    mutationFn: (body: { productId: string; condition: AlertCondition; price: string }) =>
      createAlert(call, body),
    onSuccess: (alert) => {
      applyAlert(queryClient, alert);
      void queryClient.invalidateQueries({ queryKey: alertsQueryOptions(call).queryKey });
      form.setValue('price', '');
    },
  });
  const submit = (values: AlertValues) =>
    create.mutate({
      productId,
      condition: values.condition,
      price: alertPrice(values.price, quote?.last) ?? '',
    });
  return (
    <form className="trd-alerts__form" onSubmit={form.handleSubmit(submit)} noValidate>
      <SegmentedControl
        label={t('alerts.condition')}
        value={condition}
        onValueChange={(value: AlertCondition) => form.setValue('condition', value)}
        options={(['above', 'below'] as const).map((value) => ({
          value,
          label: t(`alerts.conditions.${value}`),
        }))}
        size="sm"
      />
      <TextField
        label={t('alerts.price', { product: formatProduct(productId) })}
        hint={quote?.last ? t('alerts.lastHint', { price: formatPrice(quote.last, language) }) : undefined}
        {...form.register('price')}
        placeholder={(quote?.last ?? '').replace('.', language === 'fr' ? ',' : '.')}
        error={form.formState.errors.price?.message}
        inputMode="decimal"
        autoComplete="off"
      />
      <Button type="submit" variant="secondary" size="sm" loading={create.isPending}>
        {t('alerts.create')}
      </Button>
      {create.isError ? (
        <Banner tone="danger">{tradingErrorMessage(t, create.error, language)}</Banner>
      ) : null}
    </form>
  );
}

function AlertList({ alerts }: { alerts: readonly PriceAlert[] }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (alert: PriceAlert) => deleteAlert(call, alert.id),
    onSuccess: (alert) => applyAlert(queryClient, alert),
  });
  return (
    <ul className="trd-alerts__list" aria-label={t('alerts.listLabel')}>
      {alerts.map((alert) => {
        const price = formatPrice(alert.price, language);
        return (
          <li key={alert.id} className="trd-alerts__item">
            <span>
              {t(`alerts.describe.${alert.condition}`, { product: formatProduct(alert.productId), price })}
            </span>
            {alert.status === 'active' ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove.mutate(alert)}
                aria-label={t('alerts.deleteLabel', { product: formatProduct(alert.productId), price })}
              >
                {t('alerts.delete')}
              </Button>
            ) : (
              <span className="app-muted">
                {t('alerts.triggered', {
                  price: formatPrice(alert.triggeredPrice, language),
                  time: alert.triggeredAt ? formatDateTime(alert.triggeredAt, language) : '',
                })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
