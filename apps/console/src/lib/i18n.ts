/**
 * The only module of the console that imports i18next (STYLE.md), with apps/web's loading rules (spec sections 1,
 * 7 and 9): translations from GET {base}lang/{language}/{namespace}.json (the console's own files, served under
 * /console/lang/), retried 5 times from 350 ms doubling, at most 10 reads in parallel, only the current language
 * loaded; the language comes from the stored preference (localStorage `lng`, shared with the web app), the query
 * string, the browser language; fallbacks en-US, fr-FR, dev.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Every namespace of the console; each exists in both languages (src/lib/i18n.test.ts checks the keys match). */
export const NAMESPACES = ['console'] as const;
export const FALLBACK_LANGUAGES = ['en-US', 'fr-FR', 'dev'];
export const LANGUAGE_STORAGE_KEY = 'lng';
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_FIRST_RETRY_MS = 350;
export const TRANSLATION_PARALLEL_READS = 10;

export function toLanguage(tag: string | undefined | null): Language {
  return tag?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

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

const translationBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = `${import.meta.env.BASE_URL}lang/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
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

export function detectLanguage(): Language {
  const found = [
    storedLanguage(),
    new URLSearchParams(window.location.search).get(LANGUAGE_STORAGE_KEY),
    navigator.languages?.[0] ?? navigator.language,
  ].find((value) => value !== null && value !== undefined && value !== '');
  return toLanguage(found);
}

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // No storage: detected again next time.
  }
}

export async function initI18n(): Promise<void> {
  const language = detectLanguage();
  await i18next
    .use(translationBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGES,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'console',
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

export function currentLanguage(): Language {
  return toLanguage(i18next.resolvedLanguage ?? i18next.language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  rememberLanguage(language);
}

export { useTranslation };
