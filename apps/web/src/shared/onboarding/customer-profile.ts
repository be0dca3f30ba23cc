/**
 * The signed-in customer's profile from user management (GET /api/user-management/me): the KYC level the server
 * decides (level 1 follows the identity service's verified e-mail and phone), its status and what the level
 * allows. Read by the identity-verification page and refreshed after a verification step.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { CustomerProfileResponse } from '@tessera/contracts';
import type { ApiClient } from '#/lib/api.ts';
import { cashKeys } from '#/shared/cash/api/cash-request.ts';

/** The runtime configuration's key of user management (packages/platform config, `serviceUrls`). */
const USER_MANAGEMENT_SERVICE = 'userManagement';

export const customerProfileKey = ['userManagement', 'me'] as const;

export function customerProfileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: customerProfileKey,
    queryFn: ({ signal }) => api<CustomerProfileResponse>(USER_MANAGEMENT_SERVICE, '/me', { signal }),
    staleTime: 5_000,
  });
}

/** The profile query bound to the router's API client. */
export function useCustomerProfileOptions() {
  const router = useRouter();
  return customerProfileQueryOptions(router.options.context.api);
}

/**
 * After a verification step: reads the level again everywhere it is shown (this page, the home prompt, the cash
 * limits, which cash operations asks user management for).
 */
export function useRefreshLevel() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerProfileKey }),
      queryClient.invalidateQueries({ queryKey: cashKeys.all }),
    ]);
}
