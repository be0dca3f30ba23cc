import { useMutation } from '@tanstack/react-query';
import { Button } from '@tessera/ui';
import { type ReactNode, useMemo, useReducer } from 'react';
// Relative imports (not `#/`): the unit test beside this file loads it, and vitest has no path alias.
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../api/funds-api.ts';

/**
 * "Preview, then confirm", the way every money form of the funds pages works (invest, redeem, a plan, a token's
 * mint, burn, forced transfer, distribution and transfer): the customer fills the form, the panel checks it and
 * shows what will happen (worked out in the page, or asked of the service), and only the confirm moves money.
 *
 * The idempotency key: one key per filled form. A retry after an error (a lost answer, a refusal) sends the same key,
 * so the service answers the first attempt instead of moving the money twice; only a success makes a new key, for
 * the next operation.
 *
 * Two issuer forms act at once, without a preview (the forced transfer, whose submit is the confirm, and the
 * freeze): they use the same messages and key, and never show a preview.
 */
export interface PreviewedActionState<P, D> {
  /** What the confirm will do; null while the form is being filled (the "preview" button shows). */
  readonly preview: P | null;
  /** The Idempotency-Key of the confirm. */
  readonly key: string;
  /** The translated message of the last refusal: the panel's own check or the service's error. */
  readonly problem: string | null;
  /** The outcome of the last success, for the panel's success banner. */
  readonly done: D | null;
}

export type PreviewedActionEvent<P, D> =
  /** A new attempt (the submit): the last problem and outcome go; the preview stays until replaced. */
  | { readonly type: 'start' }
  | { readonly type: 'refuse'; readonly problem: string }
  | { readonly type: 'show'; readonly preview: P }
  /** An edit or a cancel: the preview goes; `clearDone` also drops the last outcome. */
  | { readonly type: 'hide'; readonly clearDone: boolean }
  | { readonly type: 'succeed'; readonly done: D; readonly nextKey: string }
  | { readonly type: 'fail'; readonly problem: string; readonly hidePreview: boolean };

/** The state's one way forward (pure, so the key's rules are tested without a page). */
export function previewedActionReducer<P, D>(
  state: PreviewedActionState<P, D>,
  event: PreviewedActionEvent<P, D>,
): PreviewedActionState<P, D> {
  switch (event.type) {
    case 'start':
      return { ...state, problem: null, done: null };
    case 'refuse':
      return { ...state, problem: event.problem };
    case 'show':
      return { ...state, preview: event.preview };
    case 'hide':
      return { ...state, preview: null, done: event.clearDone ? null : state.done };
    case 'succeed':
      return { ...state, preview: null, done: event.done, key: event.nextKey };
    case 'fail':
      return { ...state, problem: event.problem, preview: event.hidePreview ? null : state.preview };
  }
}

export interface PreviewedActionOptions {
  /** An error of the confirm also drops the preview (the token's mint and burn, whose preview is the page's own). */
  readonly hidePreviewOnError?: boolean;
  /** An edit of the form also drops the last success banner (the plan form). */
  readonly editClearsDone?: boolean;
}

export interface PreviewedAction<P, D> extends PreviewedActionState<P, D> {
  /** The submit's first step: clears the last problem and outcome. */
  start(): void;
  /** The panel's own check refused the form: shows why (already translated). */
  refuse(problem: string): void;
  /** Shows the preview (the checked form, or the service's answer). */
  show(preview: P): void;
  /** Drops the preview (the Cancel or Back button). */
  hide(): void;
  /** A field changed: applies the change and drops the preview, which no longer says what the form would do. */
  edit(apply: () => void): void;
  /** The confirm's success: keeps the outcome, drops the preview, makes a new key for the next operation. */
  succeed(done: D): void;
  /** A failure (a preview or the confirm): its translated message; the key stays for a retry. */
  fail(error: unknown): void;
}

