import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import '@tessera/ui/styles.css';
import './app.css';
import { initI18n } from './lib/i18n.ts';
import { applyTheme, storedTheme } from './lib/theme.ts';
import { createPersister, createQueryClient, OFFLINE_CACHE_MAX_AGE_MS } from './lib/query-client.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { createAuth } from './lib/auth.ts';
import { createAppRouter } from './router.tsx';

async function start(): Promise<void> {
  applyTheme(storedTheme());
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth: createAuth(config.features), config });
  const root = document.getElementById('root');
  if (!root) {
    throw new Error('The page has no #root element.');
  }
  createRoot(root).render(
    <StrictMode>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister: createPersister(), maxAge: OFFLINE_CACHE_MAX_AGE_MS }}
      >
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </PersistQueryClientProvider>
    </StrictMode>,
  );
}

void start();
