import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Banner, Button, Dialog, Spinner, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { isInvalidSession } from '#/lib/auth.ts';
import {
  canResend,
  completeStepUp,
  startStepUp,
  STEP_UP_PROMPT_KEYS,
  stepUpErrorKey,
  type StepUpChallenge,
} from '#/lib/step-up.ts';
import { useSignOut } from '#/lib/use-sign-out.ts';
import { SUBMIT_VALIDATION, type Translate } from './form-options.ts';
import { ConfirmButton } from './confirm-button.tsx';

type Phase =
  | { kind: 'starting' }
  | { kind: 'startFailed'; error: string }
  | { kind: 'ready'; challenge: StepUpChallenge };

/**
 * Asks the signed-in person to confirm a money movement with a second factor (docs/api.md, "Step-up for money
 * movements"). Opening it starts a step-up (a code is sent by SMS or e-mail when that is the method); a right code
 * calls `onConfirmed` with the step-up access token to send with the movement. Escape, the close button and
 * Cancel call `onCancel`. An invalid session (spec section 8) signs the person out.
 */
export function StepUpDialog({
  open,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  onConfirmed: (accessToken: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          onCancel();
        }
      }}
      title={t('stepUp.title')}
      description={t('stepUp.lead')}
      closeLabel={t('stepUp.close')}
      size="sm"
    >
      {/* The body mounts with each opening (the dialog's content unmounts when closed): one step-up per opening. */}
      {open ? <StepUpBody onConfirmed={onConfirmed} onCancel={onCancel} /> : null}
    </Dialog>
  );
}

function stepUpCodeSchema(t: Translate) {
  return z.object({ code: z.string().refine((code) => code.trim() !== '', t('errors:auth.codeEmpty')) });
}

type StepUpCodeValues = z.infer<ReturnType<typeof stepUpCodeSchema>>;

/** The message of a step-up failure; an invalid session (spec section 8) also signs the person out. */
function useStepUpFailure() {
  const { t } = useTranslation(['auth', 'errors']);
  const signOut = useSignOut();
  return useCallback(
    (failure: unknown): string => {
      if (isInvalidSession(failure)) {
        void signOut();
      }
      return t(stepUpErrorKey(failure));
    },
    [signOut, t],
  );
}

/**
 * The step-up's start, once per mount, and its restarts (retry after a failed start, or a new code sent): each
 * start supersedes the previous one, and answers of an older start (or of a code sent for it) are ignored.
 */
function useStepUpStart() {
  const { t } = useTranslation(['auth', 'errors']);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  const attempt = useRef(0);

  const fail = useStepUpFailure();
  const start = useCallback(
    async (resend: boolean) => {
      const current = ++attempt.current;
      const latest = () => mounted.current && current === attempt.current;
      try {
        const challenge = await startStepUp();
        if (latest()) {
          setPhase({ kind: 'ready', challenge });
          setNotice(resend ? t('auth:stepUp.resent') : null);
          setError(null);
        }
      } catch (failure) {
        if (latest()) {
          const message = fail(failure);
          if (resend) {
            setError(message);
          } else {
            setPhase({ kind: 'startFailed', error: message });
          }
        }
      } finally {
        if (latest()) {
          setBusy(false);
        }
      }
    },
    [fail, t],
  );

  // Start once per mount; `start` changes with the language, which must not send a second code.
  const startOnMount = useRef(start);
  useEffect(() => {
    mounted.current = true;
    void startOnMount.current(false);
    return () => {
      mounted.current = false;
    };
  }, []);

  return {
    phase,
    error,
    setError,
    notice,
    setNotice,
    fail,
    /** True when no start happened since the attempt `current` was taken (and the body is still open). */
    isLatest: (current: number) => mounted.current && current === attempt.current,
    currentAttempt: () => attempt.current,
    retry: (resend: boolean) => {
      setBusy(true);
      void start(resend);
    },
    busy,
  };
}

function StepUpBody({
  onConfirmed,
  onCancel,
}: {
  onConfirmed: (accessToken: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const stepUp = useStepUpStart();
  const { phase } = stepUp;
  if (phase.kind === 'starting') {
    return <Spinner label={t('auth:stepUp.starting')} />;
  }
  if (phase.kind === 'startFailed') {
    return (
      <div className="app-stack">
        <p role="alert" className="app-form-error">
          {phase.error}
        </p>
        <div className="app-cluster">
          <Button variant="secondary" onClick={onCancel}>
            {t('auth:stepUp.cancel')}
          </Button>
          <ConfirmButton variant="primary" loading={stepUp.busy} onClick={() => stepUp.retry(false)}>
            {t('auth:stepUp.retry')}
          </ConfirmButton>
        </div>
      </div>
    );
  }
  return (
    <StepUpCodeForm
      challenge={phase.challenge}
      stepUp={stepUp}
      onConfirmed={onConfirmed}
      onCancel={onCancel}
    />
  );
}

/** The code of a started step-up: confirm it, send a new one (SMS, e-mail), or cancel. */
function StepUpCodeForm({
  challenge,
  stepUp,
  onConfirmed,
  onCancel,
}: {
  challenge: StepUpChallenge;
  stepUp: ReturnType<typeof useStepUpStart>;
  onConfirmed: (accessToken: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const form = useForm<StepUpCodeValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(stepUpCodeSchema(t)),
    defaultValues: { code: '' },
  });
  const completing = useMutation({
    mutationFn: ({ code }: StepUpCodeValues) => completeStepUp(challenge.session, code),
  });
  const busy = stepUp.busy || completing.isPending;

  const confirm = async (values: StepUpCodeValues) => {
    if (busy) {
      return;
    }
    const current = stepUp.currentAttempt();
    stepUp.setNotice(null);
    try {
      const accessToken = await completing.mutateAsync(values);
      if (stepUp.isLatest(current)) {
        onConfirmed(accessToken);
      }
    } catch (failure) {
      if (stepUp.isLatest(current)) {
        stepUp.setError(stepUp.fail(failure));
      }
    }
  };

  const prompt = STEP_UP_PROMPT_KEYS[challenge.method];
  return (
    // One message under the code, whichever came last: an empty code, a wrong one, a failed new code.
    <form
      className="app-form"
      onSubmit={form.handleSubmit(confirm, (errors) => stepUp.setError(errors.code?.message ?? null))}
      noValidate
    >
      <p>{t(prompt.description, { destination: challenge.destination ?? '' })}</p>
      {stepUp.notice ? <Banner tone="success">{stepUp.notice}</Banner> : null}
      <TextField
        label={t(prompt.label)}
        {...form.register('code')}
        error={stepUp.error ?? undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        required
        autoFocus
      />
      <StepUpActions
        canResend={canResend(challenge.method)}
        busy={busy}
        onResend={() => stepUp.retry(true)}
        onCancel={onCancel}
      />
    </form>
  );
}

function StepUpActions({
  canResend,
  busy,
  onResend,
  onCancel,
}: {
  canResend: boolean;
  busy: boolean;
  onResend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="app-cluster">
      {canResend ? (
        <Button variant="ghost" onClick={onResend} disabled={busy}>
          {t('auth:stepUp.resend')}
        </Button>
      ) : null}
      <Button variant="secondary" onClick={onCancel}>
        {t('auth:stepUp.cancel')}
      </Button>
      <ConfirmButton type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')}>
        {t('auth:stepUp.confirm')}
      </ConfirmButton>
    </div>
  );
}
