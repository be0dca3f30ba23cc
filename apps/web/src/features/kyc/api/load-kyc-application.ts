/**
 * The identity-verification page's loader: the application in TanStack Query's cache before the page renders,
 * read from the server on every visit. The query cache is persisted with throttled writes, so a copy restored
 * after a reload may predate the last step saved, and "Continue" would reopen a step already done. A failed read
 * never fails the overview (its verification step says it); the flow's steps read it with useSuspenseQuery, so
 * there the route's error page shows.
 */
import type { RouterContext } from '#/router.tsx';
import { kycApplicationQueryOptions } from './kyc-application.ts';

export async function loadKycApplication({ queryClient, api }: RouterContext): Promise<void> {
  await queryClient.fetchQuery({ ...kycApplicationQueryOptions(api), staleTime: 0 }).catch(() => undefined);
}
