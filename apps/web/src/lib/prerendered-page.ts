/**
 * The browser side of pre-rendering (apps/web/scripts/prerender.ts, docs/adr/0004-public-site.md). A pre-rendered
 * page carries, on <html>, the path and language it was rendered for, and its loaders' data in a JSON block
 * (data, not script: the CSP allows it). The app hydrates that HTML only when it is the page and language being
 * shown; otherwise it renders from scratch (index.html is also the shell of the pages that are not pre-rendered).
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from './i18n.ts';

/** The id of the JSON block holding the pre-rendered page's query data. */
export const PRERENDER_DATA_ID = 'tessera-prerender-data';
/** The class public/theme-init.js sets on <html> while a pre-render is the wrong page or language. */
export const PRERENDER_STALE_CLASS = 'ts-prerender-stale';

/** The pre-render in this document, when it is of `pathname` in `language`. */
export function matchingPrerender(pathname: string, language: Language): { queries: DehydratedState } | null {
  const html = document.documentElement;
  if (html.dataset['prerendered'] !== pathname || html.dataset['prerenderedLang'] !== language) {
    return null;
  }
  const data = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  return { queries: data ? (JSON.parse(data) as DehydratedState) : { queries: [], mutations: [] } };
}

/** Shows the root again once the app has replaced or hydrated the pre-rendered content. */
export function revealRoot(): void {
  document.documentElement.classList.remove(PRERENDER_STALE_CLASS);
}
