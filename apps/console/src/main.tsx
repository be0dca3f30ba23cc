/**
 * The console's entry: theme, runtime configuration and translations first, then the router (apps/web's order).
 */
// First: zod's configuration holds for every parse after it (lib/zod-config.ts).
import './lib/zod-config.ts';
import '@tessera/ui/styles.css';
import './console.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { parseRuntimeConfig } from '@tessera/contracts';
import { applyThemePreference, storedThemePreference } from '@tessera/ui';
import { adoptStyleNonce } from '@tessera/ui/style-nonce';
import { initI18n } from './lib/i18n.ts';
import { createConsoleAuth } from './lib/auth.ts';
import { createApiClient } from './lib/api.ts';
import { createConsoleRouter } from './router.tsx';
import { Toasts } from './components/toasts.tsx';

async function start(): Promise<void> {
  // The page's style nonce (server/src/static-apps.ts): dialogs' <style> and the session replay's rebuilt styles.
  adoptStyleNonce();
  applyThemePreference(storedThemePreference());
  const [config] = await Promise.all([
    fetch('/config.json', { credentials: 'same-origin' }).then(async (response) =>
      parseRuntimeConfig(await response.json()),
    ),
    initI18n(),
  ]);
  const auth = createConsoleAuth(config);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } });
  const api = createApiClient(auth);
  const router = createConsoleRouter({ queryClient, auth, api, config });
  const root = document.getElementById('root');
  if (!root) {
    throw new Error('The page has no #root element.');
  }
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense>
          <Toasts>
            <RouterProvider router={router} />
          </Toasts>
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
