/**
 * Notifications and referrals (docs/api.md "Notifications", "Referrals"): user management's routes as the bell and
 * the settings sections read and change them. Query keys live here so the live socket can refresh them.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  AccountNotification,
  BalanceRule,
  BalanceRuleInput,
  NotificationList,
  NotificationPreferences,
  ReferralList,
  SponsorCode,
  SponsorStatus,
} from '@tessera/contracts';
import type { ApiClient } from '#/lib/api.ts';

const SERVICE = 'userManagement';

export const accountNotificationKeys = {
  all: ['account-notifications'] as const,
  list: () => [...accountNotificationKeys.all, 'list'] as const,
  preferences: () => [...accountNotificationKeys.all, 'preferences'] as const,
  rules: () => [...accountNotificationKeys.all, 'rules'] as const,
};
export const referralKeys = {
  all: ['referrals'] as const,
  code: () => [...referralKeys.all, 'code'] as const,
  list: () => [...referralKeys.all, 'list'] as const,
  sponsor: () => [...referralKeys.all, 'sponsor'] as const,
};

/** The calls, bound to an API client. */
export function accountNotificationsApi(api: ApiClient) {
  return {
    list: (signal?: AbortSignal) =>
      api<NotificationList>(SERVICE, '/notifications?limit=20', signal ? { signal } : {}),
    markRead: (id: string) =>
      api<AccountNotification>(SERVICE, `/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    markAllRead: () => api<undefined>(SERVICE, '/notifications/read-all', { method: 'POST' }),
    preferences: (signal?: AbortSignal) =>
      api<NotificationPreferences>(SERVICE, '/notifications/preferences', signal ? { signal } : {}),
    savePreferences: (preferences: NotificationPreferences) =>
      api<NotificationPreferences>(SERVICE, '/notifications/preferences', {
        method: 'PUT',
        body: preferences,
      }),
    rules: (signal?: AbortSignal) =>
      api<{ items: BalanceRule[] }>(SERVICE, '/notifications/balance-rules', signal ? { signal } : {}).then(
        (page) => page.items,
      ),
    createRule: (input: BalanceRuleInput) =>
      api<BalanceRule>(SERVICE, '/notifications/balance-rules', { method: 'POST', body: input }),
    deleteRule: (id: string) =>
      api<undefined>(SERVICE, `/notifications/balance-rules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    code: (signal?: AbortSignal) => api<SponsorCode>(SERVICE, '/referrals/code', signal ? { signal } : {}),
    referrals: (signal?: AbortSignal) => api<ReferralList>(SERVICE, '/referrals', signal ? { signal } : {}),
    sponsor: (signal?: AbortSignal) =>
      api<SponsorStatus>(SERVICE, '/referrals/sponsor', signal ? { signal } : {}),
    setSponsor: (code: string) =>
      api<SponsorStatus>(SERVICE, '/referrals/sponsor', { method: 'POST', body: { code } }),
    changeSponsor: (code: string) =>
      api<SponsorStatus>(SERVICE, '/referrals/sponsor', { method: 'PUT', body: { code } }),
  };
}

/** The calls and query options bound to the router's API client. */
export function useAccountNotificationsApi() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const calls = accountNotificationsApi(router.options.context.api);
  return {
    calls,
    queryClient,
    listOptions: queryOptions({
      queryKey: accountNotificationKeys.list(),
      queryFn: ({ signal }) => calls.list(signal),
      staleTime: 30_000,
    }),
    preferencesOptions: queryOptions({
      queryKey: accountNotificationKeys.preferences(),
      queryFn: ({ signal }) => calls.preferences(signal),
    }),
    rulesOptions: queryOptions({
      queryKey: accountNotificationKeys.rules(),
      queryFn: ({ signal }) => calls.rules(signal),
    }),
    codeOptions: queryOptions({
      queryKey: referralKeys.code(),
      queryFn: ({ signal }) => calls.code(signal),
      staleTime: Infinity,
    }),
    referralsOptions: queryOptions({
      queryKey: referralKeys.list(),
      queryFn: ({ signal }) => calls.referrals(signal),
      refetchOnMount: 'always',
    }),
    sponsorOptions: queryOptions({
      queryKey: referralKeys.sponsor(),
      queryFn: ({ signal }) => calls.sponsor(signal),
    }),
  };
}
