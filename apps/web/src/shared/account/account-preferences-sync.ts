/**
 * Languages and appearance on every device (issue #20): the server keeps the customer's language and theme
 * (GET/PUT /api/user-management/me/preferences). When a sign-in completes in this page (JUST_SIGNED_IN_KEY), the
 * server copy wins: it is applied here, and stored on this device under `lng` and `theme` as a local choice is. A
 * customer who never saved any keeps this device's choice, which becomes the server copy. While signed in, every
 * change, from the header switches or the settings sections, is saved on the server, and the language also on the
 * identity service (its `locale` attribute), whose outbox writes the customer's e-mails in it.
 */
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import {
  setThemePreference,
  storedThemePreference,
  THEME_CHANGE_EVENT,
  type ThemePreference,
} from '@tessera/ui';
import type { AccountPreferences } from '@tessera/contracts';
import { loadAmplify } from '#/lib/amplify.ts';
import { changeLanguage, currentLanguage, useTranslation, type Language } from '#/lib/i18n.ts';
import { JUST_SIGNED_IN_KEY } from '#/lib/use-identity.ts';
import { fetchAccountPreferences, saveAccountPreferences } from './account-profile-api.ts';

/** True right after a sign-in in this page, until the account's preferences were applied. */
function justSignedIn(): boolean {
  try {
    return sessionStorage.getItem(JUST_SIGNED_IN_KEY) !== null;
  } catch {
    return false;
  }
}

function clearJustSignedIn(): void {
  try {
    sessionStorage.removeItem(JUST_SIGNED_IN_KEY);
  } catch {
    // No storage: nothing was set.
  }
}

/** Keeps the device and the server's copy of the preferences in step while `userId` is signed in. */
export function useAccountPreferencesSync(userId: string): void {
  const router = useRouter();
  const { api, config } = router.options.context;
  const { i18n } = useTranslation('common');
  useEffect(() => {
    let active = true;
    let ready = false;
    const local = (): AccountPreferences => ({
      language: currentLanguage(),
      theme: storedThemePreference(),
    });
    let last: AccountPreferences = local();
    const tellIdentity = (language: Language) => {
      // The e-mails' language: best effort (a failure leaves the previous one; the server copy is saved anyway).
      void loadAmplify(config)
        .then(({ auth }) => auth.updateUserAttributes({ userAttributes: { locale: language } }))
        .catch(() => undefined);
    };
    const save = () => {
      const now = local();
      if (!ready || (now.language === last.language && now.theme === last.theme)) {
        return;
      }
      const languageChanged = now.language !== last.language;
      last = now;
      void saveAccountPreferences(api, now).catch(() => undefined);
      if (languageChanged) {
        tellIdentity(now.language);
      }
    };
    const applyAtSignIn = async () => {
      try {
        const stored = await fetchAccountPreferences(api);
        if (!active) {
          return;
        }
        clearJustSignedIn();
        if (stored.saved) {
          if (stored.theme !== storedThemePreference()) {
            setThemePreference(stored.theme as ThemePreference);
          }
          if (stored.language !== currentLanguage()) {
            await changeLanguage(stored.language);
          }
        } else {
          await saveAccountPreferences(api, local());
          tellIdentity(local().language);
        }
      } catch {
        // Unreachable server: this device's choices hold; they are saved at the next change.
        clearJustSignedIn();
      }
      if (!active) {
        return;
      }
      last = local();
      ready = true;
    };
    if (justSignedIn()) {
      void applyAtSignIn();
    } else {
      ready = true;
    }
    i18n.on('languageChanged', save);
    window.addEventListener(THEME_CHANGE_EVENT, save);
    return () => {
      active = false;
      i18n.off('languageChanged', save);
      window.removeEventListener(THEME_CHANGE_EVENT, save);
    };
  }, [api, config, i18n, userId]);
}
