import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Link } from '@tanstack/react-router';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { isProvided } from '#/lib/search-params.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { pollUntilSignedIn } from '../lib/auto-sign-in.ts';
import { isPhoneNumber, passwordProblems } from '#/lib/password-policy.ts';
import { useFinishSignIn, useIdentity, usePreloadIdentity } from '#/lib/use-identity.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { usePrerenderedForm } from '#/lib/prerendered-form.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
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
      <PageHead
        title={`${t('auth:register.title')} — Tessera`}
        description={t('auth:register.lead')}
        path="/register"
      />
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

/** The sign-up fields as spec section 5 checks them: e-mail and phone given, the password policy, the confirmation. */
function signUpSchema(t: Translate) {
  return z
    .object({ email: z.string(), phone: z.string(), password: z.string(), confirm: z.string() })
    .superRefine((values, context) => {
      const problem = (path: keyof SignUpValues, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (values.email.trim() === '') {
        problem('email', t('errors:auth.emailEmpty'));
      }
      if (values.phone.trim() === '') {
        problem('phone', t('errors:auth.phoneEmpty'));
      } else if (!isPhoneNumber(values.phone.trim())) {
        problem('phone', t('auth:fields.phoneInvalid'));
      }
      const policy = passwordProblems(values.password);
      if (values.password === '') {
        problem('password', t('errors:auth.passwordEmpty'));
      } else if (policy.length > 0) {
        problem('password', policy.map((key) => t(key)).join(' '));
      }
      if (values.confirm !== values.password) {
        problem('confirm', t('auth:fields.confirmMismatch'));
      }
    });
}

interface SignUpValues {
  email: string;
  phone: string;
  password: string;
  confirm: string;
}

/** Creates the account (signing in by itself once confirmed), with the referral code the visitor arrived with. */
function useSignUp() {
  const identity = useIdentity();
  return useMutation({
    mutationFn: async (values: SignUpValues) => {
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
      return email;
    },
  });
}

function SignUpForm({
  initialEmail,
  onSignedUp,
}: {
  initialEmail: string;
  onSignedUp: (email: string) => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const signUp = useSignUp();
  const preload = usePreloadIdentity();
  const { formProps, fieldDefault } = usePrerenderedForm();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(signUpSchema(t)),
    // What was typed in the pre-rendered form before the app started stays (src/lib/prerendered-form.ts).
    defaultValues: {
      email: fieldDefault('email', initialEmail),
      phone: fieldDefault('phone', ''),
      password: fieldDefault('password', ''),
      confirm: fieldDefault('confirm', ''),
    },
  });
  const create = async (values: SignUpValues) => {
    setFormError(null);
    if (signUp.isPending) {
      return;
    }
    try {
      onSignedUp(await signUp.mutateAsync(values));
    } catch (failure) {
      setFormError(t(authErrorKey(failure)));
    }
  };
  return (
    // POST, held back until the app starts: the password never goes in the address (prerendered-form.ts).
    <form
      className="app-form"
      method="post"
      {...formProps}
      onSubmit={form.handleSubmit(create, () => setFormError(null))}
      onFocus={preload}
      noValidate
    >
      <SignUpInputs form={form} />
      <FormError message={formError} />
      <Button
        type="submit"
        variant="primary"
        loading={signUp.isPending}
        loadingLabel={t('auth:pending')}
        fullWidth
      >
        {t('auth:register.submit')}
      </Button>
    </form>
  );
}

function SignUpInputs({ form }: { form: UseFormReturn<SignUpValues> }) {
  const { t } = useTranslation(['auth', 'errors']);
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label={t('auth:fields.email')}
        type="email"
        autoComplete="email"
        required
        {...form.register('email')}
        error={errors.email?.message}
      />
      <TextField
        label={t('auth:fields.phone')}
        hint={t('auth:fields.phoneHint')}
        type="tel"
        autoComplete="tel"
        required
        {...form.register('phone')}
        error={errors.phone?.message}
      />
      <TextField
        label={t('auth:fields.password')}
        hint={t('auth:password.hint')}
        type="password"
        autoComplete="new-password"
        required
        {...form.register('password')}
        error={errors.password?.message}
      />
      <TextField
        label={t('auth:fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...form.register('confirm')}
        error={errors.confirm?.message}
      />
    </>
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
