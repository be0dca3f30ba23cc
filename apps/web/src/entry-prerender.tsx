/**
 * The pre-render entry, built by Vite for Node (apps/web/scripts/prerender.ts runs it after `vite build`): renders
 * one public page at a URL, in a language, to HTML, with its head tags and the data its loaders fetched, so the
 * page's content is in the first HTML response and the browser hydrates it instead of rendering it again.
 */
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { dehydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import type { RuntimeConfig } from '@tessera/contracts';
import { initI18nForPrerender, type Language } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createApiClient } from './lib/api.ts';
import type { AuthAdapter } from './lib/auth.ts';
import { PageHeadCollectorContext, type PageHeadData } from './lib/page-head.tsx';
import { createAppRouter } from './router.tsx';

/** What the pre-render needs for one page. */
export interface PrerenderRequest {
  /** Path (and search) of the page. */
  url: string;
  language: Language;
  /** Every namespace of both languages (the JSON files of public/lang). */
  resources: Record<Language, Record<string, Record<string, unknown>>>;
  /** The public origin for absolute links (PUBLIC_URL), or '' for root-relative ones. */
  origin: string;
  /** Where the help service answers during the build. */
  helpBaseUrl: string;
  /** True for the not-found page: the URL must match no route (server/src/static-apps.ts serves it with 404). */
  notFound?: boolean;
}

/** One rendered page. */
export interface PrerenderedPage {
  html: string;
  head: PageHeadData | null;
  /** The queries the loaders fetched, for the browser's cache (so hydration needs no request). */
  queries: DehydratedState;
}

/** Nobody is signed in while pre-rendering: the public pages never ask. */
const signedOut: AuthAdapter = {
  getSession: async () => null,
  getAccessToken: async () => null,
  signOut: async () => {},
  onInvalidSession: () => () => {},
};

function prerenderRouter(helpBaseUrl: string) {
  const config: RuntimeConfig = {
    services: { help: helpBaseUrl },
    identity: { region: '', userPoolId: '', userPoolClientId: '', userPoolEndpoint: '', oauthDomain: null },
    features: {},
  };
  const queryClient = createQueryClient();
  const api = createApiClient(config, signedOut, () => {});
  return { queryClient, router: createAppRouter({ queryClient, auth: signedOut, api, config }) };
}

/**
 * Every route's full path (`/dashboard/wallets/$id/`), for the server to tell an address of the app from an
 * unknown one (which it answers with 404).
 */
export function routePaths(): string[] {
  const { router } = prerenderRouter('');
  return [...new Set(Object.values(router.routesById).map((route) => route.fullPath as string))].sort();
}

/** Renders one page; throws when the route redirects, is not found or fails (a page we must not publish). */
export async function renderPage(request: PrerenderRequest): Promise<PrerenderedPage> {
  await initI18nForPrerender(request.resources, request.language);
  const { queryClient, router } = prerenderRouter(request.helpBaseUrl);
  router.update({
    ...router.options,
    history: createMemoryHistory({ initialEntries: [request.url] }),
    // Scroll restoration would add an inline script, which the CSP refuses; the browser restores scroll itself.
    scrollRestoration: false,
  });
  await router.load();
  const failed = router.state.matches.find((match) => match.status !== 'success');
  const landed = router.state.location.pathname;
  // An address no route matches: the router marks the match whose not-found component shows (`_notFound`).
  const notFound = router.state.matches.some(
    (match) => match.status === 'notFound' || (match as { _notFound?: boolean })._notFound === true,
  );
  if (request.notFound) {
    if (!notFound) {
      throw new Error(`${request.url} was meant to be the not-found page but matched a route.`);
    }
  } else if (failed || landed !== new URL(request.url, 'http://prerender').pathname) {
    throw new Error(
      `${request.url} (${request.language}) did not render: ${failed?.status ?? `redirected to ${landed}`}`,
    );
  }
  let head: PageHeadData | null = null;
  const collector = { origin: request.origin, collect: (data: PageHeadData) => (head = data) };
  // renderToString, not the streaming renderers: they add inline scripts (refused by the CSP). Everything the page
  // needs was loaded by router.load() and translations are in memory, so nothing suspends; the script checks.
  const html = renderToString(
    <StrictMode>
      <PageHeadCollectorContext.Provider value={collector}>
        <QueryClientProvider client={queryClient}>
          {/*
            The browser's tree has three Suspense boundaries above the first route's content: main.tsx's, and two
            that TanStack Router adds only in the browser (around its matches and around the root match). The
            pre-render declares all three here, so the HTML carries the boundaries hydration expects.
          */}
          <Suspense>
            <Suspense>
              <Suspense>
                <RouterProvider router={router} />
              </Suspense>
            </Suspense>
          </Suspense>
        </QueryClientProvider>
      </PageHeadCollectorContext.Provider>
    </StrictMode>,
  );
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) {
    throw new Error(`${request.url} (${request.language}) suspended while pre-rendering.`);
  }
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.queryKey[0] === 'help' });
  queryClient.clear();
  return { html, head, queries };
}

export { PAGE_HEAD_MARKER, PUBLIC_ORIGIN_PLACEHOLDER } from './lib/page-head.tsx';
export { PRERENDER_DATA_ID } from './lib/prerendered-page.ts';
