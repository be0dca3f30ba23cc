import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Link } from '@tanstack/react-router';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { isProvided } from '#/lib/search-params.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { passwordProblems } from '#/lib/password-policy.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { firstError, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { AuthLayout, FormError } from './auth-layout.tsx';

export interface ForgotPasswordSearch {
  sendEmail?: string;
  auth_code?: string;
  username?: string;
}

function requestCodeSchema(t: Translate) {
  return z.object({
    email: z.string().refine((email) => email.trim() !== '', t('errors:auth.usernameEmpty')),
  });
}

type RequestCodeValues = z.infer<ReturnType<typeof requestCodeSchema>>;

/** One problem at a time, in this order: the e-mail, the code, the password policy (spec section 5). */
function resetSchema(t: Translate) {
  return z.object({
    email: z.string().refine((email) => email.trim() !== '', t('errors:auth.usernameEmpty')),
    code: z.string().refine((code) => code.trim() !== '', t('errors:auth.codeEmpty')),
    password: z.string().superRefine((password, context) => {
      const problems = passwordProblems(password);
      if (problems.length > 0) {
        context.addIssue({ code: 'custom', message: problems.map((key) => t(key)).join(' ') });
      }
    }),
  });
}

type ResetValues = z.infer<ReturnType<typeof resetSchema>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A search value that is a real e-mail address (a marker, "true" or garbage is no address). */
function providedEmail(value: string | undefined): string | undefined {
  return isProvided(value) && EMAIL_PATTERN.test(value.trim()) ? value.trim() : undefined;
}

/**
 * /forgotPassword: ask for a code by e-mail, then set a new password with it. The search parameters (spec sections
 * 2 and 5) each do one job, and none acts without the person: nothing is sent when the page opens.
 *  - `sendEmail`: the address a code should go to (the sign-in sends here when the service requires a reset). It
 *    fills the e-mail field and says why; the code leaves only when the person selects "Send me a code".
 *  - `username`: fills the e-mail field.
 *  - `auth_code`: the code from the e-mail; opens the second step with it filled in (with an e-mail field when the
 *    address is not known).
 * A value that is not an e-mail address (`sendEmail=true`, a marker) fills nothing. The answer to "send me a code"
 * is the same whether or not the address has an account (no enumeration).
 */
export function ForgotPasswordPage({ search }: { search: ForgotPasswordSearch }) {
  const { t } = useTranslation(['auth', 'errors']);
  const sendTo = providedEmail(search.sendEmail);
  const code = isProvided(search.auth_code) ? search.auth_code : undefined;
  const form = useForm<RequestCodeValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(requestCodeSchema(t)),
    defaultValues: { email: sendTo ?? providedEmail(search.username) ?? '' },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  // Whether this page sent the code (then "a code is on its way" is true) or the code came with the link.
  const [step, setStep] = useState<'request' | 'reset' | 'done'>(code === undefined ? 'request' : 'reset');
  const [sent, setSent] = useState(false);
  return (
    <AuthLayout
      title={t('auth:forgotPassword.title')}
      lead={step === 'request' ? t('auth:forgotPassword.lead') : undefined}
    >
      {step === 'request' ? (
        <>
          {sendTo !== undefined ? (
            <Banner tone="info">{t('auth:forgotPassword.resetRequired', { email: sendTo })}</Banner>
          ) : null}
          <RequestCodeForm
            form={form}
            onSent={() => {
              setSent(true);
              setStep('reset');
            }}
          />
        </>
      ) : null}
      {step === 'reset' ? (
        <ResetForm
          email={sent ? email.trim() : (sendTo ?? providedEmail(search.username) ?? '')}
          sent={sent}
          initialCode={code ?? ''}
          onDone={() => setStep('done')}
        />
      ) : null}
      {step === 'done' ? <Banner tone="success">{t('auth:forgotPassword.done')}</Banner> : null}
      <div className="app-auth__links">
        <Link to="/login" search={{ username: providedEmail(email) }}>
          {t('auth:forgotPassword.backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}

/** "Send me a code": only when the person asks (never when the page opens). */
function RequestCodeForm({ form, onSent }: { form: UseFormReturn<RequestCodeValues>; onSent: () => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const [error, setError] = useState<string | null>(null);
  const requesting = useMutation({
    mutationFn: async ({ email }: RequestCodeValues) =>
      (await identity()).resetPassword({ username: email.trim() }),
  });
  const request = form.handleSubmit(
    async (values) => {
      setError(null);
      try {
        await requesting.mutateAsync(values);
        onSent();
      } catch (failure) {
        setError(t(authErrorKey(failure)));
      }
    },
    (errors) => setError(errors.email?.message ?? null),
  );
  return (
    <form className="app-form" noValidate onSubmit={(event) => void request(event)}>
      <TextField
        label={t('auth:fields.email')}
        type="email"
        autoComplete="username"
        {...form.register('email')}
        required
      />
      <FormError message={error} />
      <Button
        type="submit"
        variant="primary"
        loading={requesting.isPending}
        loadingLabel={t('auth:pending')}
        fullWidth
      >
        {t('auth:forgotPassword.send')}
      </Button>
    </form>
  );
}

function ResetForm({
  email,
  sent,
  initialCode,
  onDone,
}: {
  /** The address, when known (sent to, or given by the link); '' shows an e-mail field. */
  email: string;
  /** True when this page just sent the code to `email`. */
  sent: boolean;
  initialCode: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(resetSchema(t)),
    defaultValues: { email, code: initialCode, password: '' },
  });
  const resetting = useMutation({
    mutationFn: async (values: ResetValues) =>
      (await identity()).confirmResetPassword({
        username: values.email.trim(),
        confirmationCode: values.code.trim(),
        newPassword: values.password,
      }),
    onSuccess: onDone,
    onError: (failure) => setError(t(authErrorKey(failure))),
  });
  const reset = (values: ResetValues) => resetting.mutate(values);
  return (
    <form
      className="app-form"
      onSubmit={form.handleSubmit(reset, (errors) =>
        setError(firstError(errors, ['email', 'code', 'password'])),
      )}
      noValidate
    >
      <p>
        {sent && email !== ''
          ? t('auth:forgotPassword.codeLead', { email })
          : t('auth:forgotPassword.codeFromLinkLead')}
      </p>
      {email === '' ? (
        <TextField label={t('auth:fields.email')} type="email" {...form.register('email')} required />
      ) : null}
      <TextField
        label={t('auth:fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.register('code')}
        required
      />
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
        loading={resetting.isPending}
        loadingLabel={t('auth:pending')}
        fullWidth
      >
        {t('auth:forgotPassword.reset')}
      </Button>
    </form>
  );
}
