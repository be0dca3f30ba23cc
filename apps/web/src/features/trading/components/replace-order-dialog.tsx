import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { Order } from '@tessera/contracts';
import { Banner, Button, Dialog, DialogClose, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatProduct, formatQuantity } from '#/shared/markets/market-format.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { broadcast } from '../lib/trading-sync.ts';
import { replaceOrder } from '../api/replace-order.ts';
import { useApplyOrder, useTradingCall } from '../api/trading-request.ts';
import { normalizeDecimal, tradingErrorMessage } from '../lib/order-input.ts';

/** Both a limit price and a quantity, as decimals; one message for either. */
function replaceSchema(t: Translate) {
  const decimal = z.string().refine((text) => normalizeDecimal(text) !== null, t('form.problems.replace'));
  return z.object({ limitPrice: decimal, quantity: decimal });
}

type ReplaceValues = z.infer<ReturnType<typeof replaceSchema>>;

/** Replaces a working order with what changed (its limit price, its quantity); the order updates everywhere. */
function useReplaceOrder(order: Order) {
  const call = useTradingCall();
  const applyOrder = useApplyOrder();
  return useMutation({
    mutationFn: (values: ReplaceValues) => {
      const price = normalizeDecimal(values.limitPrice);
      const size = normalizeDecimal(values.quantity);
      return replaceOrder(call, order.id, {
        ...(price !== order.limitPrice ? { limitPrice: price ?? undefined } : {}),
        ...(size !== order.quantity ? { quantity: size ?? undefined } : {}),
      });
    },
    onSuccess: (replaced) => {
      applyOrder(replaced);
      broadcast({ type: 'order', order: replaced });
    },
  });
}

/** Replace a working order: a new limit price and quantity (what is filled already stays filled). */
export function ReplaceDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const replacing = useReplaceOrder(order);
  const form = useForm<ReplaceValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(replaceSchema(t)),
    defaultValues: { limitPrice: order.limitPrice ?? '', quantity: order.quantity },
  });
  const problem = form.formState.errors.limitPrice?.message ?? form.formState.errors.quantity?.message;
  const error = problem ?? (replacing.isError ? tradingErrorMessage(t, replacing.error, language) : null);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('replace.title')}
      description={t('replace.description', {
        product: formatProduct(order.productId),
        side: t(`side.${order.side}`),
      })}
      closeLabel={t('confirm.close')}
    >
      <form
        className="app-form"
        onSubmit={form.handleSubmit((values) => replacing.mutate(values, { onSuccess: onClose }))}
        noValidate
        aria-label={t('replace.title')}
      >
        {error ? <Banner tone="danger">{error}</Banner> : null}
        <TextField
          label={t('form.limitPrice')}
          {...form.register('limitPrice')}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label={t('form.quantity')}
          hint={t('replace.quantityHint', { filled: formatQuantity(order.filledQuantity, language) })}
          {...form.register('quantity')}
          inputMode="decimal"
          autoComplete="off"
        />
        <div className="trd-dialog-actions">
          <DialogClose asChild>
            <Button variant="secondary">{t('confirm.cancel')}</Button>
          </DialogClose>
          <ConfirmButton
            type="submit"
            variant="primary"
            loading={replacing.isPending}
            loadingLabel={t('replace.saving')}
          >
            {t('replace.submit')}
          </ConfirmButton>
        </div>
      </form>
    </Dialog>
  );
}
