import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { FormError } from './auth-layout.tsx';

/** A one-time code form (e-mail, SMS or authenticator app), six digits, with optional extra fields and a secondary action. */
export function CodeForm({
  label,
  hint,
  submitLabel,
  onSubmit,
  initialCode = '',
  extra,
  secondary,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<string | null>;
  initialCode?: string;
  /** More fields under the code (a choice that goes with it). */
  extra?: ReactNode;
  secondary?: ReactNode;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) {
      return;
    }
    if (code.trim() === '') {
      setError(t('errors:auth.codeEmpty'));
      return;
    }
    setPending(true);
    setError(await onSubmit(code.trim()));
    setPending(false);
  };
  return (
    <form className="app-form" onSubmit={submit} noValidate>
      <TextField
        label={label}
        hint={hint}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        required
        autoFocus
      />
      {extra}
      <FormError message={error} />
      <Button type="submit" variant="primary" loading={pending} loadingLabel={t('auth:pending')} fullWidth>
        {submitLabel}
      </Button>
      {secondary}
    </form>
  );
}
