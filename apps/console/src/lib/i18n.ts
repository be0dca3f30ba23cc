/**
 * The only module of the console that imports i18next (STYLE.md). The loading rules are apps/web's, shared through
 * @tessera/ui's lib/i18n.ts (spec sections 1, 7 and 9): the console's own files under {base}lang/ (/console/lang/),
 * retried 5 times from 350 ms doubling, 10 reads in parallel, only the current language; the language from the
 * stored preference (localStorage `lng`, shared with the web app), the query string, the browser language, the
 * subdomain; fallbacks en-US, fr-FR, dev.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { languageOf, startTranslations, switchLanguage, type Language } from '@tessera/ui';

export { LANGUAGES, toLanguage } from '@tessera/ui';
export type { Language };

/** Every namespace of the console; each exists in both languages (src/lib/i18n.test.ts checks the keys match). */
export const NAMESPACES = ['console', 'kyc', 'support', 'replay', 'assist', 'studio'] as const;
/** The namespaces every page needs, loaded before the first render; a section's own load when it is opened. */
export const INITIAL_NAMESPACES = ['console'] as const;

export async function initI18n(): Promise<void> {
  await startTranslations(i18next.use(initReactI18next), {
    baseUrl: import.meta.env.BASE_URL,
    namespaces: INITIAL_NAMESPACES,
    defaultNamespace: 'console',
  });
}

export function currentLanguage(): Language {
  return languageOf(i18next);
}

export async function changeLanguage(language: Language): Promise<void> {
  await switchLanguage(i18next, language);
}

export { useTranslation };
