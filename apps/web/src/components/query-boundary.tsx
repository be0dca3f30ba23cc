import { Suspense, type ReactNode } from 'react';
import { CatchBoundary } from '@tanstack/react-router';

/**
 * One part of a page that reads its data with `useSuspenseQuery`: `pending` while the data loads, `failed(error)`
 * in its place when the read fails, so one panel's failure leaves the rest of the page working. The route's loader
 * fills the cache first (and does not fail the route for a panel's data), so `pending` shows only when the data
 * was not loaded ahead, e.g. after the cache forgot it.
 */
export function QueryBoundary({
  pending,
  failed,
  children,
}: {
  pending: ReactNode;
  failed: (error: unknown) => ReactNode;
  children: ReactNode;
}) {
  return (
    <CatchBoundary getResetKey={() => 'query'} errorComponent={({ error }) => failed(error)}>
      <Suspense fallback={pending}>{children}</Suspense>
    </CatchBoundary>
  );
}
