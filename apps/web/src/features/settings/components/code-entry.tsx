import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Button, TextField } from '@tessera/ui';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';

/** A small one-time-code form used inside settings sections (the identity service checks the code). */
export function CodeEntry({
  label,
  submitLabel,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<string | null>;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ ...SUBMIT_VALIDATION, defaultValues: { code: '' } });
  // onSubmit answers with the message to show, or null.
  const answering = useMutation({ mutationFn: onSubmit, onSuccess: setError });
  return (
    <form
      className="app-form app-form--narrow"
      onSubmit={form.handleSubmit(({ code }) => answering.mutate(code.trim()))}
      noValidate
    >
      <TextField
        label={label}
        error={error ?? undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.register('code')}
        required
      />
      <Button type="submit" variant="primary" loading={answering.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
