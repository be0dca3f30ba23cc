import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Banner, Button, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { SIGNED_IN_HOME, takeHostedLoginError } from '#/lib/auth.ts';
import { isProvided } from '#/lib/search-params.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { useFinishSignIn, useIdentity } from '#/lib/use-identity.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { ChallengeStep, type Challenge } from './challenge-step.tsx';

export interface LoginSearch {
  redirect?: string;
  code?: string;
  username?: string;
}

/**
 * /login: e-mail and password (USER_PASSWORD_AUTH), then whatever challenge the identity service asks for.
 * `username` prefills the form; `code` with `username` confirms a new account from an e-mailed link first.
 * A second submit while one sign-in is pending is ignored (spec section 4).
 */
export function LoginPage({ search }: { search: LoginSearch }) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const finish = useFinishSignIn();
  const [email, setEmail] = useState(isProvided(search.username) ? search.username : '');
  const [password, setPassword] = useState('');
  // A hosted sign-in that failed comes back here with its reason (read once, when the page opens).
  const [error, setError] = useState<string | null>(() => {
    const key = takeHostedLoginError();
    return key ? t(key) : null;
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);
  const redirect = isProvided(search.redirect) ? search.redirect : undefined;
  useConfirmFromLink(search, setNotice, setError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending.current) {
      return;
    }
    if (email.trim() === '') {
      setError(t('errors:auth.usernameEmpty'));
      return;
    }
    if (password === '') {
      setError(t('errors:auth.passwordEmpty'));
      return;
    }
    pending.current = true;
    setBusy(true);
    setError(null);
    try {
      const auth = await identity();
      const result = await auth.signIn({
        username: email.trim(),
        password,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      if (result.nextStep.signInStep === 'DONE') {
        await finish(redirect);
      } else {
        setChallenge({ step: result.nextStep, email: email.trim() });
      }
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <AuthLayout title={t('auth:login.title')}>
        <ChallengeStep challenge={challenge} onChallenge={setChallenge} onDone={() => finish(redirect)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth:login.title')} lead={t('auth:login.lead')}>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <form className="app-form" onSubmit={submit} noValidate>
        <TextField
          label={t('auth:fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label={t('auth:fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <FormError message={error} />
        <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')} fullWidth>
          {t('auth:login.submit')}
        </Button>
      </form>
      <HostedLoginButton redirect={redirect} onError={setError} />
      <div className="app-auth__links">
        <Link to="/forgotPassword" search={{ username: email || undefined }}>
          {t('auth:login.forgot')}
        </Link>
        <Link to="/register" search={{ redirect }}>
          {t('auth:login.register')}
        </Link>
      </div>
    </AuthLayout>
  );
}

/**
 * Single sign-on through the hosted login (spec section 4, "Hosted login"): Amplify redirects to the identity
 * service's own sign-in page over https with state and a PKCE challenge, and exchanges the code when the browser
 * comes back to the site root. The page the person wanted travels in the OAuth state. Shown only when the
 * server's /config.json names a hosted-login domain.
 */
function HostedLoginButton({ redirect, onError }: { redirect?: string; onError: (message: string) => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const router = useRouter();
  const identity = useIdentity();
  const [busy, setBusy] = useState(false);
  if (!router.options.context.config.identity.oauthDomain) {
    return null;
  }
  const start = async () => {
    setBusy(true);
    try {
      const auth = await identity();
      await auth.signInWithRedirect({
        customState: redirect ?? SIGNED_IN_HOME,
        options: { lang: currentLanguage() },
      });
    } catch (failure) {
      onError(t(authErrorKey(failure)));
      setBusy(false);
    }
  };
  return (
    <div className="app-stack">
      <p className="app-muted">{t('auth:login.or')}</p>
      <Button variant="secondary" loading={busy} loadingLabel={t('auth:pending')} fullWidth onClick={start}>
        {t('auth:login.hosted')}
      </Button>
    </div>
  );
}

/** `?username=…&code=…` from a confirmation e-mail: confirm the account once, then show the sign-in form. */
function useConfirmFromLink(
  search: LoginSearch,
  setNotice: (message: string) => void,
  setError: (message: string) => void,
) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !isProvided(search.code) || !isProvided(search.username)) {
      return;
    }
    done.current = true;
    const { code, username } = search;
    void identity()
      .then((auth) => auth.confirmSignUp({ username, confirmationCode: code }))
      .then(
        () => setNotice(t('auth:login.confirmed')),
        (failure: unknown) => setError(t(authErrorKey(failure))),
      );
  }, [identity, search, setError, setNotice, t]);
}
