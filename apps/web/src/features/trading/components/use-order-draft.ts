import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { OrderPreview, ProductId, TradingPreferences } from '@tessera/contracts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { resolverFor, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { previewOrder } from '../api/preview-order.ts';
import { useTradingCall } from '../api/trading-request.ts';
import {
  allowedTimesInForce,
  draftProblems,
  toOrderRequest,
  refusalCodeOf,
  tradingErrorMessage,
  type DraftProblem,
  type OrderDraft,
} from '../lib/order-input.ts';

/** How long the form waits after the last keystroke before asking for a preview. */
const PREVIEW_DEBOUNCE_MS = 350;

/** The order form's values as react-hook-form holds them. */
export type OrderDraftForm = UseFormReturn<OrderDraft>;

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

/** The draft's problems as a zod schema: each one on its field, in the customer's language. */
function orderDraftSchema(t: Translate, nowMs: number) {
  return z.custom<OrderDraft>().superRefine((draft, context) => {
    for (const problem of draftProblems(draft, nowMs)) {
      context.addIssue({ code: 'custom', path: [problem.field], message: t(`form.problems.${problem.key}`) });
    }
  });
}

/**
 * The order form's draft on react-hook-form. Its problems are worked out from what it holds now (the preview
 * needs them at every keystroke) and shown once the customer has tried to submit, until an order is placed.
 * `onEdit` runs on every change the customer makes.
 */
export function useOrderDraft(preferences: TradingPreferences, onEdit: () => void) {
  const { t } = useTranslation(['trading', 'errors']);
  // The time a GTD expiry is checked against: the time of the last change, as the customer sees the form.
  const [nowMs, setNowMs] = useState(() => Date.now());
  const form = useForm<OrderDraft>({
    ...SUBMIT_VALIDATION,
    resolver: resolverFor(() => orderDraftSchema(t, nowMs)),
    defaultValues: initialDraft(preferences),
  });
  const draft = useWatch({ control: form.control }) as OrderDraft;
  const problems = useMemo(() => draftProblems(draft, nowMs), [draft, nowMs]);
  const edited = () => {
    setNowMs(Date.now());
    onEdit();
  };
  const problemOf = (field: DraftProblem['field']) => {
    const problem = form.formState.isSubmitted ? problems.find((item) => item.field === field) : undefined;
    return problem ? t(`form.problems.${problem.key}`) : undefined;
  };
  return { form, draft, problems, edited, problemOf };
}

/** The order a valid draft would place, or null while the draft has problems. */
export function useOrderRequest(productId: ProductId, draft: OrderDraft, problems: readonly DraftProblem[]) {
  return useMemo(
    () => (problems.length === 0 ? toOrderRequest(productId, draft) : null),
    [problems, productId, draft],
  );
}

/**
 * The live preview of cost, fees and buying power (POST /orders/preview), asked for a short while after the last
 * change, and again when `refreshKey` changes (the market opening); only the preview of what the form holds now
 * is returned, with the code of a refusal (market closed, buying power...) when the service would refuse it.
 */
export function useOrderPreview(request: ReturnType<typeof useOrderRequest>, refreshKey = '') {
  const { t } = useTranslation(['trading', 'errors']);
  const language = currentLanguage();
  const call = useTradingCall();
  const [previewState, setPreviewState] = useState<{
    key: string;
    preview: OrderPreview | null;
    error: string | null;
    refusal: string | null;
  } | null>(null);
  const requestKey = request === null ? null : JSON.stringify(request);

  useEffect(() => {
    if (request === null || requestKey === null) {
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewOrder(call, request, controller.signal).then(
        (answer) => setPreviewState({ key: requestKey, preview: answer, error: null, refusal: null }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            setPreviewState({
              key: requestKey,
              preview: null,
              error: tradingErrorMessage(t, error, language),
              refusal: refusalCodeOf(error),
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
  }, [requestKey, refreshKey]);

  const current = previewState !== null && previewState.key === requestKey ? previewState : null;
  return {
    preview: current?.preview ?? null,
    error: current?.error ?? null,
    refusal: current?.refusal ?? null,
  };
}
