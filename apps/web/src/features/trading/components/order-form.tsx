import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_TRADING_PREFERENCES,
  ORDER_TYPES,
  type Order,
  type OrderPreview,
  type ProductId,
  type TimeInForce,
  type TradingPreferences,
} from '@tessera/contracts';
import { Banner, Button, Dialog, DialogClose, SegmentedControl, Select, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useTradingPreferencesApi } from '#/lib/markets/trading-preferences-api.ts';
import { useLiveQuote } from '#/lib/markets/market-feed.ts';
import type { InstrumentView } from '#/lib/markets/markets-api.ts';
import { formatMoneyText, formatPrice, formatQuantity } from '#/lib/markets/market-format.ts';
import { broadcast } from '#/lib/trading-sync.ts';
import { placeOrder, previewOrder, useApplyOrder, useTradingCall } from '../api/trading-api.ts';
import {
  allowedTimesInForce,
  draftProblems,
  needsLimitPrice,
  needsStopPrice,
  newClientOrderId,
  toOrderRequest,
  tradingErrorMessage,
  type OrderDraft,
  type SizeMode,
  type TrailMode,
} from '../lib/order-input.ts';

/** How long the form waits after the last keystroke before asking for a preview. */
const PREVIEW_DEBOUNCE_MS = 350;

function initialDraft(preferences: TradingPreferences): OrderDraft {
  return {
    side: 'buy',
    type: preferences.defaultOrderType,
    sizeMode: preferences.quantityMode,
    size: '',
    limitPrice: '',
    stopPrice: '',
    trailMode: 'percent',
    trail: '',
    timeInForce: allowedTimesInForce(preferences.defaultOrderType).includes(preferences.timeInForce)
      ? preferences.timeInForce
      : 'DAY',
    expiresAt: '',
  };
}

/**
 * The order form: side, type, size by quantity or amount (trading preferences), the prices each type needs, time
 * in force (GTD with its date), a live preview of cost, fees and buying power from POST /orders/preview, and a
 * confirmation step when the customer asked for one. A placed order joins the open orders at once, here and in
 * every other trading window.
 */
export function OrderForm({
  productId,
  instrument,
}: {
  productId: ProductId;
  instrument: InstrumentView | undefined;
}) {
  const preferencesApi = useTradingPreferencesApi();
  const preferences = useQuery(preferencesApi.options).data ?? DEFAULT_TRADING_PREFERENCES;
  // Another product, or preferences that arrive or change, start the form afresh.
  const key = `${productId}|${preferences.defaultOrderType}|${preferences.quantityMode}|${preferences.timeInForce}`;
  return (
    <OrderFormFields key={key} productId={productId} instrument={instrument} preferences={preferences} />
  );
}

