/**
 * A form that is on screen before the app has started (the pre-rendered /login and /register): the visitor may
 * type in it and submit it while the app loads. public/theme-init.js holds back a submit of a form marked
 * {@link AWAIT_APP_ATTRIBUTE} until the app has taken it over (the password never goes to the server in a native
 * submit), showing the form busy meanwhile; the form's hook then submits it again through the app. What was typed stays: the form gives
 * react-hook-form no default for a field while hydrating, so it reads the field's value from the page.
 */
import { useEffect, useRef } from 'react';
import { useHydrated } from './use-hydrated.ts';

/** On the <form>: a submit waits for the app (public/theme-init.js reads the same names). */
export const AWAIT_APP_ATTRIBUTE = 'data-await-app';
const READY_ATTRIBUTE = 'data-app-ready';
const PENDING_ATTRIBUTE = 'data-submit-pending';

/**
 * For the form element, `formProps` (its ref and the mark): once mounted, the form submits through the app, and a
 * submit held back while the app loaded is made again. `fieldDefault(value)` is a field's default for
 * react-hook-form: none while the pre-rendered form hydrates (react-hook-form then keeps what the field holds,
 * typed before the app started), else `value`.
 */
export function usePrerenderedForm() {
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    const form = ref.current;
    if (!form) {
      return;
    }
    form.setAttribute(READY_ATTRIBUTE, '');
    if (form.hasAttribute(PENDING_ATTRIBUTE)) {
      // The app's own busy state (the submit button's) takes over from the one theme-init.js showed.
      form.removeAttribute(PENDING_ATTRIBUTE);
      form.removeAttribute('aria-busy');
      form.requestSubmit();
    }
  }, []);
  return {
    formProps: { ref, [AWAIT_APP_ATTRIBUTE]: '' },
    fieldDefault: <T>(value: T): T | undefined => (hydrated ? value : undefined),
  };
}
