import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './route-tree.gen.ts';
import type { AuthAdapter } from './lib/auth.ts';
import type { ApiClient } from './lib/api.ts';
import type { RuntimeConfig } from '@tessera/contracts';
import { parseSearch, stringifySearch } from './lib/search-params.ts';
import { scrollRestorationFor } from './lib/scroll-restoration.ts';
import { PendingPage } from './components/pending-page.tsx';

/** What every route's loaders and guards receive. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthAdapter;
  api: ApiClient;
  config: RuntimeConfig;
}

// Spec section 9, "Router".
export const ROUTER_PENDING_MS = 1000;
export const ROUTER_PENDING_MIN_MS = 500;
export const ROUTER_GC_TIME_MS = 300_000;
export const ROUTER_PRELOAD_DELAY_MS = 50;

/**
 * Builds the router with the spec's timings and plain-string search parameters. `hydratingHref` is the address
 * (path and query) of the pre-rendered page about to be hydrated, if any.
 */
export function createAppRouter(context: RouterContext, hydratingHref: string | null = null) {
  return createRouter({
    routeTree,
    context,
    defaultPendingMs: ROUTER_PENDING_MS,
    defaultPendingMinMs: ROUTER_PENDING_MIN_MS,
    defaultGcTime: ROUTER_GC_TIME_MS,
    defaultPreloadDelay: ROUTER_PRELOAD_DELAY_MS,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns freshness; the router should not cache a second copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingPage,
    trailingSlash: 'preserve',
    scrollRestoration: scrollRestorationFor(hydratingHref),
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
