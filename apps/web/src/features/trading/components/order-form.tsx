import { useEffect, useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_TRADING_PREFERENCES,
  type Order,
  type OrderPreview,
  type ProductId,
  type TradingPreferences,
} from '@tessera/contracts';
import { Banner, Button, Dialog, DialogClose } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useTradingPreferencesApi } from '#/shared/trading/api/trading-preferences-api.ts';
import { useLiveQuote } from '#/shared/markets/market-feed.ts';
import { useMarketCalls, type InstrumentView } from '#/shared/markets/api/markets-request.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { marketStatusQueryOptions } from '#/shared/markets/api/get-market-status.ts';
import {
  formatMoneyText,
  formatPrice,
  formatProduct,
  formatQuantity,
} from '#/shared/markets/market-format.ts';
import {
  PriceInputs,
  SideAndTypeInputs,
  SizeInputs,
  TimeInForceInputs,
  TrailInputs,
} from './order-form-inputs.tsx';
import { useOrderDraft, useOrderPreview, useOrderRequest } from './use-order-draft.ts';
import { usePlaceOrder } from './use-place-order.ts';

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
  const placing = usePlaceOrder();
  const { form, draft, problems, edited, problemOf } = useOrderDraft(preferences, placing.clear);
  const request = useOrderRequest(productId, draft, problems);
  const marketOpen = useMarketOpen(productId);
  // Asked again when the market opens or closes: a market-closed refusal then lifts by itself.
  const {
    preview,
    error: previewError,
    refusal: previewRefusal,
  } = useOrderPreview(request, String(marketOpen));
  useReopenedMarket(marketOpen, placing.refusal, placing.clear);
  // What the service refused (placing, or the preview of the order as it stands) is not offered again as it is.
  const refusal = placing.refusal ?? previewRefusal;
  // A placed order empties the size and hides the problems until the next submit.
  const send = async () => {
    if (refusal === null && (await placing.send(request))) {
      form.reset({ ...form.getValues(), size: '' });
    }
  };
  const submit = () => {
    if (refusal !== null) {
      return;
    }
    if (preferences.confirmOrders) {
      placing.setConfirming(true);
    } else {
      void send();
    }
  };
  const currency = instrument?.currency ?? preview?.currency ?? '';
  const sideLabel = t(`side.${draft.side}`);
  const inputs = { form, draft, edited, problemOf };
  return (
    <form
      className="trd-order-form"
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label={t('form.title')}
    >
      <SideAndTypeInputs {...inputs} />
      <SizeInputs {...inputs} instrument={instrument} currency={currency} />
      <PriceInputs {...inputs} instrument={instrument} />
      <TrailInputs {...inputs} currency={currency} />
      <TimeInForceInputs {...inputs} />
      <QuoteLine productId={productId} />
      <OrderPreviewSummary
        preview={preview}
        error={previewError}
        currency={currency}
        tickSize={instrument?.tickSize}
      />
      {/* The same refusal is said once: the preview's warning, or the placing's error. */}
      <PlacedOutcome
        submitError={placing.submitError === previewError ? null : placing.submitError}
        placed={placing.placed}
      />
      <SubmitButton
        refusal={refusal}
        busy={placing.busy}
        label={
          preferences.confirmOrders
            ? t('form.review', { side: sideLabel })
            : t('form.submit', { side: sideLabel })
        }
      />
      <ConfirmOrderDialog
        open={placing.confirming}
        onOpenChange={placing.setConfirming}
        busy={placing.busy}
        onPlace={refusal === null ? () => void send() : null}
        description={t(refusal === null ? 'confirm.description' : 'confirm.refusedDescription', {
          side: sideLabel,
          product: formatProduct(productId),
        })}
        placeLabel={t('confirm.place', { side: sideLabel })}
      >
        <OrderPreviewSummary
          preview={preview}
          error={previewError}
          currency={currency}
          tickSize={instrument?.tickSize}
        />
      </ConfirmOrderDialog>
    </form>
  );
}

/** Whether the product's market is open now (the live quote, else the status); undefined until known. */
function useMarketOpen(productId: ProductId): boolean | undefined {
  const calls = useMarketCalls();
  const quote = useLiveQuote(productId);
  const status = useQuery(marketStatusQueryOptions(calls.data, productId));
  return quote?.marketOpen ?? status.data?.open;
}

/** After a market-closed refusal, the order may be placed again as it is once the product's market opens. */
function useReopenedMarket(open: boolean | undefined, refusal: string | null, clear: () => void): void {
  useEffect(() => {
    if (refusal === 'TRADING_MARKET_CLOSED' && open === true) {
      clear();
    }
  }, [refusal, open, clear]);
}

/**
 * The form's submit (review or place). While the order as it stands is refused it is off, and a line says why
 * and what lifts it (changing the order, or the market opening).
 */
function SubmitButton({ refusal, busy, label }: { refusal: string | null; busy: boolean; label: string }) {
  const { t } = useTranslation('trading');
  const hintId = useId();
  return (
    <>
      {refusal !== null ? (
        <p id={hintId} className="app-muted">
          {refusal === 'TRADING_MARKET_CLOSED' ? t('form.refusedClosed') : t('form.refused')}
        </p>
      ) : null}
      <ConfirmButton
        type="submit"
        variant="primary"
        loading={busy}
        loadingLabel={t('form.placing')}
        disabled={refusal !== null}
        aria-describedby={refusal !== null ? hintId : undefined}
        fullWidth
      >
        {label}
      </ConfirmButton>
    </>
  );
}

/** The confirmation step, when the customer asked for one: the preview again, then place or cancel. */
function ConfirmOrderDialog({
  open,
  onOpenChange,
  busy,
  onPlace,
  description,
  placeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** Null while the order as it stands is refused: the dialog then offers no confirm. */
  onPlace: (() => void) | null;
  description: string;
  placeLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('trading');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      // A refused order is not confirmed: the dialog is then titled for the refusal, with no confirm button.
      title={t(onPlace === null ? 'confirm.refusedTitle' : 'confirm.title')}
      description={description}
      closeLabel={t('confirm.close')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('confirm.cancel')}</Button>
          </DialogClose>
          {onPlace === null ? null : (
            <ConfirmButton
              variant="primary"
              loading={busy}
              loadingLabel={t('form.placing')}
              onClick={onPlace}
            >
              {placeLabel}
            </ConfirmButton>
          )}
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** The live bid and ask of the product, once the market feed has one. */
function QuoteLine({ productId }: { productId: ProductId }) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const quote = useLiveQuote(productId);
  if (!quote) {
    return null;
  }
  return (
    <p className="app-muted trd-order-form__quote">
      {t('form.quoteLine', { bid: formatPrice(quote.bid, language), ask: formatPrice(quote.ask, language) })}
    </p>
  );
}

/** Why the last order was refused, or that it was placed (with its status). */
function PlacedOutcome({ submitError, placed }: { submitError: string | null; placed: Order | null }) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  return (
    <>
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
    </>
  );
}

function OrderPreviewSummary({
  preview,
  error,
  currency,
  tickSize,
}: {
  preview: OrderPreview | null;
  error: string | null;
  currency: string;
  tickSize: string | undefined;
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
    [t('preview.price'), formatPrice(preview.estimatedPrice, language, { tickSize })],
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
      ? ([[t('preview.collar'), formatPrice(preview.collarPrice, language, { tickSize })]] as Array<
          [string, string]
        >)
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
