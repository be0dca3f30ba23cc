import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Link, useRouter } from '@tanstack/react-router';
import { Banner, Button, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { SIGNED_IN_HOME, takeHostedLoginError } from '#/lib/auth.ts';
import { isProvided } from '#/lib/search-params.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { useFinishSignIn, useIdentity, usePreloadIdentity } from '#/lib/use-identity.ts';
import { useHydrated } from '#/lib/use-hydrated.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { usePrerenderedForm } from '#/lib/prerendered-form.ts';
import { firstError, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';
import { ChallengeStep, type Challenge } from './challenge-step.tsx';

export interface LoginSearch {
  redirect?: string;
  code?: string;
  username?: string;
}

/** The e-mail first, then the password; the identity service says whether they match. */
function signInSchema(t: Translate) {
  return z.object({
    email: z.string().refine((email) => email.trim() !== '', t('errors:auth.usernameEmpty')),
    password: z.string().refine((password) => password !== '', t('errors:auth.passwordEmpty')),
  });
}

type SignInValues = z.infer<ReturnType<typeof signInSchema>>;

/**
 * /login: e-mail and password (USER_PASSWORD_AUTH), then whatever challenge the identity service asks for.
 * `username` prefills the form; `code` with `username` confirms a new account from an e-mailed link first.
 * A second submit while one sign-in is pending is ignored (spec section 4).
 */
export function LoginPage({ search }: { search: LoginSearch }) {
  const { t } = useTranslation(['auth', 'errors']);
  const finish = useFinishSignIn();
  // A hosted sign-in that failed comes back here with its reason (read once, when the page opens; such a page is
  // rendered afresh, not hydrated from the pre-render: src/start-app.tsx).
  const [error, setError] = useState<string | null>(() => {
    const key = takeHostedLoginError();
    return key ? t(key) : null;
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const redirect = isProvided(search.redirect) ? search.redirect : undefined;
  useConfirmFromLink(search, setNotice, setError);
  if (challenge) {
    return (
      <AuthLayout title={t('auth:login.title')}>
        <ChallengeStep challenge={challenge} onChallenge={setChallenge} onDone={() => finish(redirect)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth:login.title')} lead={t('auth:login.lead')}>
      <PageHead
        title={`${t('auth:login.title')} — Tessera`}
        description={t('auth:login.lead')}
        path="/login"
      />
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <LoginForm
        initialEmail={isProvided(search.username) ? search.username : ''}
        redirect={redirect}
        error={error}
        setError={setError}
        onChallenge={setChallenge}
      />
    </AuthLayout>
  );
}

/** Signs in with the password; resolves to the challenge asked for, or null once signed in. */
function useSignIn(redirect: string | undefined) {
  const identity = useIdentity();
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async ({ email, password }: SignInValues): Promise<Challenge | null> => {
      const auth = await identity();
      const result = await auth.signIn({
        username: email.trim(),
        password,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      if (result.nextStep.signInStep === 'DONE') {
        await finish(redirect);
        return null;
      }
      return { step: result.nextStep, email: email.trim() };
    },
  });
}

/**
 * Submitting the sign-in form. A second submit while one is pending (validation included) is ignored: the flag is
 * set at once, where a state update would let a double click through before the next render.
 */
function useLoginSubmit(
  form: UseFormReturn<SignInValues>,
  redirect: string | undefined,
  setError: (message: string | null) => void,
  onChallenge: (challenge: Challenge) => void,
) {
  const { t } = useTranslation(['auth', 'errors']);
  const signIn = useSignIn(redirect);
  const pending = useRef(false);
  const signInWith = async (values: SignInValues) => {
    setError(null);
    try {
      const challenge = await signIn.mutateAsync(values);
      if (challenge) {
        onChallenge(challenge);
      }
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    } finally {
      pending.current = false;
    }
  };
  const refused = (errors: FieldErrors<SignInValues>) => {
    pending.current = false;
    setError(firstError(errors, ['email', 'password']));
  };
  const onSubmit = (event: FormEvent) => {
    if (pending.current) {
      event.preventDefault();
      return;
    }
    pending.current = true;
    void form.handleSubmit(signInWith, refused)(event);
  };
  return { onSubmit, busy: signIn.isPending };
}

function LoginForm({
  initialEmail,
  redirect,
  error,
  setError,
  onChallenge,
}: {
  initialEmail: string;
  redirect: string | undefined;
  error: string | null;
  setError: (message: string | null) => void;
  onChallenge: (challenge: Challenge) => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const { formProps, fieldDefault } = usePrerenderedForm();
  const form = useForm<SignInValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(signInSchema(t)),
    // What was typed in the pre-rendered form before the app started stays (src/lib/prerendered-form.ts).
    defaultValues: {
      email: fieldDefault('email', initialEmail),
      password: fieldDefault('password', ''),
    },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const { onSubmit, busy } = useLoginSubmit(form, redirect, setError, onChallenge);
  const preload = usePreloadIdentity();
  return (
    <>
      {/* POST, held back until the app starts: the password never goes in the address (prerendered-form.ts). */}
      <form
        className="app-form"
        method="post"
        {...formProps}
        onSubmit={onSubmit}
        onFocus={preload}
        noValidate
      >
        <TextField
          label={t('auth:fields.email')}
          type="email"
          autoComplete="username"
          {...form.register('email')}
          required
        />
        <TextField
          label={t('auth:fields.password')}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          required
        />
        <FormError message={error} />
        <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')} fullWidth>
          {t('auth:login.submit')}
        </Button>
      </form>
      <LoginLinks email={email} redirect={redirect} />
      {/* Last: it appears once the app has taken the form over, and must move nothing above it (app.css, .app-auth). */}
      <HostedLoginButton redirect={redirect} onError={setError} />
    </>
  );
}

/** Forgot password (with the e-mail typed so far) and create an account (keeping where to go afterwards). */
function LoginLinks({ email, redirect }: { email: string; redirect: string | undefined }) {
  const { t } = useTranslation('auth');
  return (
    <div className="app-auth__links">
      <Link to="/forgotPassword" search={{ username: email || undefined }}>
        {t('auth:login.forgot')}
      </Link>
      <Link to="/register" search={{ redirect }}>
        {t('auth:login.register')}
      </Link>
    </div>
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
  // The pre-render knows no configuration: the button appears once the page has hydrated.
  const hydrated = useHydrated();
  if (!hydrated || !router.options.context.config.identity.oauthDomain) {
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
