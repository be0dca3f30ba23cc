import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
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

function StepUpBody({
  onConfirmed,
  onCancel,
}: {
  onConfirmed: (accessToken: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const signOut = useSignOut();
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  // Each start supersedes the previous one; answers of an older start are ignored.
  const attempt = useRef(0);

  const fail = useCallback(
    (failure: unknown): string => {
      if (isInvalidSession(failure)) {
        void signOut();
      }
      return t(stepUpErrorKey(failure));
    },
    [signOut, t],
  );

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

  const retry = (resend: boolean) => {
    setBusy(true);
    void start(resend);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || phase.kind !== 'ready') {
      return;
    }
    if (code.trim() === '') {
      setError(t('errors:auth.codeEmpty'));
      return;
    }
    const current = attempt.current;
    const latest = () => mounted.current && current === attempt.current;
    setBusy(true);
    setNotice(null);
    try {
      const accessToken = await completeStepUp(phase.challenge.session, code);
      if (latest()) {
        onConfirmed(accessToken);
      }
    } catch (failure) {
      if (latest()) {
        setError(fail(failure));
      }
    } finally {
      if (latest()) {
        setBusy(false);
      }
    }
  };

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
          <Button variant="primary" loading={busy} onClick={() => retry(false)}>
            {t('auth:stepUp.retry')}
          </Button>
        </div>
      </div>
    );
  }
  const { challenge } = phase;
  const prompt = STEP_UP_PROMPT_KEYS[challenge.method];
  return (
    <form className="app-form" onSubmit={submit} noValidate>
      <p>{t(prompt.description, { destination: challenge.destination ?? '' })}</p>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <TextField
        label={t(prompt.label)}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        required
        autoFocus
      />
      <div className="app-cluster">
        {canResend(challenge.method) ? (
          <Button variant="ghost" onClick={() => retry(true)} disabled={busy}>
            {t('auth:stepUp.resend')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onCancel}>
          {t('auth:stepUp.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')}>
          {t('auth:stepUp.confirm')}
        </Button>
      </div>
    </form>
  );
}
