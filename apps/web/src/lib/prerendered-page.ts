/**
 * The browser side of pre-rendering (apps/web/scripts/prerender.ts, docs/adr/0004-public-site.md). A pre-rendered
 * page carries, on <html>, the path and language it was rendered for, and its loaders' data in a JSON block
 * (data, not script: the CSP allows it). The app hydrates that HTML only when it is the page and language being
 * shown; otherwise it renders from scratch (index.html is also the shell of the pages that are not pre-rendered).
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { Language, Namespace } from './i18n.ts';

/** The id of the JSON block holding the pre-rendered page's query data. */
export const PRERENDER_DATA_ID = 'tessera-prerender-data';
/** The class public/theme-init.js sets on <html> while a pre-render is the wrong page or language. */
export const PRERENDER_STALE_CLASS = 'ts-prerender-stale';

/**
 * The sign-in and sign-up pages, pre-rendered signed out and without search parameters (their form is on screen
 * before the app starts; Amplify loads when the form is used: lib/auth.ts).
 */
export const AUTH_PAGE_PATHS = ['/login', '/register'] as const;

/** The translations a pre-rendered page hydrates with, fetched with the first ones (main.tsx). */
export function prerenderNamespaces(pathname: string): Namespace[] {
  return (AUTH_PAGE_PATHS as readonly string[]).includes(pathname) ? ['auth'] : ['public', 'help'];
}

/**
 * The pre-render in this document, when it is of `pathname` in `language`. A sign-in page opened with search
 * parameters (an e-mailed link's code, a redirect) may show another step or other links than its pre-render: it is
 * rendered afresh (the pre-rendered form stays on screen until then).
 */
export function matchingPrerender(
  pathname: string,
  language: Language,
  search = '',
): { queries: DehydratedState } | null {
  const html = document.documentElement;
  if (html.dataset['prerendered'] !== pathname || html.dataset['prerenderedLang'] !== language) {
    return null;
  }
  const params = [...new URLSearchParams(search).keys()].filter((key) => key !== 'lng');
  if ((AUTH_PAGE_PATHS as readonly string[]).includes(pathname) && params.length > 0) {
    return null;
  }
  const data = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  return { queries: data ? (JSON.parse(data) as DehydratedState) : { queries: [], mutations: [] } };
}

/** Shows the root again once the app has replaced or hydrated the pre-rendered content. */
export function revealRoot(): void {
  document.documentElement.classList.remove(PRERENDER_STALE_CLASS);
}