function OrderFormFields({
  productId,
  instrument,
  preferences,
}: {
  productId: ProductId;
  instrument: InstrumentView | undefined;
  preferences: TradingPreferences;
}) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const applyOrder = useApplyOrder();
  const quote = useLiveQuote(productId);
  const [draft, setDraft] = useState<OrderDraft>(() => initialDraft(preferences));
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [touched, setTouched] = useState(false);
  const [previewState, setPreviewState] = useState<{
    key: string;
    preview: OrderPreview | null;
    error: string | null;
  } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [clientOrderId, setClientOrderId] = useState(newClientOrderId);

  const update = (patch: Partial<OrderDraft>) => {
    setNowMs(Date.now());
    setPlaced(null);
    setSubmitError(null);
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (!allowedTimesInForce(next.type).includes(next.timeInForce)) {
        next.timeInForce = 'DAY';
      }
      return next;
    });
  };

  const problems = useMemo(() => draftProblems(draft, nowMs), [draft, nowMs]);
  const request = useMemo(
    () => (problems.length === 0 ? toOrderRequest(productId, draft) : null),
    [problems, productId, draft],
  );
  const requestKey = request === null ? null : JSON.stringify(request);

  useEffect(() => {
    if (request === null || requestKey === null) {
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewOrder(call, request, controller.signal).then(
        (answer) => setPreviewState({ key: requestKey, preview: answer, error: null }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            setPreviewState({
              key: requestKey,
              preview: null,
              error: tradingErrorMessage(t, error, language),
            });
          }
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // requestKey stands for the request's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const problemOf = (field: string) => {
    const problem = touched ? problems.find((item) => item.field === field) : undefined;
    return problem ? t(`form.problems.${problem.key}`) : undefined;
  };

  const send = async () => {
    if (request === null || busy) {
      return;
    }
    setBusy(true);
    setSubmitError(null);
    try {
      const order = await placeOrder(call, { ...request, clientOrderId });
      applyOrder(order);
      broadcast({ type: 'order', order });
      setPlaced(order);
      setConfirming(false);
      setClientOrderId(newClientOrderId());
      setDraft((current) => ({ ...current, size: '' }));
      setTouched(false);
    } catch (error) {
      setSubmitError(tradingErrorMessage(t, error, language));
      setConfirming(false);
      setClientOrderId(newClientOrderId());
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (request === null) {
      return;
    }
    if (preferences.confirmOrders) {
      setConfirming(true);
    } else {
      void send();
    }
  };

  // Only the preview of what the form holds now is shown.
  const current = previewState !== null && previewState.key === requestKey ? previewState : null;
  const preview = current?.preview ?? null;
  const previewError = current?.error ?? null;
  const currency = instrument?.currency ?? preview?.currency ?? '';
  const sideLabel = t(`side.${draft.side}`);
  return (
    <form className="trd-order-form" onSubmit={submit} noValidate aria-label={t('form.title')}>
      <SegmentedControl
        label={t('form.side')}
        value={draft.side}
        onValueChange={(side) => update({ side })}
        options={(['buy', 'sell'] as const).map((value) => ({ value, label: t(`side.${value}`) }))}
        fullWidth
      />
      <Select
        label={t('form.type')}
        value={draft.type}
        onValueChange={(type) => update({ type: type as OrderDraft['type'] })}
        options={ORDER_TYPES.map((value) => ({ value, label: t(`orderType.${value}`) }))}
      />
      <SegmentedControl
        label={t('form.sizeMode')}
        value={draft.sizeMode}
        onValueChange={(sizeMode: SizeMode) => update({ sizeMode, size: '' })}
        options={(['quantity', 'amount'] as const).map((value) => ({
          value,
          label: t(`quantityMode.${value}`),
        }))}
        size="sm"
      />
      <TextField
        label={draft.sizeMode === 'amount' ? t('form.amount', { currency }) : t('form.quantity')}
        hint={
          draft.sizeMode === 'quantity' && instrument
            ? t('form.lotHint', { lot: formatQuantity(instrument.lotSize, language) })
            : undefined
        }
        value={draft.size}
        onChange={(event) => update({ size: event.target.value })}
        error={problemOf('size')}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      {needsStopPrice(draft.type) ? (
        <TextField
          label={t('form.stopPrice')}
          value={draft.stopPrice}
          onChange={(event) => update({ stopPrice: event.target.value })}
          error={problemOf('stopPrice')}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      ) : null}
      {needsLimitPrice(draft.type) ? (
        <TextField
          label={t('form.limitPrice')}
          hint={
            instrument ? t('form.tickHint', { tick: formatPrice(instrument.tickSize, language) }) : undefined
          }
          value={draft.limitPrice}
          onChange={(event) => update({ limitPrice: event.target.value })}
          error={problemOf('limitPrice')}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      ) : null}
      {draft.type === 'trailing_stop' ? (
        <>
          <SegmentedControl
            label={t('form.trailMode')}
            value={draft.trailMode}
            onValueChange={(trailMode: TrailMode) => update({ trailMode, trail: '' })}
            options={(['percent', 'amount'] as const).map((value) => ({
              value,
              label: t(`trailMode.${value}`),
            }))}
            size="sm"
          />
          <TextField
            label={
              draft.trailMode === 'percent' ? t('form.trailPercent') : t('form.trailAmount', { currency })
            }
            value={draft.trail}
            onChange={(event) => update({ trail: event.target.value })}
            error={problemOf('trail')}
            inputMode="decimal"
            autoComplete="off"
            required
          />
        </>
      ) : null}
      <Select
        label={t('form.timeInForce')}
        value={draft.timeInForce}
        onValueChange={(value) => update({ timeInForce: value as TimeInForce })}
        options={allowedTimesInForce(draft.type).map((value) => ({
          value,
          label: t(`timeInForce.${value}`),
        }))}
        error={problemOf('timeInForce')}
      />
      {draft.timeInForce === 'GTD' ? (
        <TextField
          type="datetime-local"
          label={t('form.expiresAt')}
          value={draft.expiresAt}
          onChange={(event) => update({ expiresAt: event.target.value })}
          error={problemOf('expiresAt')}
          required
        />
      ) : null}
      {quote ? (
        <p className="app-muted trd-order-form__quote">
          {t('form.quoteLine', {
            bid: formatPrice(quote.bid, language),
            ask: formatPrice(quote.ask, language),
          })}
        </p>
      ) : null}
      <OrderPreviewSummary preview={preview} error={previewError} currency={currency} />
      {submitError ? <Banner tone="danger">{submitError}</Banner> : null}
      {placed ? (
        <Banner tone="success">
          {t('form.placed', {
            side: t(`side.${placed.side}`),
            quantity: formatQuantity(placed.quantity, language),
            status: t(`status.${placed.status}`),
          })}
        </Banner>
      ) : null}
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('form.placing')} fullWidth>
        {preferences.confirmOrders
          ? t('form.review', { side: sideLabel })
          : t('form.submit', { side: sideLabel })}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('confirm.title')}
        description={t('confirm.description', { side: sideLabel, product: productId })}
        closeLabel={t('confirm.close')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('confirm.cancel')}</Button>
            </DialogClose>
            <Button
              variant="primary"
              loading={busy}
              loadingLabel={t('form.placing')}
              onClick={() => void send()}
            >
              {t('confirm.place', { side: sideLabel })}
            </Button>
          </>
        }
      >
        <OrderPreviewSummary preview={preview} error={previewError} currency={currency} />
      </Dialog>
    </form>
  );
}

