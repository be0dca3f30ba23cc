/**
 * Serves the built web app at / and the console at /console/, with their SPA fallbacks, and the translations.
 *
 * Rules (so the client router and caches behave):
 *  - a file in dist is served as is; hashed files under assets/ are cached for a year (immutable), HTML never
 *    without revalidation, translations for five minutes;
 *  - GET of a page (a path that does not look like a file): its pre-rendered HTML in the visitor's language when
 *    there is one (`dist/<path>/index.html` in English, `dist/<path>/index.fr.html` in French); otherwise, for an
 *    address of the app (a pattern of `dist/routes.json`, written by the pre-render), `index.html` with 200 so the
 *    client router renders the page; for any other address, HTTP 404 with the pre-rendered not-found page
 *    (`dist/_not-found/`), which the client router then takes over. A pattern whose pages are all pre-rendered (a
 *    help article) with no page for the address is unknown too. Without routes.json (a build that was not
 *    pre-rendered) every page address gets `index.html`. The language is the one the browser will detect, as far
 *    as the server can know it (docs/adr/0004-public-site.md): the `lng` cookie that mirrors the stored
 *    preference, then `?lng=`, then Accept-Language, then the subdomain;
 *  - the web app's HTML carries a placeholder for the public origin (canonical, hreflang, og:url, JSON-LD and the
 *    `tessera-public-origin` meta the browser reads): it is replaced with PUBLIC_URL, or removed (root-relative
 *    links) without one; never with the request's Host header;
 *  - a missing asset (`/assets/x.js`, `/favicon.png`) is a real 404, never HTML that a browser would run as script;
 *  - backend paths (/api, /identity, ...) and other methods get the NOT_FOUND JSON.
 */
import { randomBytes } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFoundHandler } from '@tessera/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the two built apps are, and the public origin (PUBLIC_URL) their HTML links to. */
export interface StaticAppsOptions {
  webDist: string;
  consoleDist: string;
  publicUrl?: string | undefined;
}

/** `dist/routes.json`, written by apps/web/scripts/prerender.ts. */
interface RouteTable {
  routes: string[];
  prerenderedOnly: string[];
  publicOriginPlaceholder: string;
}

/** Where the pre-rendered not-found page is (`<dist>/_not-found/index[.fr].html`). */
export const NOT_FOUND_SEGMENT = '_not-found';

/** A route pattern (`/dashboard/wallets/$id/`) as a test of path segments; `$` alone matches the rest. */
export function routeMatcher(pattern: string): (segments: readonly string[]) => boolean {
  const expected = pattern.split('/').filter(Boolean);
  const splat = expected.at(-1) === '$';
  const fixed = splat ? expected.slice(0, -1) : expected;
  return (segments) =>
    (splat ? segments.length >= fixed.length : segments.length === fixed.length) &&
    fixed.every((part, index) => part.startsWith('$') || part === segments[index]);
}

/** What the server knows of the web app's addresses; null when the build has no routes.json. */
interface AppAddresses {
  isRoute(segments: readonly string[]): boolean;
  isPrerenderedOnly(segments: readonly string[]): boolean;
  placeholder: string;
}

async function readAppAddresses(webDist: string): Promise<AppAddresses | null> {
  let table: RouteTable;
  try {
    table = JSON.parse(await readFile(join(webDist, 'routes.json'), 'utf8')) as RouteTable;
  } catch {
    return null;
  }
  const routes = table.routes.map(routeMatcher);
  const prerenderedOnly = table.prerenderedOnly.map(routeMatcher);
  return {
    isRoute: (segments) => routes.some((matches) => matches(segments)),
    isPrerenderedOnly: (segments) => prerenderedOnly.some((matches) => matches(segments)),
    placeholder: table.publicOriginPlaceholder,
  };
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
export async function staticAppsRoutes(
  app: FastifyInstance,
  { webDist, consoleDist, publicUrl }: StaticAppsOptions,
) {
  const webBuilt = await exists(join(webDist, 'index.html'));
  const built: BuiltApps = {
    webDist,
    consoleDist,
    webBuilt,
    consoleBuilt: await exists(join(consoleDist, 'index.html')),
    addresses: webBuilt ? await readAppAddresses(webDist) : null,
    publicOrigin: (publicUrl ?? '').replace(/\/+$/, ''),
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
  readonly addresses: AppAddresses | null;
  /** PUBLIC_URL without a trailing slash, or '' (root-relative links). */
  readonly publicOrigin: string;
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
      // The console's page is sent by the not-found handler, with a fresh style nonce (sendConsoleHtml).
      index: false,
      allowedPath: (pathName: string) => !pathName.endsWith('/') && !pathName.endsWith('/index.html'),
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
function registerNotFound(app: FastifyInstance, built: BuiltApps) {
  const { webDist, consoleDist, webBuilt, consoleBuilt } = built;
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
      return spaFallback(request, reply, consoleBuilt ? consoleDist : undefined, segments.slice(1), null);
    }
    return spaFallback(request, reply, webBuilt ? webDist : undefined, segments, built);
  });
}

