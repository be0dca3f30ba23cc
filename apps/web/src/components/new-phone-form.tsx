/**
 * A new phone number for the signed-in customer (onboarding's phone step and the settings' personal information):
 * checked here (E.164, spaces, dots and dashes allowed while typing), then stored unverified by the identity
 * service (UpdateUserAttributes), which sends the code to it.
 */
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Button, TextField } from '@tessera/ui';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { isPhoneNumber } from '#/lib/password-policy.ts';
import { useIdentity } from '#/lib/use-identity.ts';

/** The number as stored: what was typed without spaces, dots or dashes. */
export function phoneFromInput(typed: string): string {
  return typed.trim().replace(/[\s.-]/g, '');
}

/** The texts of the form, in the caller's words. */
export interface NewPhoneFormText {
  label: string;
  hint: string;
  submit: string;
  /** The cancel button's label, when the form can be cancelled. */
  cancel?: string;
}

export function NewPhoneForm({
  text,
  intro,
  note,
  onSent,
  onCancel,
}: {
  text: NewPhoneFormText;
  /** Said above the field. */
  intro?: ReactNode;
  /** Said under the field (a warning about what changes). */
  note?: ReactNode;
  /** The code went to `destination` (masked by the identity service). */
  onSent: (destination: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const identity = useIdentity();
  const form = useForm<{ phone: string }>({ ...SUBMIT_VALIDATION, defaultValues: { phone: '' } });
  const [error, setError] = useState<string | null>(null);
  const saving = useMutation({
    mutationFn: async (phone: string) => {
      const result = await (
        await identity()
      ).updateUserAttributes({ userAttributes: { phone_number: phone } });
      return result.phone_number?.nextStep.codeDeliveryDetails?.destination ?? phone;
    },
    onSuccess: onSent,
    onError: (failure) => setError(t(authErrorKey(failure))),
  });
  const submit = ({ phone }: { phone: string }) => {
    const number = phoneFromInput(phone);
    if (number === '') {
      setError(t('errors:auth.phoneEmpty'));
    } else if (!isPhoneNumber(number)) {
      setError(t('auth:fields.phoneInvalid'));
    } else {
      setError(null);
      saving.mutate(number);
    }
  };
  return (
    <form className="app-form app-form--narrow" onSubmit={form.handleSubmit(submit)} noValidate>
      {intro}
      <TextField
        label={text.label}
        hint={text.hint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={error ?? undefined}
        required
        {...form.register('phone')}
      />
      {note}
      <div className="app-cluster">
        <Button type="submit" variant="primary" loading={saving.isPending}>
          {text.submit}
        </Button>
        {onCancel && text.cancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {text.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
