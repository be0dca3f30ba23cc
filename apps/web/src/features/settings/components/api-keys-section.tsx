/**
 * Settings section api (docs/adr/0018): create a key (name, scopes, IP allow-list, expiry) after a step-up, see
 * its secret once and copy it, list keys with their status, revoke one, read its usage log; a link to the API
 * documentation (/api/docs).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKey } from '@tessera/contracts';
import { Banner, Button, Checkbox, TextField } from '@tessera/ui';
import { useStepUpRetry } from '#/components/cash/use-step-up-retry.tsx';
import { errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { accessKeys, useAccessApi } from '#/shared/access/access-api.ts';
import '#/shared/access/access.css';
import { actingFor } from '#/shared/access/acting-for.ts';

function KeyUsage({ id }: { id: string }) {
  const { t } = useTranslation(['access', 'errors']);
  const language = currentLanguage();
  const { calls } = useAccessApi();
  const usage = useQuery({ queryKey: accessKeys.usage(id), queryFn: () => calls.usage(id), staleTime: 0 });
  if (usage.isError) {
    return <Banner tone="danger">{errorMessage(t, usage.error)}</Banner>;
  }
  if (!usage.data) {
    return <p className="app-muted">{t('loading')}</p>;
  }
  return usage.data.length === 0 ? (
    <p className="app-muted">{t('apiKeys.noUsage')}</p>
  ) : (
    <ul className="app-list" data-testid="api-key-usage">
      {usage.data.map((use, index) => (
        <li key={`${use.at}-${index}`} className="app-access-item">
          {t('apiKeys.usageLine', {
            when: formatDateTime(use.at, language),
            method: use.method,
            path: use.path,
            status: use.statusCode,
            ip: use.ip,
          })}
        </li>
      ))}
    </ul>
  );
}

export function ApiKeysSection() {
  const { t } = useTranslation(['access', 'errors']);
  const language = currentLanguage();
  const { calls, queryClient } = useAccessApi();
  const keys = useQuery({ queryKey: accessKeys.apiKeys, queryFn: calls.apiKeys, enabled: !actingFor() });
  const stepUp = useStepUpRetry();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [allowedIps, setAllowedIps] = useState('');
  const [days, setDays] = useState('90');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [shownUsage, setShownUsage] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessKeys.apiKeys });
  const create = useMutation({
    mutationFn: () => {
      const input = {
        name: name.trim(),
        scopes,
        allowedIps: allowedIps
          .split(/[\s,]+/)
          .map((entry) => entry.trim())
          .filter(Boolean),
        expiresInDays: Number(days),
      };
      return stepUp.run((token) => calls.createKey(input, token));
    },
    onSuccess: async (next) => {
      setCreated(next);
      setCopied(false);
      setName('');
      await refresh();
    },
  });
  const revoke = useMutation({ mutationFn: calls.revokeKey, onSuccess: refresh });
  const acting = actingFor();
  if (acting) {
    return <p>{t('apiKeys.notWhileActing', { name: acting.ownerName })}</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((value) => value !== scope)));
  return (
    <>
      <p>
        {t('apiKeys.intro')}{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('apiKeys.docs')}
        </a>
      </p>
      {created ? (
        <Banner tone="success">
          <p>{t('apiKeys.createdOnce')}</p>
          <code data-testid="api-key-secret" className="app-secret" data-private="">
            {created.secret}
          </code>{' '}
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true));
            }}
          >
            {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
          </Button>
        </Banner>
      ) : null}
      <form className="app-form" onSubmit={submit} noValidate aria-label={t('apiKeys.createTitle')}>
        {create.isError ? <Banner tone="danger">{errorMessage(t, create.error)}</Banner> : null}
        <TextField
          label={t('apiKeys.name')}
          maxLength={60}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset className="app-access-fieldset">
          <legend>{t('apiKeys.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={t(`scopes.${scope}`)}
              description={t(`scopeHints.${scope}`)}
              checked={scopes.includes(scope)}
              onCheckedChange={(checked) => toggle(scope, checked === true)}
            />
          ))}
        </fieldset>
        <TextField
          label={t('apiKeys.allowedIps')}
          hint={t('apiKeys.allowedIpsHint')}
          autoComplete="off"
          value={allowedIps}
          onChange={(event) => setAllowedIps(event.target.value)}
        />
        <TextField
          label={t('apiKeys.expiresInDays')}
          hint={t('apiKeys.expiresHint')}
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value.replace(/\D/g, '').slice(0, 3))}
        />
        <Button
          type="submit"
          variant="primary"
          loading={create.isPending}
          disabled={name.trim() === '' || scopes.length === 0 || days === ''}
        >
          {t('apiKeys.create')}
        </Button>
      </form>
      {stepUp.dialog}
      <section aria-labelledby="api-keys-list">
        <h3 id="api-keys-list">{t('apiKeys.listTitle')}</h3>
        {keys.isError ? <Banner tone="danger">{errorMessage(t, keys.error)}</Banner> : null}
        {revoke.isError ? <Banner tone="danger">{errorMessage(t, revoke.error)}</Banner> : null}
        {keys.data && keys.data.length > 0 ? (
          <ul className="app-list" data-testid="api-keys">
            {keys.data.map((key) => (
              <li key={key.id} className="app-access-item">
                <p>
                  <strong>{key.name}</strong> <code>{key.prefix}</code> · {t(`status.${key.status}`)}
                </p>
                <p className="app-muted">
                  {t('apiKeys.details', {
                    scopes: key.scopes.map((scope) => t(`scopes.${scope}`)).join(', '),
                    ips: key.allowedIps.length === 0 ? t('apiKeys.anyAddress') : key.allowedIps.join(', '),
                    expires: formatDateTime(key.expiresAt, language),
                  })}
                </p>
                <Button
                  variant="secondary"
                  aria-expanded={shownUsage === key.id}
                  onClick={() => setShownUsage((shown) => (shown === key.id ? null : key.id))}
                >
                  {t('apiKeys.usage', { name: key.name })}
                </Button>{' '}
                {key.status === 'active' ? (
                  <Button variant="danger" onClick={() => revoke.mutate(key.id)}>
                    {t('apiKeys.revoke', { name: key.name })}
                  </Button>
                ) : null}
                {shownUsage === key.id ? <KeyUsage id={key.id} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="app-muted">{t('apiKeys.none')}</p>
        )}
      </section>
    </>
  );
}
