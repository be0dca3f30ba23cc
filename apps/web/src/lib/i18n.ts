/**
 * The only module that imports i18next (STYLE.md). Settings follow spec sections 1, 7 and 9: translations come
 * from GET /lang/{language}/{namespace}.json, retried 5 times from 350 ms doubling, at most 10 reads in parallel,
 * only the current language loaded; the language is detected from the stored preference (localStorage key `lng`),
 * the query string, the browser language, then the subdomain; fallbacks en-US, fr-FR, dev.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';

/** The languages Tessera is written in. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Every translation namespace; each exists in every language (a unit test checks the keys match). A feature
 * keeps its strings in its own namespace, loaded the first time a component asks for it.
 */
export const NAMESPACES = ['common', 'errors', 'auth', 'public', 'help', 'dashboard'] as const;
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fetches one translation file, retrying network failures and 5xx answers with a doubling delay. */
async function readTranslation(url: string): Promise<{ status: number; data: string }> {
  let waitMs = TRANSLATION_FIRST_RETRY_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url, { credentials: 'omit' });
      if (response.status < 500 || attempt === TRANSLATION_RETRIES) {
        return { status: response.status, data: await response.text() };
      }
    } catch (error) {
      if (attempt === TRANSLATION_RETRIES) {
        throw error;
      }
    }
    await delay(waitMs);
    waitMs *= 2;
  }
}

/** Starts i18next; resolves once the current language's namespaces are loaded. */
export async function initI18n(): Promise<void> {
  await i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGES,
      load: 'currentOnly',
      ns: [...INITIAL_NAMESPACES],
      defaultNS: 'common',
      maxParallelReads: TRANSLATION_PARALLEL_READS,
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        order: ['localStorage', 'querystring', 'navigator', 'subdomain'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        lookupQuerystring: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (tag: string) => toLanguage(tag),
      },
      backend: {
        loadPath: '/lang/{{lng}}/{{ns}}.json',
        request: (_options: unknown, url: string, _payload: unknown, callback: RequestCallback) => {
          readTranslation(url).then(
            (result) => callback(null, result),
            (error: unknown) => callback(error, { status: 0, data: '' }),
          );
        },
      },
      react: { useSuspense: true },
      showSupportNotice: false,
    });
  document.documentElement.lang = currentLanguage();
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = toLanguage(lng);
  });
}

type RequestCallback = (error: unknown, response: { status: number; data: string }) => void;

/** The language in use, always one of {@link LANGUAGES}. */
export function currentLanguage(): Language {
  return toLanguage(i18next.resolvedLanguage ?? i18next.language);
}

/** Switches language, loading its files first, and remembers the choice under `lng`. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
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
