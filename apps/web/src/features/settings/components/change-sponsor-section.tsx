/**
 * Settings section changeSponsor: who sponsors the customer, and a form to change it: once, within 30 days of
 * sign-up, to a valid code that is not their own and does not make a loop (the service's refusals are translated).
 * A customer without a sponsor may set one in the same window.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Banner, Button, TextField } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import {
  referralKeys,
  useAccountNotificationsApi,
} from '#/shared/notifications/account-notifications-api.ts';

export function ChangeSponsorSection() {
  const { t } = useTranslation(['account-notifications', 'errors']);
  const language = currentLanguage();
  const { sponsorOptions, calls, queryClient } = useAccountNotificationsApi();
  const status = useQuery(sponsorOptions);
  const [code, setCode] = useState('');
  const saving = useMutation({
    mutationFn: (value: string) =>
      status.data?.sponsor ? calls.changeSponsor(value) : calls.setSponsor(value),
    onSuccess: (next) => {
      queryClient.setQueryData(referralKeys.sponsor(), next);
      setCode('');
    },
  });
  if (status.isError) {
    return <Banner tone="danger">{errorMessage(t, status.error)}</Banner>;
  }
  if (!status.data) {
    return <p className="app-muted">{t('sponsor.loading')}</p>;
  }
  const { sponsor, changed, changeUntil } = status.data;
  const mayAct = status.data.canChange;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate(code.trim());
  };
  return (
    <>
      <p data-testid="current-sponsor">
        {sponsor ? t('sponsor.current', { name: sponsor.displayName }) : t('sponsor.none')}
      </p>
      {saving.isSuccess ? <Banner tone="success">{t('sponsor.saved')}</Banner> : null}
      {mayAct ? (
        <form className="app-form" onSubmit={submit} noValidate aria-label={t('sponsor.formLabel')}>
          <p>{t('sponsor.rules', { date: formatDateTime(changeUntil, language) })}</p>
          {saving.isError ? <Banner tone="danger">{errorMessage(t, saving.error)}</Banner> : null}
          <TextField
            label={t('sponsor.code')}
            hint={t('sponsor.codeHint')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" variant="primary" loading={saving.isPending} disabled={code.trim() === ''}>
            {sponsor ? t('sponsor.change') : t('sponsor.set')}
          </Button>
        </form>
      ) : (
        <p className="app-muted">{changed ? t('sponsor.alreadyChanged') : t('sponsor.windowClosed')}</p>
      )}
    </>
  );
}
