import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { passwordProblems } from '#/lib/password-policy.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';

/** One problem at a time, in this order: a missing password, the policy (spec section 5), the confirmation. */
function changePasswordSchema(t: Translate) {
  return z
    .object({ current: z.string(), next: z.string(), confirm: z.string() })
    .superRefine((values, context) => {
      const problem = (path: 'current' | 'next' | 'confirm', message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      const policy = passwordProblems(values.next);
      if (values.current === '' || values.next === '') {
        problem(values.current === '' ? 'current' : 'next', t('errors:auth.passwordEmpty'));
      } else if (policy.length > 0) {
        problem('next', policy.map((key) => t(key)).join(' '));
      } else if (values.confirm !== values.next) {
        problem('confirm', t('auth:fields.confirmMismatch'));
      }
    });
}

type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchema>>;

const EMPTY: ChangePasswordValues = { current: '', next: '', confirm: '' };

function firstProblem(errors: FieldErrors<ChangePasswordValues>): string | null {
  return errors.current?.message ?? errors.next?.message ?? errors.confirm?.message ?? null;
}

/** Settings → Change password: the current password, then a new one meeting the policy of spec section 5. */
export function ChangePasswordSection() {
  const { t } = useTranslation(['dashboard', 'auth', 'errors']);
  const identity = useIdentity();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ChangePasswordValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(changePasswordSchema(t)),
    defaultValues: EMPTY,
  });
  const changing = useMutation({
    mutationFn: async (values: ChangePasswordValues) =>
      (await identity()).updatePassword({ oldPassword: values.current, newPassword: values.next }),
  });
  const change = async (values: ChangePasswordValues) => {
    try {
      await changing.mutateAsync(values);
      form.reset(EMPTY);
      setError(null);
      setDone(true);
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    }
  };
  const submit = form.handleSubmit(change, (errors) => setError(firstProblem(errors)));
  return (
    <form
      className="app-form app-form--narrow"
      onSubmit={(event) => {
        setDone(false);
        void submit(event);
      }}
      noValidate
    >
      {done ? <Banner tone="success">{t('dashboard:security.passwordChanged')}</Banner> : null}
      <PasswordInputs form={form} />
      {error ? (
        <p role="alert" className="app-form-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" loading={changing.isPending} loadingLabel={t('auth:pending')}>
        {t('dashboard:security.changePassword')}
      </Button>
    </form>
  );
}

function PasswordInputs({ form }: { form: ReturnType<typeof useForm<ChangePasswordValues>> }) {
  const { t } = useTranslation(['dashboard', 'auth', 'errors']);
  return (
    <>
      <TextField
        label={t('dashboard:security.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...form.register('current')}
        required
      />
      <TextField
        label={t('auth:fields.newPassword')}
        hint={t('auth:password.hint')}
        type="password"
        autoComplete="new-password"
        {...form.register('next')}
        required
      />
      <TextField
        label={t('auth:fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...form.register('confirm')}
        required
      />
    </>
  );
}
