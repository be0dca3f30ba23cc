/**
 * The identity-verification flow's loader: the application in TanStack Query's cache before the page renders. A
 * failed read never fails the overview (its verification step says it); the flow's steps need it and read it
 * with useSuspenseQuery, so there the route's error page shows.
 */
import type { RouterContext } from '#/router.tsx';
import { kycApplicationQueryOptions } from './kyc-application.ts';

export async function loadKycApplication({ queryClient, api }: RouterContext): Promise<void> {
  await queryClient.ensureQueryData(kycApplicationQueryOptions(api)).catch(() => undefined);
}