/** The state of a "preview, then confirm" panel; see {@link PreviewedActionState}. */
export function usePreviewedAction<P, D>(options: PreviewedActionOptions = {}): PreviewedAction<P, D> {
  const { t } = useTranslation(['funds', 'errors']);
  const [state, dispatch] = useReducer(previewedActionReducer<P, D>, null, () => ({
    preview: null,
    key: newIdempotencyKey(),
    problem: null,
    done: null,
  }));
  const hidePreviewOnError = options.hidePreviewOnError === true;
  const editClearsDone = options.editClearsDone === true;
  const steps = useMemo(
    () => ({
      start: () => dispatch({ type: 'start' }),
      refuse: (problem: string) => dispatch({ type: 'refuse', problem }),
      show: (preview: P) => dispatch({ type: 'show', preview }),
      hide: () => dispatch({ type: 'hide', clearDone: false }),
      edit: (apply: () => void) => {
        apply();
        dispatch({ type: 'hide', clearDone: editClearsDone });
      },
      succeed: (done: D) => dispatch({ type: 'succeed', done, nextKey: newIdempotencyKey() }),
      fail: (error: unknown) =>
        dispatch({ type: 'fail', problem: errorMessage(t, error), hidePreview: hidePreviewOnError }),
    }),
    [t, hidePreviewOnError, editClearsDone],
  );
  return { ...state, ...steps };
}

/**
 * The preview asked of the service (invest, redeem, a plan, a distribution, a transfer's pre-check): its answer
 * shows; its error shows as the problem.
 */
export function useAskPreview<P, D, V>(action: PreviewedAction<P, D>, ask: (variables: V) => Promise<P>) {
  return useMutation({ mutationFn: ask, onSuccess: action.show, onError: action.fail });
}

/**
 * The confirm: `send` carries the action's idempotency key; after a success `confirmed` does the panel's own resets
 * and returns the outcome for the success banner, and the key is renewed; an error shows its message and keeps the
 * key for a retry.
 */
export function useConfirmAction<P, D, V, R>(
  action: PreviewedAction<P, D>,
  send: (variables: V, key: string) => Promise<R>,
  confirmed: (result: R, variables: V) => D,
) {
  return useMutation({
    mutationFn: (variables: V) => send(variables, action.key),
    onSuccess: (result, variables) => action.succeed(confirmed(result, variables)),
    onError: action.fail,
  });
}

/** The confirm of one preview: its text, what it does, and whether it is refused (a closed market). */
export interface PreviewConfirm {
  readonly label: string;
  readonly onConfirm: () => void;
  readonly disabled?: boolean;
}

/**
 * Where a panel's preview goes: the "preview" submit button while there is none (with `more` buttons beside it, in
 * one row), then the preview itself, announced politely when it appears, with its confirm (a money movement:
 * {@link ConfirmButton}) and the way back to the form. One element holds both, as the panels had.
 */
export function PreviewStep<P>({
  preview,
  label,
  asking = false,
  more,
  testId,
  children,
  confirm,
  confirming,
  cancel,
  onCancel,
}: {
  preview: P | null;
  /** The submit button's text ("Preview"). */
  label: string;
  /** The preview is being asked of the service. */
  asking?: boolean;
  more?: ReactNode;
  testId?: string;
  /** What the preview says, above its buttons. */
  children: (preview: P) => ReactNode;
  /** The preview's confirm; null shows no buttons (a transfer the pre-check refused). */
  confirm: (preview: P) => PreviewConfirm | null;
  confirming: boolean;
  cancel: string;
  onCancel: () => void;
}) {
  if (preview === null) {
    return (
      <div className={more === undefined ? undefined : 'funds-actions'}>
        <Button type="submit" variant="secondary" loading={asking}>
          {label}
        </Button>
        {more}
      </div>
    );
  }
  const action = confirm(preview);
  return (
    <div className="funds-preview" aria-live="polite" data-testid={testId}>
      {children(preview)}
      {action === null ? null : (
        <div className="funds-actions">
          <ConfirmButton
            type="button"
            variant="primary"
            disabled={action.disabled}
            loading={confirming}
            onClick={action.onConfirm}
          >
            {action.label}
          </ConfirmButton>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {cancel}
          </Button>
        </div>
      )}
    </div>
  );
}
