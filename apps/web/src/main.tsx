import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { hydrate } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import '@tessera/ui/styles.css';
import './app.css';
import { currentLanguage, initI18n, loadNamespaces } from './lib/i18n.ts';
import { matchingPrerender, revealRoot } from './lib/prerendered-page.ts';
import { applyTheme, storedTheme } from './lib/theme.ts';
import {
  createPersister,
  createQueryClient,
  OFFLINE_CACHE_KEY,
  OFFLINE_CACHE_MAX_AGE_MS,
} from './lib/query-client.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { createAuth } from './lib/auth.ts';
import { createApiClient } from './lib/api.ts';
import { createAppRouter } from './router.tsx';

async function start(): Promise<void> {
  applyTheme(storedTheme());
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  const auth = createAuth(config);
  const queryClient = createQueryClient(() => void auth.signOut().then(endSession));
  // Spec section 8: an invalid session signs the user out, clears every cache and returns to sign-in.
  const endSession = () => {
    queryClient.clear();
    localStorage.removeItem(OFFLINE_CACHE_KEY);
    void router.invalidate().then(() => router.navigate({ to: '/login' }));
  };
  const api = createApiClient(config, auth, endSession);
  const router = createAppRouter({ queryClient, auth, api, config });
  auth.onInvalidSession(endSession);
  const root = document.getElementById('root');
  if (!root) {
    throw new Error('The page has no #root element.');
  }
  const app = (
    <StrictMode>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister: createPersister(), maxAge: OFFLINE_CACHE_MAX_AGE_MS }}
      >
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </PersistQueryClientProvider>
    </StrictMode>
  );
  // A pre-rendered public page is hydrated (its HTML is already on screen); anything else is rendered afresh.
  const prerendered = matchingPrerender(window.location.pathname, currentLanguage());
  if (prerendered) {
    // Everything the page renders is loaded first: a component that suspends while hydrating would be thrown
    // away and rendered again when the query cache finishes restoring (a visible flash and a layout shift).
    hydrate(queryClient, prerendered.queries);
    await Promise.all([router.load(), loadNamespaces(['public', 'help'])]);
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  revealRoot();
}

void start();
