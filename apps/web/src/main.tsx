/**
 * The entry. It starts what the first render waits for (the runtime configuration, the translations) and fetches
 * the application module in parallel; the application is evaluated in a task of its own, after a yield to the
 * browser, so that loading the app never blocks the main thread in one long task (docs/benchmarks.md).
 */
import '@tessera/ui/styles.css';
import './app.css';
import { initI18n } from './lib/i18n.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { prerenderNamespaces } from './lib/prerendered-page.ts';
import { adoptStyleNonce } from '@tessera/ui/style-nonce';
import { applyThemePreference, storedThemePreference } from '@tessera/ui';

async function start(): Promise<void> {
  applyThemePreference(storedThemePreference());
  // The CSP nonce for the <style> elements of dialogs and selects (packages/ui/src/lib/style-nonce.ts).
  adoptStyleNonce();
  // Fetched in parallel, evaluated each in its own task: React DOM, then the application (src/start-app.tsx).
  const reactDom = import('react-dom/client');
  const application = import('./start-app.tsx');
  // A page that is not this address's pre-render is rendered afresh after restoring the persisted cache: its
  // module is fetched now too (a pre-rendered page loads it later, when it has something to keep).
  const prerendered = document.documentElement.dataset['prerendered'] === window.location.pathname;
  const persistence = prerendered ? undefined : import('./lib/query-persistence.ts');
  // A pre-rendered page hydrates with its texts (public and help, or the sign-in ones): fetched with the first ones.
  const [config] = await Promise.all([
    loadRuntimeConfig(),
    initI18n(prerendered ? prerenderNamespaces(window.location.pathname) : []),
  ]);
  await yieldToMain();
  await reactDom;
  const { startApp } = await application;
  await yieldToMain();
  await startApp(config, persistence);
}

void start();
