/**
 * Settings section delegateAccounts (docs/adr/0018): invite a person by e-mail with a role, see who has access and
 * revoke it, read what delegates did (both identities); on the other side, accept an invitation, act for an
 * account (the switcher), or leave it.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DELEGATE_ROLES, type DelegateRole } from '@tessera/contracts';
import { Banner, Button, Select, TextField } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { accessKeys, useAccessApi } from '#/shared/access/access-api.ts';
import '#/shared/access/access.css';
import { actingFor, switchAccount } from '#/shared/access/acting-for.ts';

export function DelegateAccountsSection() {
  const { t } = useTranslation(['access', 'errors']);
  const language = currentLanguage();
  const { calls, queryClient } = useAccessApi();
  const delegates = useQuery({
    queryKey: accessKeys.delegates,
    queryFn: calls.delegates,
    enabled: !actingFor(),
  });
  const audit = useQuery({ queryKey: accessKeys.audit, queryFn: calls.audit, enabled: !actingFor() });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<DelegateRole>('viewer');
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessKeys.delegates });
  const invite = useMutation({
    mutationFn: () => calls.invite(email.trim(), role),
    onSuccess: async () => {
      setEmail('');
      await refresh();
    },
  });
  const change = useMutation({
    mutationFn: ({ action, id }: { action: 'revoke' | 'accept' | 'leave'; id: string }) => calls[action](id),
    onSuccess: refresh,
  });
  const acting = actingFor();
  if (acting) {
    return <p>{t('delegates.notWhileActing', { name: acting.ownerName })}</p>;
  }
  if (delegates.isError) {
    return <Banner tone="danger">{errorMessage(t, delegates.error)}</Banner>;
  }
  if (!delegates.data) {
    return <p className="app-muted">{t('loading')}</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const roleLabel = (value: string) => t(`roles.${value}`);
  return (
    <>
      <p>{t('delegates.intro')}</p>
      <section aria-labelledby="delegates-accounts">
        <h3 id="delegates-accounts">{t('delegates.accountsTitle')}</h3>
        {delegates.data.accounts.length === 0 ? (
          <p className="app-muted">{t('delegates.noAccounts')}</p>
        ) : (
          <ul className="app-list" data-testid="delegated-accounts">
            {delegates.data.accounts.map((account) => (
              <li key={account.id} className="app-access-item">
                <p>
                  {t(account.status === 'pending' ? 'delegates.invitedBy' : 'delegates.actsFor', {
                    name: account.ownerName,
                    role: roleLabel(account.role),
                  })}
                </p>
                {account.status === 'pending' ? (
                  <Button
                    variant="primary"
                    onClick={() => change.mutate({ action: 'accept', id: account.id })}
                    loading={change.isPending}
                  >
                    {t('delegates.accept')}
                  </Button>
                ) : (
                  <Button
                    variant="primary"
                    onClick={() =>
                      switchAccount({
                        ownerUserId: account.ownerUserId,
                        ownerName: account.ownerName,
                        role: account.role,
                      })
                    }
                  >
                    {t('delegates.switch', { name: account.ownerName })}
                  </Button>
                )}{' '}
                <Button
                  variant="secondary"
                  onClick={() => change.mutate({ action: 'leave', id: account.id })}
                >
                  {account.status === 'pending' ? t('delegates.decline') : t('delegates.leave')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="delegates-granted">
        <h3 id="delegates-granted">{t('delegates.grantedTitle')}</h3>
        {change.isError ? <Banner tone="danger">{errorMessage(t, change.error)}</Banner> : null}
        {delegates.data.granted.length === 0 ? (
          <p className="app-muted">{t('delegates.noneGranted')}</p>
        ) : (
          <ul className="app-list" data-testid="granted-delegates">
            {delegates.data.granted.map((granted) => (
              <li key={granted.id} className="app-access-item">
                <p>
                  {t(granted.status === 'pending' ? 'delegates.pending' : 'delegates.active', {
                    who: granted.displayName ?? granted.email,
                    role: roleLabel(granted.role),
                  })}
                </p>
                <Button variant="danger" onClick={() => change.mutate({ action: 'revoke', id: granted.id })}>
                  {t('delegates.revoke', { who: granted.displayName ?? granted.email })}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form className="app-form" onSubmit={submit} noValidate aria-label={t('delegates.inviteTitle')}>
          {invite.isError ? <Banner tone="danger">{errorMessage(t, invite.error)}</Banner> : null}
          {invite.isSuccess ? <Banner tone="success">{t('delegates.invited')}</Banner> : null}
          <TextField
            label={t('delegates.email')}
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Select
            label={t('delegates.role')}
            value={role}
            onValueChange={(value) => setRole(value as DelegateRole)}
            options={DELEGATE_ROLES.map((value) => ({ value, label: roleLabel(value) }))}
            hint={t(`roleHints.${role}`)}
          />
          <Button type="submit" variant="primary" loading={invite.isPending} disabled={email.trim() === ''}>
            {t('delegates.invite')}
          </Button>
        </form>
      </section>
      <section aria-labelledby="delegates-audit">
        <h3 id="delegates-audit">{t('delegates.auditTitle')}</h3>
        {audit.data && audit.data.length > 0 ? (
          <ul className="app-list" data-testid="delegate-audit">
            {audit.data.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="app-access-item">
                {t('delegates.auditLine', {
                  when: formatDateTime(entry.at, language),
                  who: entry.delegateName,
                  role: roleLabel(entry.role),
                  method: entry.method,
                  path: entry.path,
                  status: entry.statusCode,
                })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="app-muted">{t('delegates.noAudit')}</p>
        )}
      </section>
    </>
  );
}
