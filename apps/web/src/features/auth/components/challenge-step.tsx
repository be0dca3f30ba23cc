import { useState } from 'react';
import { Navigate } from '@tanstack/react-router';
import { Button, Checkbox, SegmentedControl, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import type { AmplifyAuth } from '#/lib/amplify.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { passwordProblems } from '#/lib/password-policy.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { CodeForm } from './code-form.tsx';
import { FormError } from './auth-layout.tsx';
import { TotpQrCode } from '#/components/totp-qr-code.tsx';

type SignInOutput = Awaited<ReturnType<AmplifyAuth['signIn']>>;

/** A challenge the identity service asked for, with the e-mail it was for. */
export interface Challenge {
  step: SignInOutput['nextStep'];
  email: string;
}

/**
 * Answers the challenges of spec section 4 through Amplify's confirmSignIn: TOTP and SMS codes (with the choice to
 * remember this device), the choice of MFA type, TOTP set-up with a QR code, a new password for staff-created
 * users, and custom challenges.
 */
export function ChallengeStep({
  challenge,
  onChallenge,
  onDone,
}: {
  challenge: Challenge;
  onChallenge: (next: Challenge) => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const [remember, setRemember] = useState(false);
  const answer = async (challengeResponse: string): Promise<string | null> => {
    try {
      const auth = await identity();
      const result = await auth.confirmSignIn({ challengeResponse });
      if (result.nextStep.signInStep === 'DONE') {
        if (remember) {
          await rememberThisDevice(auth);
        }
        await onDone();
      } else {
        onChallenge({ step: result.nextStep, email: challenge.email });
      }
      return null;
    } catch (failure) {
      return t(authErrorKey(failure));
    }
  };
  const { step } = challenge;
  const rememberChoice = (
    <Checkbox
      label={t('auth:device.remember')}
      description={t('auth:device.rememberHint')}
      checked={remember}
      onCheckedChange={(checked) => setRemember(checked === true)}
    />
  );
  switch (step.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return (
        <CodeForm
          label={t('auth:mfa.totpLabel')}
          submitLabel={t('auth:mfa.verify')}
          onSubmit={answer}
          extra={rememberChoice}
        />
      );
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return (
        <CodeForm
          label={t('auth:mfa.smsLabel')}
          hint={t('auth:mfa.smsHint', { destination: step.codeDeliveryDetails?.destination ?? '' })}
          submitLabel={t('auth:mfa.verify')}
          onSubmit={answer}
          extra={rememberChoice}
        />
      );
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return <MfaChoice allowed={step.allowedMFATypes ?? ['TOTP']} onChoose={answer} />;
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return (
        <>
          <p>{t('auth:mfa.setupLead')}</p>
          <TotpQrCode uri={step.totpSetupDetails.getSetupUri('Tessera', challenge.email).toString()} />
          <p className="app-muted">{t('auth:mfa.secret', { secret: step.totpSetupDetails.sharedSecret })}</p>
          <CodeForm label={t('auth:mfa.totpLabel')} submitLabel={t('auth:mfa.activate')} onSubmit={answer} />
        </>
      );
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return <NewPasswordForm onSubmit={answer} />;
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return (
        <CodeForm label={t('auth:mfa.customLabel')} submitLabel={t('auth:mfa.verify')} onSubmit={answer} />
      );
    case 'CONFIRM_SIGN_UP':
      return <Navigate to="/register" search={{ username: challenge.email, resendEmail: 'true' }} />;
    case 'RESET_PASSWORD':
      return (
        <Navigate to="/forgotPassword" search={{ username: challenge.email, sendEmail: challenge.email }} />
      );
    default:
      return <FormError message={t('errors:auth.authenticationError')} />;
  }
}

/**
 * Remembers the device this sign-in confirmed (Amplify confirmed it with an SRP verifier when the service offered
 * one), so the next sign-in here proves the device by SRP instead of asking for a code. A failure only means the
 * code will be asked again next time: the sign-in itself succeeded and goes on.
 */
async function rememberThisDevice(auth: AmplifyAuth): Promise<void> {
  try {
    await auth.rememberDevice();
  } catch {
    // Nothing to tell the person now; the device simply stays not remembered.
  }
}

function MfaChoice({
  allowed,
  onChoose,
}: {
  allowed: readonly string[];
  onChoose: (type: string) => Promise<string | null>;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const [choice, setChoice] = useState(allowed[0] ?? 'TOTP');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="app-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(await onChoose(choice));
        setBusy(false);
      }}
    >
      <SegmentedControl
        label={t('auth:mfa.choose')}
        value={choice}
        onValueChange={setChoice}
        options={allowed.map((type) => ({ value: type, label: t(`auth:mfa.types.${type}`) }))}
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')} fullWidth>
        {t('auth:mfa.continue')}
      </Button>
    </form>
  );
}

function NewPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<string | null> }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="app-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const problems = passwordProblems(password);
        if (problems.length > 0) {
          setError(problems.map((key) => t(key)).join(' '));
          return;
        }
        setBusy(true);
        setError(await onSubmit(password));
        setBusy(false);
      }}
    >
      <p>{t('auth:newPassword.lead')}</p>
      <TextField
        label={t('auth:fields.newPassword')}
        hint={t('auth:password.hint')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')} fullWidth>
        {t('auth:newPassword.submit')}
      </Button>
    </form>
  );
}
