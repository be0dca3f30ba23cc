import { ORDER_TYPES, type TimeInForce } from '@tessera/contracts';
import { SegmentedControl, Select, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import type { InstrumentView } from '#/shared/markets/api/markets-request.ts';
import { formatPrice, formatQuantity } from '#/shared/markets/market-format.ts';
import {
  allowedTimesInForce,
  needsLimitPrice,
  needsStopPrice,
  type DraftProblem,
  type OrderDraft,
  type SizeMode,
  type TrailMode,
} from '../lib/order-input.ts';
import type { OrderDraftForm } from './use-order-draft.ts';

/** What every group of the order form's inputs gets from the form. */
export interface OrderInputsProps {
  form: OrderDraftForm;
  draft: OrderDraft;
  /** Runs on every change the customer makes. */
  edited: () => void;
  problemOf: (field: DraftProblem['field']) => string | undefined;
}

const DECIMAL_INPUT = { inputMode: 'decimal', autoComplete: 'off', required: true } as const;

/** Buy or sell, and the order type (a type that does not allow the time in force chosen resets it to DAY). */
export function SideAndTypeInputs({ form, draft, edited }: Omit<OrderInputsProps, 'problemOf'>) {
  const { t } = useTranslation(['trading', 'errors']);
  return (
    <>
      <SegmentedControl
        label={t('form.side')}
        value={draft.side}
        onValueChange={(side) => {
          form.setValue('side', side);
          edited();
        }}
        options={(['buy', 'sell'] as const).map((value) => ({ value, label: t(`side.${value}`) }))}
        fullWidth
      />
      <Select
        label={t('form.type')}
        value={draft.type}
        onValueChange={(value) => {
          const type = value as OrderDraft['type'];
          form.setValue('type', type);
          if (!allowedTimesInForce(type).includes(form.getValues('timeInForce'))) {
            form.setValue('timeInForce', 'DAY');
          }
          edited();
        }}
        options={ORDER_TYPES.map((value) => ({ value, label: t(`orderType.${value}`) }))}
      />
    </>
  );
}

/** The size, by quantity or by amount (switching empties it). */
export function SizeInputs({
  form,
  draft,
  edited,
  problemOf,
  instrument,
  currency,
}: OrderInputsProps & { instrument: InstrumentView | undefined; currency: string }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  return (
    <>
      <SegmentedControl
        label={t('form.sizeMode')}
        value={draft.sizeMode}
        onValueChange={(sizeMode: SizeMode) => {
          form.setValue('sizeMode', sizeMode);
          form.setValue('size', '');
          edited();
        }}
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
        {...form.register('size', { onChange: edited })}
        error={problemOf('size')}
        {...DECIMAL_INPUT}
      />
    </>
  );
}

/** The stop and limit prices the order type needs. */
export function PriceInputs({
  form,
  draft,
  edited,
  problemOf,
  instrument,
}: OrderInputsProps & { instrument: InstrumentView | undefined }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  return (
    <>
      {needsStopPrice(draft.type) ? (
        <TextField
          label={t('form.stopPrice')}
          {...form.register('stopPrice', { onChange: edited })}
          error={problemOf('stopPrice')}
          {...DECIMAL_INPUT}
        />
      ) : null}
      {needsLimitPrice(draft.type) ? (
        <TextField
          label={t('form.limitPrice')}
          hint={
            instrument ? t('form.tickHint', { tick: formatPrice(instrument.tickSize, language) }) : undefined
          }
          {...form.register('limitPrice', { onChange: edited })}
          error={problemOf('limitPrice')}
          {...DECIMAL_INPUT}
        />
      ) : null}
    </>
  );
}

/** A trailing stop's trail, in percent or in the instrument's currency (switching empties it). */
export function TrailInputs({
  form,
  draft,
  edited,
  problemOf,
  currency,
}: OrderInputsProps & { currency: string }) {
  const { t } = useTranslation(['trading', 'errors']);
  if (draft.type !== 'trailing_stop') {
    return null;
  }
  return (
    <>
      <SegmentedControl
        label={t('form.trailMode')}
        value={draft.trailMode}
        onValueChange={(trailMode: TrailMode) => {
          form.setValue('trailMode', trailMode);
          form.setValue('trail', '');
          edited();
        }}
        options={(['percent', 'amount'] as const).map((value) => ({ value, label: t(`trailMode.${value}`) }))}
        size="sm"
      />
      <TextField
        label={draft.trailMode === 'percent' ? t('form.trailPercent') : t('form.trailAmount', { currency })}
        {...form.register('trail', { onChange: edited })}
        error={problemOf('trail')}
        {...DECIMAL_INPUT}
      />
    </>
  );
}

/** The time in force the type allows, and a GTD order's expiry. */
export function TimeInForceInputs({ form, draft, edited, problemOf }: OrderInputsProps) {
  const { t } = useTranslation(['trading', 'errors']);
  return (
    <>
      <Select
        label={t('form.timeInForce')}
        value={draft.timeInForce}
        onValueChange={(value) => {
          form.setValue('timeInForce', value as TimeInForce);
          edited();
        }}
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
          {...form.register('expiresAt', { onChange: edited })}
          error={problemOf('expiresAt')}
          required
        />
      ) : null}
    </>
  );
}
