/**
 * The only module that imports i18next (STYLE.md). Settings follow spec sections 1, 7 and 9: translations come
 * from GET /lang/{language}/{namespace}.json, retried 5 times from 350 ms doubling, at most 10 reads in parallel,
 * only the current language loaded; the language is detected from the stored preference (localStorage key `lng`),
 * the query string, the browser language, then the subdomain; fallbacks en-US, fr-FR, dev.
 *
 * Detection and loading are a few lines here rather than i18next-browser-languagedetector and
 * i18next-http-backend: the same rules for about 7 KB less JavaScript and less start-up work on every page
 * (docs/benchmarks.md). The detected language is remembered under `lng` and mirrored in a cookie of the same
 * name, so the server can send pre-rendered pages in that language (docs/adr/0004-public-site.md).
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { hydrateDeferredParts } from './deferred-hydration.tsx';

/** The languages Tessera is written in. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

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
  'onboarding',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces every page needs, loaded before the first render. */
export const INITIAL_NAMESPACES: readonly Namespace[] = ['common', 'errors'];

/** Spec section 1: fallback languages, in order. */
export const FALLBACK_LANGUAGES = ['en-US', 'fr-FR', 'dev'];
export const LANGUAGE_STORAGE_KEY = 'lng';

export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_FIRST_RETRY_MS = 350;
export const TRANSLATION_PARALLEL_READS = 10;

/** Maps any detected tag (fr-CA, en-GB, de) onto a language we ship, so only that language is fetched. */
export function toLanguage(tag: string | undefined): Language {
  return tag?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** One read of a translation file; a network failure or a 5xx answer may be retried, anything else may not. */
async function readTranslation(url: string): Promise<{ data: Record<string, unknown> } | { retry: boolean }> {
  try {
    const response = await fetch(url, { credentials: 'omit' });
    if (!response.ok) {
      return { retry: response.status >= 500 };
    }
    return { data: (await response.json()) as Record<string, unknown> };
  } catch {
    return { retry: true };
  }
}

/**
 * Reads /lang/{language}/{namespace}.json. i18next's connector retries a read whose callback gets `true` as data
 * (maxRetries, retryTimeout doubling) and caps parallel reads (maxParallelReads).
 */
const translationBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = `/lang/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    void readTranslation(url).then((result) =>
      'data' in result ? callback(null, result.data) : callback(`GET ${url} failed`, result.retry),
    );
  },
};

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Spec section 1: the stored preference, the query string, the browser language, then the subdomain. */
export function detectLanguage(): Language {
  const found = [
    storedLanguage(),
    new URLSearchParams(window.location.search).get(LANGUAGE_STORAGE_KEY),
    navigator.languages?.[0] ?? navigator.language,
    /^(\w{2,5})\.(([a-z0-9-]{1,63}\.[a-z]{2,6})|localhost)/i.exec(window.location.hostname)?.[1],
  ].find((value) => value !== null && value !== undefined && value !== '');
  return toLanguage(found ?? undefined);
}

/** The cookie the server reads to pre-select a page's language (the same name as the storage key). */
export const LANGUAGE_COOKIE = LANGUAGE_STORAGE_KEY;
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Remembers a language: localStorage `lng` (the spec's stored preference) and its cookie mirror. */
function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // No storage (private mode): the language is detected again next time.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/**
 * Starts i18next; resolves once the current language's initial namespaces, and `more` (what the page being
 * shown needs, fetched in the same round), are loaded.
 */
export async function initI18n(more: readonly Namespace[] = []): Promise<void> {
  const language = detectLanguage();
  rememberLanguage(language);
  await i18next
    .use(translationBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGES,
      load: 'currentOnly',
      ns: [...new Set([...INITIAL_NAMESPACES, ...more])],
      defaultNS: 'common',
      maxParallelReads: TRANSLATION_PARALLEL_READS,
      maxRetries: TRANSLATION_RETRIES,
      retryTimeout: TRANSLATION_FIRST_RETRY_MS,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
      showSupportNotice: false,
    });
  document.documentElement.lang = currentLanguage();
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = toLanguage(lng);
  });
}

/** The language in use, always one of {@link LANGUAGES}. */
export function currentLanguage(): Language {
  return toLanguage(i18next.resolvedLanguage ?? i18next.language);
}

/** Switches language, loading its files first, and remembers the choice under `lng`. */
export async function changeLanguage(language: Language): Promise<void> {
  // Every part of the page re-renders in the new language: parts still waiting to hydrate do it first.
  hydrateDeferredParts();
  await i18next.changeLanguage(language);
  rememberLanguage(language);
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
