import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Order, PreviewOrderRequest } from '@tessera/contracts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { broadcast } from '../lib/trading-sync.ts';
import { placeOrder } from '../api/place-order.ts';
import { useApplyOrder, useTradingCall } from '../api/trading-request.ts';
import { newClientOrderId, tradingErrorMessage } from '../lib/order-input.ts';

/**
 * Placing the order of the form: one client order id per attempt (kept across a retried request, renewed after
 * each answer), the confirmation step when the customer asked for one, and what the form shows afterwards. A
 * placed order joins the open orders at once, here and in every other trading window.
 */
export function usePlaceOrder() {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const applyOrder = useApplyOrder();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [clientOrderId, setClientOrderId] = useState(newClientOrderId);
  const placing = useMutation({
    mutationFn: (request: PreviewOrderRequest) => placeOrder(call, { ...request, clientOrderId }),
  });

  /** Places the order; true once it is placed. */
  const send = async (request: PreviewOrderRequest | null): Promise<boolean> => {
    if (request === null || placing.isPending) {
      return false;
    }
    setSubmitError(null);
    try {
      const order = await placing.mutateAsync(request);
      applyOrder(order);
      broadcast({ type: 'order', order });
      setPlaced(order);
      setConfirming(false);
      setClientOrderId(newClientOrderId());
      return true;
    } catch (error) {
      setSubmitError(tradingErrorMessage(t, error, language));
      setConfirming(false);
      setClientOrderId(newClientOrderId());
      return false;
    }
  };

  return {
    send,
    busy: placing.isPending,
    submitError,
    placed,
    confirming,
    setConfirming,
    /** After any change of the form: what was said of the last order no longer applies. */
    clear: () => {
      setPlaced(null);
      setSubmitError(null);
    },
  };
}
