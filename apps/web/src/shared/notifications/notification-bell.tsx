/**
 * The notification centre in the dashboard's top bar: a bell with the unread count, a panel with the latest
 * notifications (mark one or all read). It listens to user management's socket for `notification.created`, so a
 * notification shows at once, and on a reconnection reads the list again. It also records, once, the sponsor
 * code a newcomer signed up with (kept by the register page under `referral`).
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { AccountNotification, NotificationCreatedMessage } from '@tessera/contracts';
import { Banner, Button, Dialog, IconButton, VisuallyHidden } from '@tessera/ui';
import { connectCustomerSocket, serviceSocketUrl } from '#/lib/customer-socket.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import {
  accountNotificationKeys,
  referralKeys,
  useAccountNotificationsApi,
} from './account-notifications-api.ts';
import { notificationText } from './notification-text.ts';
import './notifications.css';

/** Where the register page keeps the code a visitor arrived with (register-page.tsx, REFERRAL_STORAGE_KEY). */
const REFERRAL_STORAGE_KEY = 'referral';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"
      />
    </svg>
  );
}

/** Keeps user management's socket open for notifications while the bell is shown. */
function useLiveNotifications() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { config, auth } = router.options.context;
  useEffect(() => {
    const base = config.services['userManagement'] ?? '/api/user-management';
    type Message = NotificationCreatedMessage | { type: 'ready' | 'pong' | 'error' | 'kyc.updated' };
    return connectCustomerSocket<Message>(() => serviceSocketUrl(base, window.location), auth, {
      onReady: (reconnected) => {
        if (reconnected) {
          void queryClient.invalidateQueries({ queryKey: accountNotificationKeys.list() });
        }
      },
      onMessage: (message) => {
        if (message.type === 'notification.created') {
          void queryClient.invalidateQueries({ queryKey: accountNotificationKeys.list() });
          if (message.notification.type === 'balance.rule') {
            void queryClient.invalidateQueries({ queryKey: accountNotificationKeys.rules() });
          }
          if (message.notification.type === 'referral.reward') {
            void queryClient.invalidateQueries({ queryKey: referralKeys.list() });
          }
        }
      },
    });
  }, [config, auth, queryClient]);
}

/** Records the sponsor code kept at sign-up, once; a refused code is dropped (the sponsor section can set one). */
function useReferralClaim() {
  const { calls, queryClient } = useAccountNotificationsApi();
  useEffect(() => {
    const code = localStorage.getItem(REFERRAL_STORAGE_KEY);
    if (!code) {
      return;
    }
    calls
      .setSponsor(code)
      .catch(() => undefined)
      .finally(() => {
        localStorage.removeItem(REFERRAL_STORAGE_KEY);
        void queryClient.invalidateQueries({ queryKey: referralKeys.sponsor() });
      });
    // Once per mount of the shell.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function NotificationBell() {
  const { t } = useTranslation(['account-notifications', 'errors']);
  const [open, setOpen] = useState(false);
  const { listOptions, calls, queryClient } = useAccountNotificationsApi();
  useLiveNotifications();
  useReferralClaim();
  const list = useQuery(listOptions);
  const unread = list.data?.unreadCount ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountNotificationKeys.list() });
  const markRead = useMutation({ mutationFn: calls.markRead, onSettled: refresh });
  const markAll = useMutation({ mutationFn: calls.markAllRead, onSettled: refresh });
  const label = unread === 0 ? t('bell.label') : t('bell.labelUnread', { count: unread });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('bell.title')}
      description={t('bell.description')}
      hideDescription
      closeLabel={t('bell.close')}
      trigger={
        <IconButton className="app-bell" label={label} data-testid="notification-bell">
          <BellIcon />
          {unread > 0 ? (
            <span className="app-bell__count" aria-hidden="true" data-testid="notification-count">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </IconButton>
      }
      footer={
        unread > 0 ? (
          <Button variant="secondary" loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('bell.markAllRead')}
          </Button>
        ) : null
      }
    >
      {list.isError ? <Banner tone="danger">{errorMessage(t, list.error)}</Banner> : null}
      {markRead.isError ? <Banner tone="danger">{errorMessage(t, markRead.error)}</Banner> : null}
      {list.data && list.data.items.length === 0 ? <p className="app-muted">{t('bell.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="app-notifications" aria-label={t('bell.title')}>
          {list.data.items.map((item) => (
            <NotificationItem key={item.id} item={item} onRead={() => markRead.mutate(item.id)} />
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

function NotificationItem({ item, onRead }: { item: AccountNotification; onRead: () => void }) {
  const { t } = useTranslation(['account-notifications']);
  const language = currentLanguage();
  const unread = item.readAt === null;
  return (
    <li className="app-notifications__item" data-unread={unread ? 'true' : 'false'}>
      <div>
        <p className="app-notifications__text">
          {unread ? <VisuallyHidden>{t('bell.unread')} </VisuallyHidden> : null}
          {notificationText(t, item, language)}
        </p>
        <p className="app-notifications__time app-muted">{formatDateTime(item.createdAt, language)}</p>
      </div>
      {unread ? (
        <Button variant="ghost" size="sm" onClick={onRead}>
          {t('bell.markRead')}
        </Button>
      ) : null}
    </li>
  );
}
