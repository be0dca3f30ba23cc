/**
 * A form that is on screen before the app has started (the pre-rendered /login and /register): the visitor may
 * type in it and submit it while the app loads. public/theme-init.js holds back a submit of a form marked
 * {@link AWAIT_APP_ATTRIBUTE} until the app has taken it over (the password never goes to the server in a native
 * submit), showing the form busy meanwhile; the form's hook then submits it again through the app. What was typed stays: the form gives
 * react-hook-form no default for a field while hydrating, so it reads the field's value from the page.
 *
 * A page the app renders afresh instead of hydrating it (/login?redirect=…, from a route guard; src/start-app.tsx)
 * replaces the pre-rendered form with a new one: {@link keepPrerenderedForm} reads what was typed and whether a
 * submit was held first, and the new form starts with those values and makes that submit.
 */
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from './use-hydrated.ts';

/** On the <form>: a submit waits for the app (public/theme-init.js reads the same names). */
export const AWAIT_APP_ATTRIBUTE = 'data-await-app';
const READY_ATTRIBUTE = 'data-app-ready';
const PENDING_ATTRIBUTE = 'data-submit-pending';

/** What the visitor left in the pre-rendered form of a page the app renders afresh. */
interface KeptForm {
  path: string;
  values: Record<string, string>;
  submitted: boolean;
}

let kept: KeptForm | null = null;

/**
 * Before the app replaces a pre-rendered page's content (it renders the page afresh): keeps what was typed in its
 * form (text fields, by name) and whether a submit of it was held back, for the form that replaces it.
 */
export function keepPrerenderedForm(root: ParentNode): void {
  const form = root.querySelector<HTMLFormElement>(`form[${AWAIT_APP_ATTRIBUTE}]`);
  if (!form) {
    return;
  }
  const values: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    if (
      element instanceof HTMLInputElement &&
      element.name !== '' &&
      !['checkbox', 'radio', 'hidden', 'submit', 'button', 'file'].includes(element.type) &&
      element.value !== ''
    ) {
      values[element.name] = element.value;
    }
  }
  kept = { path: window.location.pathname, values, submitted: form.hasAttribute(PENDING_ATTRIBUTE) };
}

/** The kept form, once, for a form of the page it was kept on. */
function takeKeptForm(): KeptForm | null {
  const taken = kept;
  kept = null;
  return taken && taken.path === window.location.pathname ? taken : null;
}

/**
 * For the form element, `formProps` (its ref and the mark): once mounted, the form submits through the app, and a
 * submit held back while the app loaded is made again. `fieldDefault(name, value)` is a field's default for
 * react-hook-form: none while the pre-rendered form hydrates (react-hook-form then keeps what the field holds,
 * typed before the app started); what was typed in the pre-rendered form when it was replaced instead; else `value`.
 */
export function usePrerenderedForm() {
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [replaced] = useState(takeKeptForm);
  useEffect(() => {
    const form = ref.current;
    if (!form) {
      return;
    }
    form.setAttribute(READY_ATTRIBUTE, '');
    if (form.hasAttribute(PENDING_ATTRIBUTE) || replaced?.submitted) {
      // The app's own busy state (the submit button's) takes over from the one theme-init.js showed.
      form.removeAttribute(PENDING_ATTRIBUTE);
      form.removeAttribute('aria-busy');
      form.requestSubmit();
    }
  }, [replaced]);
  return {
    formProps: { ref, [AWAIT_APP_ATTRIBUTE]: '' },
    fieldDefault: (name: string, value: string): string | undefined =>
      hydrated ? (replaced?.values[name] ?? value) : undefined,
  };
}
