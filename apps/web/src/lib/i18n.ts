/**
 * The only module that imports i18next (STYLE.md). The loading rules (spec sections 1, 7 and 9: the stored
 * preference `lng`, the query string, the browser language, then the subdomain; GET /lang/{language}/{namespace}.json
 * retried 5 times from 350 ms doubling, 10 reads in parallel, only the current language; fallbacks en-US, fr-FR,
 * dev; the `lng` cookie the server pre-renders by) live in @tessera/ui's lib/i18n.ts, shared with the console.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { languageOf, LANGUAGES, startTranslations, switchLanguage, type Language } from '@tessera/ui';
import { hydrateDeferredParts } from './deferred-hydration.tsx';

export {
  detectLanguage,
  FALLBACK_LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  toLanguage,
  TRANSLATION_FIRST_RETRY_MS,
  TRANSLATION_PARALLEL_READS,
  TRANSLATION_RETRIES,
} from '@tessera/ui';
export { LANGUAGES };
export type { Language };

/**
 * Every translation namespace; each exists in every language (a unit test checks the keys match). A feature
 * keeps its strings in its own namespace, loaded the first time a component asks for it.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'public',
  'help',
  'dashboard',
  'wallets',
  'trading',
  'funds',
  'onboarding',
  'kyc',
  'account',
  'account-notifications',
  'account-close',
  'legal',
  'access',
  'assistant',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces every page needs, loaded before the first render. */
export const INITIAL_NAMESPACES: readonly Namespace[] = ['common', 'errors'];

/**
 * Starts i18next; resolves once the current language's initial namespaces, and `more` (what the page being
 * shown needs, fetched in the same round), are loaded.
 */
export async function initI18n(more: readonly Namespace[] = []): Promise<void> {
  await startTranslations(i18next.use(initReactI18next), {
    baseUrl: '/',
    namespaces: [...INITIAL_NAMESPACES, ...more],
    defaultNamespace: 'common',
  });
}

/** The language in use, always one of {@link LANGUAGES}. */
export function currentLanguage(): Language {
  return languageOf(i18next);
}

/** Switches language, loading its files first, and remembers the choice under `lng`. */
export async function changeLanguage(language: Language): Promise<void> {
  // Every part of the page re-renders in the new language: parts still waiting to hydrate do it first.
  hydrateDeferredParts();
  await switchLanguage(i18next, language);
}

/** Translation hook for components (re-exported so only this module imports i18next packages). */
export { useTranslation };

/** Loads namespaces ahead of the components that use them (a pre-rendered page then hydrates without waiting). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await i18next.loadNamespaces([...namespaces]);
}

/**
 * Pre-rendering at build time (apps/web/scripts/prerender.ts, in Node): every namespace of both languages is
 * given in memory, so nothing is fetched and nothing suspends; `language` is the page's language.
 */
export async function initI18nForPrerender(
  resources: Record<Language, Record<string, Record<string, unknown>>>,
  language: Language,
): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources,
      lng: language,
      supportedLngs: [...LANGUAGES],
      fallbackLng: 'en',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  }
  await i18next.changeLanguage(language);
}

/** Translates outside React (route loaders, document titles). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, options);
}
