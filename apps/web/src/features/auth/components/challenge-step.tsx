import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
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
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';

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
  const [remember, setRemember] = useState(false);
  const answer = useAnswerChallenge(challenge, remember, onChallenge, onDone);
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
      return <TotpSetup details={step.totpSetupDetails} email={challenge.email} onSubmit={answer} />;
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
 * Answers a challenge with what the person entered; resolves to the message to show, or null when it went on (to
 * the next challenge, or signed in, this device remembered when asked).
 */
function useAnswerChallenge(
  challenge: Challenge,
  remember: boolean,
  onChallenge: (next: Challenge) => void,
  onDone: () => Promise<void>,
) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  return async (challengeResponse: string): Promise<string | null> => {
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
}

type TotpSetupDetails = Extract<
  SignInOutput['nextStep'],
  { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' }
>['totpSetupDetails'];

/** TOTP set-up during sign-in: the QR code (and the secret to type), then a first code from the app. */
function TotpSetup({
  details,
  email,
  onSubmit,
}: {
  details: TotpSetupDetails;
  email: string;
  onSubmit: (code: string) => Promise<string | null>;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <>
      <p>{t('auth:mfa.setupLead')}</p>
      <TotpQrCode uri={details.getSetupUri('Tessera', email).toString()} />
      <p className="app-muted" data-private="">
        {t('auth:mfa.secret', { secret: details.sharedSecret })}
      </p>
      <CodeForm label={t('auth:mfa.totpLabel')} submitLabel={t('auth:mfa.activate')} onSubmit={onSubmit} />
    </>
  );
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
  const form = useForm<{ choice: string }>({
    ...SUBMIT_VALIDATION,
    defaultValues: { choice: allowed[0] ?? 'TOTP' },
  });
  const choice = useWatch({ control: form.control, name: 'choice' });
  // onChoose answers with the message to show, or null.
  const [error, setError] = useState<string | null>(null);
  const choosing = useMutation({ mutationFn: onChoose, onSuccess: setError });
  return (
    <form className="app-form" onSubmit={form.handleSubmit((values) => choosing.mutate(values.choice))}>
      <SegmentedControl
        label={t('auth:mfa.choose')}
        value={choice}
        onValueChange={(value) => form.setValue('choice', value)}
        options={allowed.map((type) => ({ value: type, label: t(`auth:mfa.types.${type}`) }))}
      />
      <FormError message={error} />
      <Button
        type="submit"
        variant="primary"
        loading={choosing.isPending}
        loadingLabel={t('auth:pending')}
        fullWidth
      >
        {t('auth:mfa.continue')}
      </Button>
    </form>
  );
}

function newPasswordSchema(t: (key: string) => string) {
  return z.object({
    password: z.string().superRefine((password, context) => {
      const problems = passwordProblems(password);
      if (problems.length > 0) {
        context.addIssue({ code: 'custom', message: problems.map((key) => t(key)).join(' ') });
      }
    }),
  });
}

/** A new password for a user the staff created (spec section 4), meeting the policy of spec section 5. */
function NewPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<string | null> }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string }>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(newPasswordSchema(t)),
    defaultValues: { password: '' },
  });
  // onSubmit answers with the message to show, or null.
  const answering = useMutation({ mutationFn: onSubmit, onSuccess: setError });
  return (
    <form
      className="app-form"
      noValidate
      onSubmit={form.handleSubmit(
        (values) => answering.mutate(values.password),
        (errors) => setError(errors.password?.message ?? null),
      )}
    >
      <p>{t('auth:newPassword.lead')}</p>
      <TextField
        label={t('auth:fields.newPassword')}
        hint={t('auth:password.hint')}
        type="password"
        autoComplete="new-password"
        {...form.register('password')}
        required
      />
      <FormError message={error} />
      <Button
        type="submit"
        variant="primary"
        loading={answering.isPending}
        loadingLabel={t('auth:pending')}
        fullWidth
      >
        {t('auth:newPassword.submit')}
      </Button>
    </form>
  );
}
