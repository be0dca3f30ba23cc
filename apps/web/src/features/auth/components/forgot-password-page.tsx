import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { isProvided } from '#/lib/search-params.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { passwordProblems } from '#/lib/password-policy.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';

export interface ForgotPasswordSearch {
  sendEmail?: string;
  auth_code?: string;
  username?: string;
}

/**
 * /forgotPassword: ask for a code by e-mail, then set a new password with it. `sendEmail` sends the code at once
 * to that address; `username` prefills; `auth_code` (from the e-mail) opens the second step with the code filled in.
 * The answer to "send me a code" is the same whether or not the address has an account (no enumeration).
 */
export function ForgotPasswordPage({ search }: { search: ForgotPasswordSearch }) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const initial = isProvided(search.sendEmail)
    ? search.sendEmail
    : isProvided(search.username)
      ? search.username
      : '';
  const [email, setEmail] = useState(initial);
  const [step, setStep] = useState<'request' | 'reset' | 'done'>(
    isProvided(search.auth_code) ? 'reset' : 'request',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sent = useRef(false);

  const request = async () => {
    if (email.trim() === '') {
      setError(t('errors:auth.usernameEmpty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await identity()).resetPassword({ username: email.trim() });
      setStep('reset');
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (isProvided(search.sendEmail) && !sent.current) {
      sent.current = true;
      void request();
    }
  });

  return (
    <AuthLayout
      title={t('auth:forgotPassword.title')}
      lead={step === 'request' ? t('auth:forgotPassword.lead') : undefined}
    >
      {step === 'request' ? (
        <form
          className="app-form"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void request();
          }}
        >
          <TextField
            label={t('auth:fields.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          <FormError message={error} />
          <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')} fullWidth>
            {t('auth:forgotPassword.send')}
          </Button>
        </form>
      ) : null}
      {step === 'reset' ? (
        <ResetForm
          email={email}
          initialCode={isProvided(search.auth_code) ? search.auth_code : ''}
          onDone={() => setStep('done')}
        />
      ) : null}
      {step === 'done' ? <Banner tone="success">{t('auth:forgotPassword.done')}</Banner> : null}
      <div className="app-auth__links">
        <Link to="/login" search={{ username: email || undefined }}>
          {t('auth:forgotPassword.backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}

function ResetForm({
  email,
  initialCode,
  onDone,
}: {
  email: string;
  initialCode: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const [values, setValues] = useState({ email, code: initialCode, password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.email.trim() === '') {
      setError(t('errors:auth.usernameEmpty'));
      return;
    }
    if (values.code.trim() === '') {
      setError(t('errors:auth.codeEmpty'));
      return;
    }
    const problems = passwordProblems(values.password);
    if (problems.length > 0) {
      setError(problems.map((key) => t(key)).join(' '));
      return;
    }
    setBusy(true);
    try {
      await (
        await identity()
      ).confirmResetPassword({
        username: values.email.trim(),
        confirmationCode: values.code.trim(),
        newPassword: values.password,
      });
      onDone();
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    } finally {
      setBusy(false);
    }
  };
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));
  return (
    <form className="app-form" onSubmit={submit} noValidate>
      <p>{t('auth:forgotPassword.codeLead', { email: values.email })}</p>
      {email === '' ? (
        <TextField
          label={t('auth:fields.email')}
          type="email"
          value={values.email}
          onChange={set('email')}
          required
        />
      ) : null}
      <TextField
        label={t('auth:fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={values.code}
        onChange={set('code')}
        required
      />
      <TextField
        label={t('auth:fields.newPassword')}
        hint={t('auth:password.hint')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        required
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')} fullWidth>
        {t('auth:forgotPassword.reset')}
      </Button>
    </form>
  );
}
