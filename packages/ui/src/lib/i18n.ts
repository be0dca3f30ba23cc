/**
 * The translation loading rules that apps/web and apps/console share (spec sections 1, 7 and 9): translations from
 * GET {base}lang/{language}/{namespace}.json, retried 5 times from 350 ms doubling, at most 10 reads in parallel,
 * only the current language loaded; the language comes from the stored preference (localStorage `lng`), the query
 * string, the browser language, then the subdomain; fallbacks en-US, fr-FR, dev. The chosen language is
 * remembered under `lng` and mirrored in a cookie of the same name, so the server can send pre-rendered pages in
 * that language (docs/adr/0004-public-site.md).
 *
 * This module never imports i18next: each app's `lib/i18n.ts` stays the only module that does (STYLE.md) and hands
 * its instance to {@link startTranslations}, which only needs the few members named in {@link TranslationInstance}.
 * Detection and loading are a few lines here rather than i18next-browser-languagedetector and i18next-http-backend:
 * the same rules for about 7 KB less JavaScript (docs/benchmarks.md).
 */

/** The languages Tessera is written in. */
export const LANGUAGES = ['en', 'fr'] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** Spec section 1: fallback languages, in order. */
export const FALLBACK_LANGUAGES = ['en-US', 'fr-FR', 'dev'];
/** The storage key (and cookie name) of the chosen language, shared by the web app and the console. */
export const LANGUAGE_STORAGE_KEY = 'lng';
/** The cookie the server reads to pre-select a page's language (the same name as the storage key). */
export const LANGUAGE_COOKIE = LANGUAGE_STORAGE_KEY;
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Spec section 9: how many times a translation read is retried, from how long a first wait, doubling. */
export const TRANSLATION_RETRIES = 5;
/** The first wait before a translation read is retried. */
export const TRANSLATION_FIRST_RETRY_MS = 350;
/** At most this many translation reads at once. */
export const TRANSLATION_PARALLEL_READS = 10;

/** Maps any detected tag (fr-CA, en-GB, de) onto a language we ship, so only that language is fetched. */
export function toLanguage(tag: string | undefined | null): Language {
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

/** The shape of an i18next backend module (i18next's `BackendModule`), written out so this file needs no i18next. */
export interface TranslationBackend {
  type: 'backend';
  init(): void;
  read(
    language: string,
    namespace: string,
    callback: (error: string | null, data: Record<string, unknown> | boolean) => void,
  ): void;
}

/**
 * Reads {base}lang/{language}/{namespace}.json. i18next's connector retries a read whose callback gets `true` as
 * data (maxRetries, retryTimeout doubling) and caps parallel reads (maxParallelReads).
 */
export function createTranslationBackend(baseUrl: string): TranslationBackend {
  return {
    type: 'backend',
    init: () => {},
    read(language, namespace, callback) {
      const url = `${baseUrl}lang/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
      void readTranslation(url).then((result) =>
        'data' in result ? callback(null, result.data) : callback(`GET ${url} failed`, result.retry),
      );
    },
  };
}

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
  return toLanguage(found);
}

/** Remembers a language: localStorage `lng` (the spec's stored preference) and its cookie mirror. */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // No storage (private mode): the language is detected again next time.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** What {@link startTranslations} needs of an i18next instance (i18next's default export has all of it). */
export interface TranslationInstance {
  use(module: TranslationBackend): TranslationInstance;
  init(options: TranslationOptions): Promise<unknown>;
  on(event: 'languageChanged', listener: (language: string) => void): void;
  changeLanguage(language: string): Promise<unknown>;
  readonly language: string;
  readonly resolvedLanguage?: string | undefined;
}

/** i18next's init options under the shared rules: one language loaded, retries, parallel reads, fallbacks. */
export interface TranslationOptions {
  lng: Language;
  supportedLngs: string[];
  fallbackLng: string[];
  load: 'currentOnly';
  ns: string[];
  defaultNS: string;
  maxParallelReads: number;
  maxRetries: number;
  retryTimeout: number;
  interpolation: { escapeValue: false };
  returnNull: false;
  react: { useSuspense: true };
  showSupportNotice: false;
}

/** Where an app's translations live and which namespaces its first render needs. */
export interface TranslationSetup {
  /** The app's base URL (Vite's `import.meta.env.BASE_URL`): translations are read under `{baseUrl}lang/`. */
  baseUrl: string;
  /** The namespaces loaded before the first render. */
  namespaces: readonly string[];
  /** The namespace of keys given without one. */
  defaultNamespace: string;
}

/** The language an instance uses, always one of {@link LANGUAGES}. */
export function languageOf(instance: Pick<TranslationInstance, 'language' | 'resolvedLanguage'>): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

/**
 * Starts an i18next instance (with its React plugin already in `use`): detects and remembers the language, loads
 * the first namespaces, and keeps `<html lang>` in step with the language in use.
 */
export async function startTranslations(
  instance: TranslationInstance,
  setup: TranslationSetup,
): Promise<void> {
  const language = detectLanguage();
  rememberLanguage(language);
  await instance.use(createTranslationBackend(setup.baseUrl)).init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGES,
    load: 'currentOnly',
    ns: [...new Set(setup.namespaces)],
    defaultNS: setup.defaultNamespace,
    maxParallelReads: TRANSLATION_PARALLEL_READS,
    maxRetries: TRANSLATION_RETRIES,
    retryTimeout: TRANSLATION_FIRST_RETRY_MS,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
    showSupportNotice: false,
  });
  document.documentElement.lang = languageOf(instance);
  instance.on('languageChanged', (changed) => {
    document.documentElement.lang = toLanguage(changed);
  });
}

/** Switches an instance's language, loading its files first, and remembers the choice under `lng`. */
export async function switchLanguage(instance: TranslationInstance, language: Language): Promise<void> {
  await instance.changeLanguage(language);
  rememberLanguage(language);
}
