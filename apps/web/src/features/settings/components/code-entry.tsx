import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@tessera/ui';

/** A small one-time-code form used inside settings sections. */
export function CodeEntry({
  label,
  submitLabel,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<string | null>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(await onSubmit(code.trim()));
    setBusy(false);
  };
  return (
    <form className="app-form app-form--narrow" onSubmit={submit} noValidate>
      <TextField
        label={label}
        error={error ?? undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <Button type="submit" variant="primary" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