function pathOf(request: FastifyRequest): string | undefined {
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
}

/** What index.html carries in `<meta name="tessera-style-nonce" nonce="...">` until the server fills it in. */
export const STYLE_NONCE_PLACEHOLDER = 'tessera-style-nonce-placeholder';

/**
 * Adds `'nonce-<nonce>'` to the style-src of a Content-Security-Policy value (not to style-src-attr). The Radix
 * primitives' scroll lock adds a `<style>` element when a dialog opens; with the page's nonce it is allowed, and
 * any other `<style>` is still refused (packages/ui/src/lib/style-nonce.ts). Exported for its test.
 */
export function withStyleNonce(policy: string, nonce: string, extra: readonly string[] = []): string {
  const sources = [`'nonce-${nonce}'`, ...extra].join(' ');
  return policy.replace(/(^|;)(\s*style-src)(\s[^;]*)/, `$1$2$3 ${sources}`);
}

/**
 * The hash of an empty `<style>` element, allowed on the console's page only: the session replay (issue #17,
 * rrweb's Replayer) adds an empty `<style>` to the replay iframe and fills it through the CSSOM (insertRule), which
 * the policy does not govern. An empty element can carry nothing; any text in it changes the hash and is refused.
 */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * The console's page with a fresh style nonce in the page and in its policy, as the web app's (sendWebHtml): the
 * console's dialogs use it, and the session replay gives it to the recorded `<style>` elements it rebuilds in its
 * sandboxed iframe (docs/security.md, "Session replay").
 */
async function sendConsoleHtml(reply: FastifyReply, dist: string) {
  let html = await readFile(join(dist, 'index.html'), 'utf8');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && html.includes(STYLE_NONCE_PLACEHOLDER)) {
    const nonce = randomBytes(16).toString('base64');
    html = html.replace(STYLE_NONCE_PLACEHOLDER, nonce);
    void reply.header('content-security-policy', withStyleNonce(policy, nonce, [EMPTY_STYLE_HASH]));
  }
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/**
 * Sends one HTML file of the web app with the public origin in place of the build's placeholder (PUBLIC_URL, or
 * nothing: root-relative links; never the request's Host header) and a fresh style nonce in the page and its
 * policy.
 */
async function sendWebHtml(reply: FastifyReply, dist: string, file: string, web: BuiltApps, status = 200) {
  let html = await readFile(join(dist, file), 'utf8');
  const placeholder = web.addresses?.placeholder;
  if (placeholder) {
    html = html.replaceAll(placeholder, web.publicOrigin);
  }
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && html.includes(STYLE_NONCE_PLACEHOLDER)) {
    const nonce = randomBytes(16).toString('base64');
    html = html.replace(STYLE_NONCE_PLACEHOLDER, nonce);
    void reply.header('content-security-policy', withStyleNonce(policy, nonce));
  }
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/** `web` is the web app's build (pages per language, routes, public origin); null for the console. */
async function spaFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  dist: string | undefined,
  segments: string[],
  web: BuiltApps | null,
) {
  const last = segments.at(-1) ?? '';
  if (segments[0] === 'assets' || looksLikeFile.test(last)) {
    return notFoundHandler(request, reply);
  }
  if (dist === undefined) {
    return notBuiltPage(reply, web ? 'web app' : 'console');
  }
  if (!web) {
    return sendConsoleHtml(reply, dist);
  }
  // The web app's pages are pre-rendered per language, so the same address gives a different page by language:
  // caches must key on what decided it. The page in the visitor's language, else in the other one (a help page
  // whose translated slugs exist in that language only: the app then redirects to the visitor's own).
  const language = requestLanguage(request);
  const languages = [language, ...PAGE_LANGUAGES.filter((other) => other !== language)];
  void reply.header('vary', 'Cookie, Accept-Language');
  const safe = segments.every((segment) => safeSegment.test(segment) && !/^\.+$/.test(segment));
  const notFoundPage = segments[0] === NOT_FOUND_SEGMENT;
  if (safe && !notFoundPage) {
    for (const language of languages) {
      const file = prerenderedFile(segments, language);
      if (await exists(join(dist, file))) {
        return sendWebHtml(reply, dist, file, web);
      }
    }
  }
  const { addresses } = web;
  const known =
    addresses === null ||
    (!notFoundPage && addresses.isRoute(segments) && !addresses.isPrerenderedOnly(segments));
  if (known) {
    return sendWebHtml(reply, dist, 'index.html', web);
  }
  for (const language of languages) {
    const file = prerenderedFile([NOT_FOUND_SEGMENT], language);
    if (await exists(join(dist, file))) {
      return sendWebHtml(reply, dist, file, web, 404);
    }
  }
  return sendWebHtml(reply, dist, 'index.html', web, 404);
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
