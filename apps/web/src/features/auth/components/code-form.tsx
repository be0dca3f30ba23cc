import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { FormError } from './auth-layout.tsx';

/** A one-time code: anything but blank (the identity service says whether it is right). */
export function codeSchema(t: Translate) {
  return z.object({ code: z.string().refine((code) => code.trim() !== '', t('errors:auth.codeEmpty')) });
}

type CodeValues = z.infer<ReturnType<typeof codeSchema>>;

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
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CodeValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(codeSchema(t)),
    defaultValues: { code: initialCode },
  });
  // onSubmit answers with the message to show, or null.
  const answering = useMutation({ mutationFn: onSubmit, onSuccess: setError });
  const answer = ({ code }: CodeValues) => {
    if (!answering.isPending) {
      answering.mutate(code.trim());
    }
  };
  return (
    <form
      className="app-form"
      onSubmit={form.handleSubmit(answer, (errors) => setError(errors.code?.message ?? null))}
      noValidate
    >
      <TextField
        label={label}
        hint={hint}
        {...form.register('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        required
        autoFocus
      />
      {extra}
      <FormError message={error} />
      <Button
        type="submit"
        variant="primary"
        loading={answering.isPending}
        loadingLabel={t('auth:pending')}
        fullWidth
      >
        {submitLabel}
      </Button>
      {secondary}
    </form>
  );
}
