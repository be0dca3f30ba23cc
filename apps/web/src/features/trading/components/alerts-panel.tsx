import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertCondition, PriceAlert, ProductId } from '@tessera/contracts';
import { Banner, Button, SegmentedControl, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useLiveQuote } from '#/shared/markets/market-feed.ts';
import { formatDateTime, formatPrice } from '#/shared/markets/market-format.ts';
import {
  alertsQueryOptions,
  applyAlert,
  createAlert,
  deleteAlert,
  useTradingCall,
} from '../api/trading-api.ts';
import { normalizeDecimal, tradingErrorMessage } from '../lib/order-input.ts';

/**
 * Price alerts (PRODUCT.md, "Trading"): create one above or below a price for the current product (prefilled with
 * the last price), list them with their status, delete an active one. A reached alert is pushed by the trading
 * websocket and shown by AlertNotices.
 */
export function AlertsPanel({ productId }: { productId: ProductId }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const queryClient = useQueryClient();
  const alerts = useQuery(alertsQueryOptions(call));
  const quote = useLiveQuote(productId);
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (body: { productId: string; condition: AlertCondition; price: string }) =>
      createAlert(call, body),
    onSuccess: (alert) => {
      applyAlert(queryClient, alert);
      void queryClient.invalidateQueries({ queryKey: alertsQueryOptions(call).queryKey });
      setPrice('');
    },
  });
  const remove = useMutation({
    mutationFn: (alert: PriceAlert) => deleteAlert(call, alert.id),
    onSuccess: (alert) => applyAlert(queryClient, alert),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = normalizeDecimal(price === '' ? (quote?.last ?? '') : price);
    if (value === null) {
      setProblem(t('alerts.priceInvalid'));
      return;
    }
    setProblem(undefined);
    create.mutate({ productId, condition, price: value });
  };

  const shown = (alerts.data ?? []).filter((alert) => alert.status !== 'cancelled');
  return (
    <section className="trd-panel" aria-labelledby="trd-alerts-title">
      <div className="trd-panel__head">
        <h2 id="trd-alerts-title" className="trd-panel__title">
          {t('alerts.title')}
        </h2>
      </div>
      <form className="trd-alerts__form" onSubmit={submit} noValidate>
        <SegmentedControl
          label={t('alerts.condition')}
          value={condition}
          onValueChange={(value: AlertCondition) => setCondition(value)}
          options={(['above', 'below'] as const).map((value) => ({
            value,
            label: t(`alerts.conditions.${value}`),
          }))}
          size="sm"
        />
        <TextField
          label={t('alerts.price', { product: productId })}
          hint={quote?.last ? t('alerts.lastHint', { price: formatPrice(quote.last, language) }) : undefined}
          value={price}
          placeholder={(quote?.last ?? '').replace('.', language === 'fr' ? ',' : '.')}
          onChange={(event) => setPrice(event.target.value)}
          error={problem}
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
      {alerts.isError ? (
        <Banner tone="danger">{tradingErrorMessage(t, alerts.error, language)}</Banner>
      ) : null}
      {alerts.data && shown.length === 0 ? <p className="app-muted">{t('alerts.none')}</p> : null}
      {shown.length > 0 ? (
        <ul className="trd-alerts__list" aria-label={t('alerts.listLabel')}>
          {shown.map((alert) => (
            <li key={alert.id} className="trd-alerts__item">
              <span>
                {t(`alerts.describe.${alert.condition}`, {
                  product: alert.productId,
                  price: formatPrice(alert.price, language),
                })}
              </span>
              {alert.status === 'active' ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove.mutate(alert)}
                  aria-label={t('alerts.deleteLabel', {
                    product: alert.productId,
                    price: formatPrice(alert.price, language),
                  })}
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
          ))}
        </ul>
      ) : null}
    </section>
  );
}
