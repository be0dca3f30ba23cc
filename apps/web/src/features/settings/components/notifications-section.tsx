/**
 * Settings section notifications: the channels (in the app, by e-mail) of each kind of notification, saved on the
 * server, and the balance rules ("tell me when my EUR wallet falls under 100"), each firing once per crossing.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPES_WITHOUT_EMAIL_CHOICE,
  type BalanceRule,
  type NotificationPreferences,
} from '@tessera/contracts';
import { Banner, Button, Select, Switch, TextField } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { formatMoneyText } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import {
  accountNotificationKeys,
  useAccountNotificationsApi,
} from '#/shared/notifications/account-notifications-api.ts';
import '#/shared/notifications/notifications.css';

export function NotificationsSection() {
  const { t } = useTranslation(['account-notifications', 'errors']);
  const { preferencesOptions } = useAccountNotificationsApi();
  const saved = useQuery(preferencesOptions);
  return (
    <>
      <section aria-labelledby="notification-channels">
        <h3 id="notification-channels" className="app-settings__subtitle">
          {t('channels.title')}
        </h3>
        <p>{t('channels.lead')}</p>
        {saved.isError ? <Banner tone="danger">{errorMessage(t, saved.error)}</Banner> : null}
        {saved.data ? <ChannelsForm initial={saved.data} /> : null}
      </section>
      <BalanceRules />
    </>
  );
}

function ChannelsForm({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation(['account-notifications', 'errors']);
  const { calls, queryClient } = useAccountNotificationsApi();
  const [draft, setDraft] = useState(initial);
  const [done, setDone] = useState(false);
  const saving = useMutation({
    mutationFn: calls.savePreferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData(accountNotificationKeys.preferences(), preferences);
      setDone(true);
    },
  });
  const set = (type: (typeof NOTIFICATION_TYPES)[number], channel: 'inApp' | 'email', value: boolean) => {
    setDone(false);
    setDraft({ channels: { ...draft.channels, [type]: { ...draft.channels[type], [channel]: value } } });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate(draft);
  };
  return (
    <form className="app-form" onSubmit={submit} noValidate aria-label={t('channels.title')}>
      {saving.isError ? <Banner tone="danger">{errorMessage(t, saving.error)}</Banner> : null}
      {done ? <Banner tone="success">{t('channels.saved')}</Banner> : null}
      {NOTIFICATION_TYPES.map((type) => (
        <fieldset key={type} className="app-fieldset">
          <legend>{t(`typeNames.${type}`)}</legend>
          <Switch
            label={t('channels.inApp')}
            checked={draft.channels[type].inApp}
            onCheckedChange={(value) => set(type, 'inApp', value)}
          />
          {NOTIFICATION_TYPES_WITHOUT_EMAIL_CHOICE.includes(type) ? (
            <p className="app-muted">{t('channels.kycEmailAlways')}</p>
          ) : (
            <Switch
              label={t('channels.email')}
              checked={draft.channels[type].email}
              onCheckedChange={(value) => set(type, 'email', value)}
            />
          )}
        </fieldset>
      ))}
      <Button type="submit" variant="primary" loading={saving.isPending} loadingLabel={t('channels.saving')}>
        {t('channels.save')}
      </Button>
    </form>
  );
}

function BalanceRules() {
  const { t } = useTranslation(['account-notifications', 'errors']);
  const language = currentLanguage();
  const { rulesOptions, calls, queryClient } = useAccountNotificationsApi();
  const rules = useQuery(rulesOptions);
  const wallets = useQuery(walletsQueryOptions(useCashCall()));
  const [walletId, setWalletId] = useState('');
  const [direction, setDirection] = useState<'below' | 'above'>('below');
  const [threshold, setThreshold] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountNotificationKeys.rules() });
  const creating = useMutation({
    mutationFn: calls.createRule,
    onSuccess: () => {
      setThreshold('');
      void refresh();
    },
  });
  const deleting = useMutation({ mutationFn: calls.deleteRule, onSettled: refresh });
  const current = (wallets.data ?? []).filter(
    (wallet) => wallet.kind === 'current' || wallet.kind === 'savings',
  );
  const chosen = walletId || current[0]?.id || '';
  const walletName = (rule: BalanceRule) =>
    (wallets.data ?? []).find((wallet) => wallet.id === rule.walletId)?.name ?? rule.asset;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    creating.mutate({ walletId: chosen, direction, threshold: threshold.trim().replace(',', '.') });
  };
  return (
    <section aria-labelledby="balance-rules">
      <h3 id="balance-rules" className="app-settings__subtitle">
        {t('rules.title')}
      </h3>
      <p>{t('rules.lead')}</p>
      {rules.isError ? <Banner tone="danger">{errorMessage(t, rules.error)}</Banner> : null}
      {deleting.isError ? <Banner tone="danger">{errorMessage(t, deleting.error)}</Banner> : null}
      {rules.data && rules.data.length === 0 ? <p className="app-muted">{t('rules.none')}</p> : null}
      {rules.data && rules.data.length > 0 ? (
        <ul className="app-notifications" aria-label={t('rules.title')}>
          {rules.data.map((rule) => (
            <li key={rule.id} className="app-notifications__item">
              <div>
                <p className="app-notifications__text">
                  {t(`rules.describe.${rule.direction}`, {
                    wallet: walletName(rule),
                    threshold: formatMoneyText(rule.threshold, rule.asset, language),
                  })}
                </p>
                <p className="app-notifications__time app-muted">
                  {rule.armed ? t('rules.armed') : t('rules.fired')}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => deleting.mutate(rule.id)}
                aria-label={t('rules.deleteLabel', {
                  rule: t(`rules.describe.${rule.direction}`, {
                    wallet: walletName(rule),
                    threshold: formatMoneyText(rule.threshold, rule.asset, language),
                  }),
                })}
              >
                {t('rules.delete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {current.length === 0 && wallets.isSuccess ? <p className="app-muted">{t('rules.noWallet')}</p> : null}
      {current.length > 0 ? (
        <form className="app-form" onSubmit={submit} noValidate aria-label={t('rules.add')}>
          {creating.isError ? <Banner tone="danger">{errorMessage(t, creating.error)}</Banner> : null}
          {creating.isSuccess ? <Banner tone="success">{t('rules.added')}</Banner> : null}
          <div className="app-rule-form">
            <Select
              label={t('rules.wallet')}
              value={chosen}
              onValueChange={setWalletId}
              options={current.map((wallet) => ({
                value: wallet.id,
                label: `${wallet.name} (${wallet.asset})`,
              }))}
            />
            <Select
              label={t('rules.direction')}
              value={direction}
              onValueChange={(value) => setDirection(value === 'above' ? 'above' : 'below')}
              options={[
                { value: 'below', label: t('rules.below') },
                { value: 'above', label: t('rules.above') },
              ]}
            />
            <TextField
              label={t('rules.threshold')}
              inputMode="decimal"
              autoComplete="off"
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
          </div>
          <Button
            type="submit"
            variant="primary"
            loading={creating.isPending}
            disabled={threshold.trim() === ''}
          >
            {t('rules.add')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
