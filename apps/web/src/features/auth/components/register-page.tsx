import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { isProvided } from '#/lib/search-params.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { pollUntilSignedIn } from '../lib/auto-sign-in.ts';
import { isPhoneNumber, passwordProblems } from '#/lib/password-policy.ts';
import { useFinishSignIn, useIdentity } from '#/lib/use-identity.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { CodeForm } from './code-form.tsx';

export interface RegisterSearch {
  redirect?: string;
  referral?: string;
  auth_code?: string;
  email?: string;
  username?: string;
  resendEmail?: string;
}

/** The referral code a visitor arrived with, kept for the referral programme until their account exists. */
export const REFERRAL_STORAGE_KEY = 'referral';

/**
 * /register: e-mail, phone and password (spec section 5), then the code sent by e-mail, then auto sign-in.
 * A confirmation link opens the confirm step directly (`username` or `email`, with `auth_code` to confirm at once,
 * `resendEmail` to send a new code).
 */
export function RegisterPage({ search }: { search: RegisterSearch }) {
  const { t } = useTranslation(['auth', 'errors']);
  const linkUser = isProvided(search.username)
    ? search.username
    : isProvided(search.email)
      ? search.email
      : null;
  const [confirming, setConfirming] = useState<string | null>(
    linkUser && (isProvided(search.auth_code) || search.resendEmail !== undefined) ? linkUser : null,
  );
  useEffect(() => {
    if (isProvided(search.referral)) {
      localStorage.setItem(REFERRAL_STORAGE_KEY, search.referral);
    }
  }, [search.referral]);
  const redirect = isProvided(search.redirect) ? search.redirect : undefined;
  return (
    <AuthLayout title={t('auth:register.title')} lead={confirming ? undefined : t('auth:register.lead')}>
      {confirming ? (
        <ConfirmStep
          username={confirming}
          redirect={redirect}
          initialCode={isProvided(search.auth_code) ? search.auth_code : ''}
          resend={isProvided(search.resendEmail) && search.resendEmail !== 'false'}
        />
      ) : (
        <SignUpForm initialEmail={isProvided(search.email) ? search.email : ''} onSignedUp={setConfirming} />
      )}
      <div className="app-auth__links">
        <Link to="/login" search={{ redirect }}>
          {t('auth:register.haveAccount')}
        </Link>
      </div>
    </AuthLayout>
  );
}

function SignUpForm({
  initialEmail,
  onSignedUp,
}: {
  initialEmail: string;
  onSignedUp: (email: string) => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const [values, setValues] = useState({ email: initialEmail, phone: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
  });
  const validate = () => {
    const found: typeof errors = {};
    if (values.email.trim() === '') {
      found.email = t('errors:auth.emailEmpty');
    }
    if (values.phone.trim() === '') {
      found.phone = t('errors:auth.phoneEmpty');
    } else if (!isPhoneNumber(values.phone.trim())) {
      found.phone = t('auth:fields.phoneInvalid');
    }
    const problems = passwordProblems(values.password);
    if (values.password === '') {
      found.password = t('errors:auth.passwordEmpty');
    } else if (problems.length > 0) {
      found.password = problems.map((key) => t(key)).join(' ');
    }
    if (values.confirm !== values.password) {
      found.confirm = t('auth:fields.confirmMismatch');
    }
    return found;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) {
      return;
    }
    setBusy(true);
    try {
      const auth = await identity();
      const email = values.email.trim();
      const referral = localStorage.getItem(REFERRAL_STORAGE_KEY) ?? undefined;
      await auth.signUp({
        username: email,
        password: values.password,
        options: {
          userAttributes: { email, phone_number: values.phone.trim() },
          autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' },
          clientMetadata: referral ? { referral } : undefined,
        },
      });
      onSignedUp(email);
    } catch (failure) {
      setErrors({ form: t(authErrorKey(failure)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="app-form" onSubmit={submit} noValidate>
      <TextField
        label={t('auth:fields.email')}
        type="email"
        autoComplete="email"
        required
        {...field('email')}
      />
      <TextField
        label={t('auth:fields.phone')}
        hint={t('auth:fields.phoneHint')}
        type="tel"
        autoComplete="tel"
        required
        {...field('phone')}
      />
      <TextField
        label={t('auth:fields.password')}
        hint={t('auth:password.hint')}
        type="password"
        autoComplete="new-password"
        required
        {...field('password')}
      />
      <TextField
        label={t('auth:fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...field('confirm')}
      />
      <FormError message={errors.form ?? null} />
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')} fullWidth>
        {t('auth:register.submit')}
      </Button>
    </form>
  );
}

function ConfirmStep(props: { username: string; redirect?: string; initialCode: string; resend: boolean }) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const finish = useFinishSignIn();
  const [notice, setNotice] = useState<string | null>(null);
  const resent = useRef(false);
  const resend = async () => {
    try {
      await (await identity()).resendSignUpCode({ username: props.username });
      setNotice(t('auth:register.resent'));
    } catch (failure) {
      setNotice(t(authErrorKey(failure)));
    }
  };
  useEffect(() => {
    if (props.resend && !resent.current) {
      resent.current = true;
      void resend();
    }
  });
  const confirm = async (code: string): Promise<string | null> => {
    try {
      const auth = await identity();
      const result = await auth.confirmSignUp({ username: props.username, confirmationCode: code });
      if (result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        await pollUntilSignedIn(() => auth.autoSignIn(), {
          retryIf: (error) =>
            error instanceof Error && ['UserNotConfirmedException', 'NetworkError'].includes(error.name),
        });
        await finish(props.redirect);
        return null;
      }
      await finish(`/login?username=${encodeURIComponent(props.username)}`);
      return null;
    } catch (failure) {
      return t(authErrorKey(failure));
    }
  };
  return (
    <>
      <p>{t('auth:register.confirmLead', { email: props.username })}</p>
      {notice ? <Banner tone="info">{notice}</Banner> : null}
      <CodeForm
        label={t('auth:fields.code')}
        submitLabel={t('auth:register.confirm')}
        onSubmit={confirm}
        initialCode={props.initialCode}
        secondary={
          <Button type="button" variant="ghost" onClick={() => void resend()}>
            {t('auth:register.resend')}
          </Button>
        }
      />
    </>
  );
}
