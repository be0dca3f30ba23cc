/**
 * The wallet pages' loaders. They fill TanStack Query's cache with the caller's wallets (the components read them
 * with the same query options, features/../shared/cash/api/get-wallets.ts).
 */
import type { RouterContext } from '#/router.tsx';
import { cashCaller } from '#/shared/cash/api/cash-request.ts';
import { limitsQueryOptions } from '#/shared/cash/api/get-cash-limits.ts';
import { sepaDetailsQueryOptions } from '#/shared/cash/api/get-sepa-details.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';

/** /dashboard/wallets/: the list shows its own failure, so a failed read does not fail the route. */
export async function loadWalletList({ queryClient, api }: RouterContext): Promise<void> {
  const cash = cashCaller(api);
  void queryClient.prefetchQuery(limitsQueryOptions(cash));
  await queryClient.ensureQueryData(walletsQueryOptions(cash)).catch(() => undefined);
}

/**
 * /dashboard/wallets/{id}/ and its fund page: the wallet comes from the caller's list (another customer's wallet
 * and an unknown id look the same: not in it). A list restored from the persisted cache may not know a wallet
 * created since, so a list without the wallet is fetched again before the page says it does not exist. A failed
 * read fails the route: its error component says the wallet is unavailable.
 */
export async function loadWallet({ queryClient, api }: RouterContext, walletId: string): Promise<void> {
  const options = walletsQueryOptions(cashCaller(api));
  const wallets = await queryClient.ensureQueryData(options);
  if (!wallets.some((wallet) => wallet.id === walletId)) {
    await queryClient.fetchQuery({ ...options, staleTime: 0 });
  }
}

/**
 * /dashboard/wallets/{id}/fund/: the wallet as {@link loadWallet} reads it, and meanwhile what the page shows beside
 * it, so that nothing arrives after the page is drawn and pushes the forms down under the customer's pointer: the
 * deposit limit's line, and the SEPA details' account holder and reference (their rows sit above the amount field).
 * Neither read fails the route; the page shows its own failure.
 */
export async function loadFundWallet(context: RouterContext, walletId: string): Promise<void> {
  const cash = cashCaller(context.api);
  await Promise.all([
    loadWallet(context, walletId),
    context.queryClient.ensureQueryData(limitsQueryOptions(cash)).catch(() => undefined),
    context.queryClient.ensureQueryData(sepaDetailsQueryOptions(cash, walletId)).catch(() => undefined),
  ]);
}
