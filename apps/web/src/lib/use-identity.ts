import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { loadAmplify } from '#/lib/amplify.ts';

/** Loads aws-amplify (configured from /config.json) for a sign-in page. */
export function useIdentity() {
  const router = useRouter();
  const { config } = router.options.context;
  return useCallback(() => loadAmplify(config).then(({ auth }) => auth), [config]);
}

/**
 * For a sign-in form's onFocus: starts loading aws-amplify as soon as the person turns to the form, so it is
 * ready when they submit (the pre-rendered page does not load it before: lib/auth.ts).
 */
export function usePreloadIdentity() {
  const identity = useIdentity();
  return useCallback(() => void identity().catch(() => undefined), [identity]);
}

/**
 * Set (in sessionStorage) when a sign-in completes in this page: the dashboard then applies the language and theme
 * saved with the account (shared/account/account-preferences-sync.ts) and clears it. A page opened later with the
 * session already there keeps this device's choices.
 */
export const JUST_SIGNED_IN_KEY = 'tessera.justSignedIn';

/**
 * After a successful sign-in: note it for the dashboard, forget cached guard results and go on to `redirect` or the
 * dashboard home.
 */
export function useFinishSignIn() {
  const router = useRouter();
  return useCallback(
    async (redirect: string | undefined) => {
      try {
        sessionStorage.setItem(JUST_SIGNED_IN_KEY, '1');
      } catch {
        // No storage: the account's saved preferences are not applied on this page; the device's stay.
      }
      await router.invalidate();
      await router.navigate({ href: redirect ?? '/dashboard/home/', replace: true });
    },
    [router],
  );
}
