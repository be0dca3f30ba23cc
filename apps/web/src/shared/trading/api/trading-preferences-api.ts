/**
 * Settings section tradingPreferences (packages/contracts/src/trading-preferences.ts): read by the order form and
 * the trading page, written by the settings section. GET and PUT /api/user-management/me/trading-preferences.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import {
  DEFAULT_TRADING_PREFERENCES,
  tradingPreferencesSchema,
  type TradingPreferences,
} from '@tessera/contracts';
import type { ApiClient } from '../../../lib/api.ts';

export const USER_MANAGEMENT_SERVICE = 'userManagement';
const PATH = '/me/trading-preferences';

export const tradingPreferencesKey = ['trading', 'preferences'] as const;

/** The saved preferences; a malformed answer falls back to the defaults rather than breaking the order form. */
export function tradingPreferencesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: tradingPreferencesKey,
    queryFn: async ({ signal }): Promise<TradingPreferences> => {
      const answer = await api<unknown>(USER_MANAGEMENT_SERVICE, PATH, { signal });
      const parsed = tradingPreferencesSchema.safeParse(answer);
      return parsed.success ? parsed.data : DEFAULT_TRADING_PREFERENCES;
    },
    staleTime: 60_000,
  });
}

export function saveTradingPreferences(api: ApiClient, preferences: TradingPreferences) {
  return api<TradingPreferences>(USER_MANAGEMENT_SERVICE, PATH, { method: 'PUT', body: preferences });
}

/** The query options bound to the router's API client, and a saver that refreshes the cache. */
export function useTradingPreferencesApi() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { api } = router.options.context;
  return {
    options: tradingPreferencesQueryOptions(api),
    save: async (preferences: TradingPreferences) => {
      const saved = await saveTradingPreferences(api, preferences);
      queryClient.setQueryData(tradingPreferencesKey, saved);
      return saved;
    },
  };
}
