/**
 * Starts the application once the configuration and translations are loaded (src/main.tsx): the router and its
 * context, then either the hydration of a pre-rendered public page or a fresh render (docs/adr/0004-public-site.md).
 */
import { startTransition, StrictMode, Suspense } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { hydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@tessera/contracts';
import { currentLanguage, loadNamespaces } from './lib/i18n.ts';
import { matchingPrerender, prerenderNamespaces, revealRoot } from './lib/prerendered-page.ts';
import { keepPrerenderedForm } from './lib/prerendered-form.ts';
import { createQueryClient, OFFLINE_CACHE_KEY } from './lib/query-client.ts';
import { createAuth, hasHostedLoginError } from './lib/auth.ts';
import { createSessionTracking, withTrackedSignOut } from './lib/session-tracker.ts';
import { createApiClient } from './lib/api.ts';
import type * as QueryPersistence from './lib/query-persistence.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { createAppRouter } from './router.tsx';

/**
 * A hydrated public page has nothing to restore: the persisted cache (src/lib/query-persistence.ts) is loaded
 * once the visitor has data worth keeping, that is the first query that is not help content.
 */
function persistWhenNeeded(queryClient: QueryClient): void {
  const queries = queryClient.getQueryCache();
  const start = () => {
    unsubscribe();
    void import('./lib/query-persistence.ts').then((m) => m.persistQueries(queryClient));
  };
  const unsubscribe = queries.subscribe((event) => {
    if (event.type === 'added' && event.query.queryKey[0] !== 'help') {
      start();
    }
  });
  if (queries.getAll().some((query) => query.queryKey[0] !== 'help')) {
    start();
  }
}

/**
 * `persistence` is the persisted-cache module when main.tsx already started loading it (the page is not a
 * pre-render of this address).
 */
export async function startApp(
  config: RuntimeConfig,
  persistence?: Promise<typeof QueryPersistence>,
): Promise<void> {
  // Session tracking (issue #17): every sign-out tells the tracker first; it loads late (lib/session-tracker.ts).
  const identity = createAuth(config);
  const tracking = createSessionTracking(config, identity);
  const auth = withTrackedSignOut(identity, tracking);
  const queryClient = createQueryClient(() => void auth.signOut().then(endSession));
  // Spec section 8: an invalid session signs the user out, clears every cache and returns to sign-in.
  const endSession = () => {
    queryClient.clear();
    localStorage.removeItem(OFFLINE_CACHE_KEY);
    void router.invalidate().then(() => router.navigate({ to: '/login' }));
  };
  const api = createApiClient(config, auth, endSession);
  // A pre-rendered page (public, sign-in) is hydrated (its HTML is already on screen); anything else is rendered
  // afresh. /login after a failed hosted sign-in shows why: not the pre-render, so it is rendered afresh.
  const prerendered = hasHostedLoginError()
    ? null
    : matchingPrerender(window.location.pathname, currentLanguage(), window.location.search);
  const router = createAppRouter(
    { queryClient, auth, api, config },
    prerendered ? `${window.location.pathname}${window.location.search}` : null,
  );
  auth.onInvalidSession(endSession);
  const root = document.getElementById('root');
  if (!root) {
    throw new Error('The page has no #root element.');
  }
  // React DOM is its own module, fetched and evaluated on its own (main.tsx): the largest one, kept out of the
  // task that evaluates this one.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  const routes = (
    <Suspense>
      <RouterProvider router={router} />
    </Suspense>
  );
  if (prerendered) {
    // Everything the page renders is loaded first: a component that suspends while hydrating would be thrown
    // away and rendered again (a visible flash and a layout shift).
    hydrate(queryClient, prerendered.queries);
    await yieldToMain();
    await Promise.all([router.load(), loadNamespaces(prerenderNamespaces(window.location.pathname))]);
    await yieldToMain();
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of blocking it for
    // the whole page. Nothing above the routes may update meanwhile: such an update would make the rest of the page
    // hydrate at once. That is why the persisted cache is not restored through PersistQueryClientProvider here
    // (the end of its restore is a state update above the routes).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <QueryClientProvider client={queryClient}>{routes}</QueryClientProvider>
        </StrictMode>,
      );
    });
    persistWhenNeeded(queryClient);
  } else {
    // A page rendered afresh (the dashboard, sign-in) restores the persisted cache before its queries run.
    const { PersistQueryClientProvider, persistOptions } = await (persistence ??
      import('./lib/query-persistence.ts'));
    // A pre-rendered sign-in form on screen until now (/login?redirect=…): what was typed in it, and a submit held
    // back, go to the form that replaces it (lib/prerendered-form.ts).
    keepPrerenderedForm(root);
    root.replaceChildren();
    createRoot(root).render(
      <StrictMode>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions()}>
          {routes}
        </PersistQueryClientProvider>
      </StrictMode>,
    );
  }
  revealRoot();
  tracking.start(router);
}
