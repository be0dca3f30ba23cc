/**
 * Serves the built web app at / and the console at /console/, with their SPA fallbacks, and the translations.
 *
 * Rules (so the client router and caches behave):
 *  - a file in dist is served as is; hashed files under assets/ are cached for a year (immutable), HTML never
 *    without revalidation, translations for five minutes;
 *  - GET of a page (a path that does not look like a file): its pre-rendered HTML in the visitor's language when
 *    there is one (`dist/<path>/index.html` in English, `dist/<path>/index.fr.html` in French), otherwise
 *    `index.html` with 200 so the client router renders the page, or its own not-found page. The language is the
 *    one the browser will detect, as far as the server can know it (docs/adr/0004-public-site.md): the `lng`
 *    cookie that mirrors the stored preference, then `?lng=`, then Accept-Language, then the subdomain;
 *  - a missing asset (`/assets/x.js`, `/favicon.png`) is a real 404, never HTML that a browser would run as script;
 *  - backend paths (/api, /identity, ...) and other methods get the NOT_FOUND JSON.
 */
import { access } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFoundHandler } from '@tessera/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the two built apps are. */
export interface StaticAppsOptions {
  webDist: string;
  consoleDist: string;
}

/** First path segments that belong to backends: an unknown path under them is a JSON 404, never the SPA. */
const backendSegments = new Set([
  'api',
  'identity',
  'oauth2',
  'v1',
  'ingest',
  'assist',
  'ws-assist',
  '.well-known',
  'lang',
]);

const languagePattern = /^[a-zA-Z-]{2,10}$/;
/** The languages pages are pre-rendered in; the first is the default (x-default). */
export const PAGE_LANGUAGES = ['en', 'fr'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];
/** The cookie that mirrors the stored language preference (localStorage `lng`, written by the web app). */
export const LANGUAGE_COOKIE = 'lng';
const subdomainPattern = /^(\w{2,5})\.(([a-z0-9-]{1,63}\.[a-z]{2,6})|localhost)/i;
const namespaceFilePattern = /^([a-z-]{1,40})\.json$/;
const looksLikeFile = /\.[A-Za-z0-9]{1,10}$/;
const safeSegment = /^[A-Za-z0-9._~-]+$/;

/** Cache-Control for a file of a dist folder, by its path inside the folder. */
export function cacheControlFor(pathInDist: string): string {
  const path = pathInDist.split(sep).join('/');
  if (path.startsWith('assets/')) {
    return 'public, max-age=31536000, immutable';
  }
  if (path.startsWith('lang/')) {
    return 'public, max-age=300';
  }
  return 'no-cache';
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Any language tag onto a language pages exist in, as the web app's detector does (fr-CA → fr, de → en). */
function toPageLanguage(tag: string | undefined): PageLanguage {
  return tag?.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) {
      return value.join('=').trim() || undefined;
    }
  }
  return undefined;
}

/** The browser's first language (navigator.languages[0]): the highest `q`, the earliest among equals. */
function firstAcceptedLanguage(header: string | undefined): string | undefined {
  const ranges = (header ?? '')
    .split(',')
    .map((range, index) => {
      const [tag = '', ...parameters] = range.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.q > 0);
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges[0]?.tag;
}

/**
 * The language the web app will show for this request (spec section 1: stored preference, query string, browser
 * language, subdomain), as far as the server can know it: the stored preference reaches it as the `lng` cookie.
 * Exported for its unit test.
 */
export function requestLanguage(request: {
  url: string;
  headers: { cookie?: string; 'accept-language'?: string; host?: string };
}): PageLanguage {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get('lng') ?? undefined;
  const subdomain = subdomainPattern.exec(request.headers.host ?? '')?.[1];
  const found = [
    cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
    query,
    firstAcceptedLanguage(request.headers['accept-language']),
    subdomain,
  ].find((value) => value !== undefined && value !== '');
  return toPageLanguage(found);
}

/** A page's pre-rendered file in a language, relative to the dist folder. */
export function prerenderedFile(segments: readonly string[], language: PageLanguage): string {
  return [...segments, language === PAGE_LANGUAGES[0] ? 'index.html' : `index.${language}.html`].join('/');
}

/** Registers the static apps, /lang and the not-found handler (the one for the whole process). */
export async function staticAppsRoutes(app: FastifyInstance, { webDist, consoleDist }: StaticAppsOptions) {
  const built: BuiltApps = {
    webDist,
    consoleDist,
    webBuilt: await exists(join(webDist, 'index.html')),
    consoleBuilt: await exists(join(consoleDist, 'index.html')),
  };
  await registerStaticFiles(app, built);
  app.get('/console', async (_request, reply) => reply.redirect('/console/', 301));
  registerTranslations(app, built);
  registerNotFound(app, built);
}

/** The two dist folders and whether each holds a build. */
interface BuiltApps extends StaticAppsOptions {
  readonly webBuilt: boolean;
  readonly consoleBuilt: boolean;
}

/** The files of each built app, with their Cache-Control (cacheControlFor). */
async function registerStaticFiles(
  app: FastifyInstance,
  { webDist, consoleDist, webBuilt, consoleBuilt }: BuiltApps,
) {
  const roots = [webDist, consoleDist];
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const root = roots.find((candidate) => filePath.startsWith(candidate + sep)) ?? webDist;
    void reply.header('cache-control', cacheControlFor(relative(root, filePath)));
  };
  const common = {
    wildcard: true,
    redirect: false,
    cacheControl: false,
    setHeaders,
    dotfiles: 'ignore',
  } as const;
  if (webBuilt) {
    // Pages (a path ending in `/`, or a folder) are not served by the static plugin: the not-found handler picks
    // the pre-rendered file of the visitor's language.
    await app.register(fastifyStatic, {
      ...common,
      root: webDist,
      prefix: '/',
      index: false,
      allowedPath: (pathName: string) => !pathName.endsWith('/'),
    });
  }
  if (consoleBuilt) {
    await app.register(fastifyStatic, {
      ...common,
      root: consoleDist,
      prefix: '/console/',
      decorateReply: !webBuilt,
    });
  }
}

