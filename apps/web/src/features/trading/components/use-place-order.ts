import { useCallback, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Order, PreviewOrderRequest } from '@tessera/contracts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { broadcast } from '../lib/trading-sync.ts';
import { placeOrder } from '../api/place-order.ts';
import { useApplyOrder, useTradingCall } from '../api/trading-request.ts';
import { newClientOrderId, refusalCodeOf, tradingErrorMessage } from '../lib/order-input.ts';

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
  // A refused order is not offered again as it was: the form's submit (and so the review's "Confirm") stays
  // off until the customer changes the order, or the market opens for a market-closed refusal.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [clientOrderId, setClientOrderId] = useState(newClientOrderId);
  const placing = useMutation({
    mutationFn: (request: PreviewOrderRequest) => placeOrder(call, { ...request, clientOrderId }),
  });

  const clear = useCallback(() => {
    setPlaced(null);
    setSubmitError(null);
    setRefusal(null);
  }, []);

  /** Places the order; true once it is placed. */
  const send = async (request: PreviewOrderRequest | null): Promise<boolean> => {
    if (request === null || placing.isPending || refusal !== null) {
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
      setRefusal(refusalCodeOf(error));
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
    /** The code of the refusal of the order as the form holds it now, or null when it may be placed. */
    refusal,
    /** After any change of the form (or the market opening): what was said of the last order no longer applies. */
    clear,
  };
}
