import { useNavigate, useRouteContext, useRouter, useSearch } from '@tanstack/react-router';
import { Alert, Button, Card, TextField, Wordmark } from '@tessera/ui';
import { toDataURL } from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { loadAmplify, type AmplifyAuth } from '../lib/amplify.ts';
import { staffGroupsOf } from '../lib/auth.ts';
import { useTranslation } from '../lib/i18n.ts';

type NextStep = Awaited<ReturnType<AmplifyAuth['signIn']>>['nextStep'];

/** The identity service's error names the sign-in shows in words of its own; anything else is a generic failure. */
function errorKey(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAuthorizedException':
      return error instanceof Error && error.message === 'User is disabled.'
        ? 'signIn.errors.disabled'
        : 'signIn.errors.wrongPassword';
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'signIn.errors.wrongCode';
    case 'InvalidPasswordException':
      return 'signIn.errors.weakPassword';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return 'signIn.errors.tooMany';
    default:
      return 'signIn.errors.failed';
  }
}

/**
 * Staff sign-in: e-mail and password, then the second factor the identity service asks for (TOTP is required for
 * staff: an authenticator code, or its set-up with a QR code the first time), and a new password for an invited
 * member. A customer (no staff group) is signed out again and told the console is for staff.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const { config, auth } = useRouteContext({ from: '/login' });
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<NextStep | null>(null);
  const [error, setError] = useState<string | null>(search.refused ? 'signIn.errors.notStaff' : null);
  const [busy, setBusy] = useState(false);

  const finish = async () => {
    const session = await auth.getSession();
    if (!session || staffGroupsOf(session.groups).length === 0) {
      await auth.signOut();
      setStep(null);
      setError('signIn.errors.notStaff');
      return;
    }
    await router.invalidate();
    await navigate({ to: search.redirect ?? '/home' });
  };

  const run = async (work: (amplify: AmplifyAuth) => Promise<{ nextStep: NextStep }>) => {
    setBusy(true);
    setError(null);
    try {
      const amplify = await loadAmplify(config);
      let result = await work(amplify);
      // TOTP is the staff's only second factor: choose it without asking.
      if (
        result.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION' ||
        result.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'
      ) {
        result = await amplify.confirmSignIn({ challengeResponse: 'TOTP' });
      }
      if (result.nextStep.signInStep === 'DONE') {
        await finish();
      } else {
        setStep(result.nextStep);
      }
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="console-centred">
      <Card className="console-sign-in" padding="lg">
        <Wordmark title={t('brand')} />
        <h1>{t('signIn.title')}</h1>
        {error ? <Alert>{t(error)}</Alert> : null}
        {step === null ? (
          <PasswordForm
            busy={busy}
            onSubmit={(given, password) => {
              setEmail(given);
              return run(async (amplify) => {
                // A previous person's session on this browser must not stand in the way.
                await amplify.signOut().catch(() => undefined);
                return amplify.signIn({
                  username: given,
                  password,
                  options: { authFlowType: 'USER_PASSWORD_AUTH' },
                });
              });
            }}
          />
        ) : (
          <ChallengeForm
            step={step}
            email={email}
            busy={busy}
            onAnswer={(challengeResponse) => run((amplify) => amplify.confirmSignIn({ challengeResponse }))}
          />
        )}
      </Card>
    </main>
  );
}

function PasswordForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (email: string, password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    setMissing(email === '' || password === '');
    if (email !== '' && password !== '') {
      void onSubmit(email, password);
    }
  };
  return (
    <form onSubmit={submit} className="console-form" noValidate>
      <TextField
        label={t('signIn.email')}
        name="email"
        type="email"
        autoComplete="username"
        required
        error={missing ? t('signIn.errors.required') : undefined}
      />
      <TextField
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" loading={busy} loadingLabel={t('signIn.busy')} fullWidth>
        {t('signIn.submit')}
      </Button>
    </form>
  );
}

function ChallengeForm({
  step,
  email,
  busy,
  onAnswer,
}: {
  step: NextStep;
  email: string;
  busy: boolean;
  onAnswer: (answer: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const setup = step.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' ? step.totpSetupDetails : null;
  useEffect(() => {
    if (setup) {
      void toDataURL(setup.getSetupUri('Tessera console', email).toString(), { margin: 1, width: 192 }).then(
        setQr,
      );
    }
  }, [setup, email]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('answer') ?? '').trim();
    if (value !== '') {
      void onAnswer(value);
    }
  };
  if (step.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
    return (
      <form onSubmit={submit} className="console-form" key="new-password">
        <p>{t('signIn.newPasswordLead')}</p>
        <TextField
          label={t('signIn.newPassword')}
          hint={t('signIn.newPasswordHint')}
          name="answer"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" loading={busy} loadingLabel={t('signIn.busy')} fullWidth>
          {t('signIn.savePassword')}
        </Button>
      </form>
    );
  }
  if (step.signInStep !== 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' && !setup) {
    return <Alert>{t('signIn.errors.unsupported')}</Alert>;
  }
  return (
    <form onSubmit={submit} className="console-form" key={setup ? 'totp-setup' : 'totp'}>
      {setup ? (
        <>
          <p>{t('signIn.setupLead')}</p>
          {qr ? (
            <img src={qr} width={192} height={192} alt={t('signIn.qrAlt')} className="console-qr" />
          ) : null}
          <p className="console-muted">
            {t('signIn.secret')} <code data-testid="totp-secret">{setup.sharedSecret}</code>
          </p>
        </>
      ) : (
        <p>{t('signIn.totpLead')}</p>
      )}
      <TextField
        label={t('signIn.code')}
        name="answer"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
      />
      <Button type="submit" loading={busy} loadingLabel={t('signIn.busy')} fullWidth>
        {t('signIn.verify')}
      </Button>
    </form>
  );
}
