import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@tessera/contracts';
import { routeTree } from './route-tree.gen.ts';
import type { ConsoleAuth } from './lib/auth.ts';
import type { ApiClient } from './lib/api.ts';

/** What every route's loaders and guards receive. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: ConsoleAuth;
  api: ApiClient;
  config: RuntimeConfig;
}

// The web app's timings (spec section 9, "Router").
export function createConsoleRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    basepath: '/console',
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultGcTime: 300_000,
    defaultPreloadDelay: 50,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    trailingSlash: 'preserve',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