/** GET /lang/:language/:file: the web app's translations, readable from other origins. */
function registerTranslations(app: FastifyInstance, { webDist, webBuilt }: BuiltApps) {
  app.get<{ Params: { language: string; file: string } }>('/lang/:language/:file', async (request, reply) => {
    const { language, file } = request.params;
    const namespace = namespaceFilePattern.exec(file)?.[1];
    if (!webBuilt || !languagePattern.test(language) || namespace === undefined) {
      return notFoundHandler(request, reply);
    }
    // Translations may be read from another origin (a site embedding the widget, a CDN in front).
    void reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin');
    return reply.sendFile(`${language}/${namespace}.json`, join(webDist, 'lang'));
  });
}

/** Unknown paths: the NOT_FOUND JSON for backends and other methods, else the SPA's page (see the file comment). */
function registerNotFound(app: FastifyInstance, { webDist, consoleDist, webBuilt, consoleBuilt }: BuiltApps) {
  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    if (path === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return notFoundHandler(request, reply);
    }
    const segments = path.split('/').filter(Boolean);
    if (backendSegments.has(segments[0] ?? '')) {
      return notFoundHandler(request, reply);
    }
    if (segments[0] === 'console') {
      return spaFallback(
        request,
        reply,
        consoleBuilt ? consoleDist : undefined,
        segments.slice(1),
        'console',
      );
    }
    return spaFallback(request, reply, webBuilt ? webDist : undefined, segments, 'web');
  });
}

function pathOf(request: FastifyRequest): string | undefined {
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
}

async function spaFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  dist: string | undefined,
  segments: string[],
  app: 'web' | 'console',
) {
  const last = segments.at(-1) ?? '';
  if (segments[0] === 'assets' || looksLikeFile.test(last)) {
    return notFoundHandler(request, reply);
  }
  if (dist === undefined) {
    return notBuiltPage(reply, app === 'web' ? 'web app' : 'console');
  }
  // The web app's pages are pre-rendered per language, so the same address gives a different page by language:
  // caches must key on what decided it. The console is English only.
  let languages: readonly PageLanguage[] = ['en'];
  if (app === 'web') {
    const language = requestLanguage(request);
    // The page in the visitor's language, else in the other one (a help page whose translated slugs exist in
    // that language only: the app then redirects to the visitor's own). Either way the app takes over.
    languages = [language, ...PAGE_LANGUAGES.filter((other) => other !== language)];
    void reply.header('vary', 'Cookie, Accept-Language');
  }
  const safe = segments.every((segment) => safeSegment.test(segment) && !/^\.+$/.test(segment));
  if (safe) {
    for (const language of languages) {
      const file = prerenderedFile(segments, language);
      if (await exists(join(dist, file))) {
        return reply.sendFile(file, dist);
      }
    }
  }
  return reply.sendFile('index.html', dist);
}

function notBuiltPage(reply: FastifyReply, appName: string) {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Tessera: ${appName} not built</title></head>
<body>
<h1>The ${appName} is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing), then restart the server.</p>
</body>
</html>
`;
  return reply.status(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
