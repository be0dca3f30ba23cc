import { useState, type FormEvent } from 'react';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { passwordProblems } from '#/lib/password-policy.ts';
import { useIdentity } from '#/lib/use-identity.ts';

/** Settings → Change password: the current password, then a new one meeting the policy of spec section 5. */
export function ChangePasswordSection() {
  const { t } = useTranslation(['dashboard', 'auth', 'errors']);
  const identity = useIdentity();
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (values.current === '' || values.next === '') {
      setError(t('errors:auth.passwordEmpty'));
      return;
    }
    const problems = passwordProblems(values.next);
    if (problems.length > 0) {
      setError(problems.map((key) => t(key)).join(' '));
      return;
    }
    if (values.confirm !== values.next) {
      setError(t('auth:fields.confirmMismatch'));
      return;
    }
    setBusy(true);
    try {
      await (await identity()).updatePassword({ oldPassword: values.current, newPassword: values.next });
      setValues({ current: '', next: '', confirm: '' });
      setError(null);
      setDone(true);
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="app-form app-form--narrow" onSubmit={submit} noValidate>
      {done ? <Banner tone="success">{t('dashboard:security.passwordChanged')}</Banner> : null}
      <TextField
        label={t('dashboard:security.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={values.current}
        onChange={set('current')}
        required
      />
      <TextField
        label={t('auth:fields.newPassword')}
        hint={t('auth:password.hint')}
        type="password"
        autoComplete="new-password"
        value={values.next}
        onChange={set('next')}
        required
      />
      <TextField
        label={t('auth:fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        required
      />
      {error ? (
        <p role="alert" className="app-form-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('auth:pending')}>
        {t('dashboard:security.changePassword')}
      </Button>
    </form>
  );
}
