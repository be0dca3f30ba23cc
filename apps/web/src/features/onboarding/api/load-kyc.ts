/**
 * The identity-verification page's loader: the customer's profile (level and what it allows) and the wallets, in
 * TanStack Query's cache before the page renders. A failed read never fails the route: the page says it.
 */
import type { RouterContext } from '#/router.tsx';
import { cashCaller } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { customerProfileQueryOptions } from '#/shared/onboarding/customer-profile.ts';

export async function loadKyc({ queryClient, api }: RouterContext): Promise<void> {
  await Promise.all(
    [
      queryClient.ensureQueryData(customerProfileQueryOptions(api)),
      queryClient.ensureQueryData(walletsQueryOptions(cashCaller(api))),
    ].map((load) => load.catch(() => undefined)),
  );
}
