/**
 * Verifying the e-mail address or the phone number on the identity service (GetUserAttributeVerificationCode,
 * VerifyUserAttribute), as the two-factor settings do: the code arrives by e-mail or text message. A phone number
 * can be replaced first (UpdateUserAttributes sends the code to the new number). The server raises the level by
 * itself once both are verified (user management reads the identity service); the page then reads it again.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Banner, Button, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { formatPhoneNumber } from '#/lib/format.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { NewPhoneForm } from '#/components/new-phone-form.tsx';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { useRefreshLevel } from '#/shared/onboarding/customer-profile.ts';

/** The query key of the signed-in user's attributes (shared with the two-factor settings). */
export const ATTRIBUTES_QUERY_KEY = ['identity', 'attributes'] as const;

type Attribute = 'email' | 'phone_number';
const TEXTS = { email: 'steps.email', phone_number: 'steps.phone' } as const;

/** The step's actions while the attribute is not verified yet; `onVerified` after the code was accepted. */
export function VerifyAttribute({
  attribute,
  value,
  onVerified,
}: {
  attribute: Attribute;
  value: string | undefined;
  onVerified: () => void;
}) {
  const { t } = useTranslation(['onboarding', 'auth', 'errors']);
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const refreshLevel = useRefreshLevel();
  const texts = TEXTS[attribute];
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changing, setChanging] = useState(attribute === 'phone_number' && !value);
  const sending = useMutation({
    mutationFn: async () =>
      (await identity()).sendUserAttributeVerificationCode({ userAttributeKey: attribute }),
    onSuccess: (sent) => setSentTo(sent.destination ?? value ?? ''),
  });
  const confirm = async (code: string): Promise<string | null> => {
    try {
      await (await identity()).confirmUserAttribute({ userAttributeKey: attribute, confirmationCode: code });
    } catch (failure) {
      return t(authErrorKey(failure));
    }
    await Promise.all([queryClient.invalidateQueries({ queryKey: ATTRIBUTES_QUERY_KEY }), refreshLevel()]);
    onVerified();
    return null;
  };
  if (changing) {
    return (
      <NewPhoneForm
        text={{
          label: t('steps.phone.number'),
          hint: t('steps.phone.numberHint'),
          submit: t('steps.phone.sendToNumber'),
          cancel: t('steps.phone.cancelChange'),
        }}
        intro={<p>{t('steps.phone.noPhone')}</p>}
        onSent={(destination) => {
          setSentTo(destination);
          setChanging(false);
          void queryClient.invalidateQueries({ queryKey: ATTRIBUTES_QUERY_KEY });
        }}
        {...(value ? { onCancel: () => setChanging(false) } : {})}
      />
    );
  }
  if (sentTo === null) {
    return (
      <>
        <p>{t(`${texts}.todo`, { email: value, phone: formatPhoneNumber(value) })}</p>
        {sending.isError ? <Banner tone="danger">{t(authErrorKey(sending.error))}</Banner> : null}
        <div className="app-cluster">
          <Button variant="primary" loading={sending.isPending} onClick={() => sending.mutate()}>
            {t(`${texts}.send`)}
          </Button>
          {attribute === 'phone_number' ? (
            <Button variant="ghost" onClick={() => setChanging(true)}>
              {t('steps.phone.change')}
            </Button>
          ) : null}
        </div>
      </>
    );
  }
  return (
    <>
      <p>
        {t(`${texts}.sent`, {
          destination: attribute === 'phone_number' ? formatPhoneNumber(sentTo) : sentTo,
        })}
      </p>
      {sending.isError ? <Banner tone="danger">{t(authErrorKey(sending.error))}</Banner> : null}
      <CodeForm
        label={t(`${texts}.code`)}
        submitLabel={t(`${texts}.confirm`)}
        onSubmit={confirm}
        secondary={
          <Button variant="ghost" loading={sending.isPending} onClick={() => sending.mutate()}>
            {t('steps.phone.resend')}
          </Button>
        }
      />
    </>
  );
}

/** The one-time code: the identity service checks it; a wrong or expired code is said under the field. */
function CodeForm({
  label,
  submitLabel,
  onSubmit,
  secondary,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<string | null>;
  secondary: React.ReactNode;
}) {
  const { t } = useTranslation('errors');
  const form = useForm<{ code: string }>({ ...SUBMIT_VALIDATION, defaultValues: { code: '' } });
  const [error, setError] = useState<string | null>(null);
  const answering = useMutation({ mutationFn: onSubmit, onSuccess: setError });
  const submit = ({ code }: { code: string }) => {
    if (code.trim() === '') {
      setError(t('auth.codeEmpty'));
      return;
    }
    answering.mutate(code.trim());
  };
  return (
    <form className="app-form app-form--narrow" onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label={label}
        error={error ?? undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        {...form.register('code')}
      />
      <div className="app-cluster">
        <Button type="submit" variant="primary" loading={answering.isPending}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