function OrderPreviewSummary({
  preview,
  error,
  currency,
}: {
  preview: OrderPreview | null;
  error: string | null;
  currency: string;
}) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  if (error) {
    return (
      <Banner tone="warning" politeness="alert">
        {error}
      </Banner>
    );
  }
  if (preview === null) {
    return null;
  }
  const money = (value: string) => formatMoneyText(value, preview.currency || currency, language);
  const buy = preview.side === 'buy';
  const rows: Array<[string, string]> = [
    [t('preview.quantity'), formatQuantity(preview.quantity, language)],
    [t('preview.price'), formatPrice(preview.estimatedPrice, language)],
    [t('preview.amount'), money(preview.estimatedAmount)],
    [t('preview.fee'), money(preview.estimatedFee)],
    [buy ? t('preview.totalBuy') : t('preview.totalSell'), money(preview.estimatedTotal)],
    ...(buy
      ? ([
          [t('preview.buyingPower'), money(preview.buyingPower)],
          [t('preview.buyingPowerAfter'), money(preview.buyingPowerAfter)],
        ] as Array<[string, string]>)
      : ([
          [t('preview.position'), formatQuantity(preview.position, language)],
          [t('preview.positionAfter'), formatQuantity(preview.positionAfter, language)],
        ] as Array<[string, string]>)),
    ...(preview.collarPrice
      ? ([[t('preview.collar'), formatPrice(preview.collarPrice, language)]] as Array<[string, string]>)
      : []),
  ];
  return (
    <section aria-label={t('preview.title')} className="trd-preview">
      <h3 className="trd-preview__title">{t('preview.title')}</h3>
      <dl className="trd-preview__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
