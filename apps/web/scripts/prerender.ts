/**
 * Pre-renders the public pages after `vite build` (npm run build), so each one's content, head tags and JSON-LD
 * are in the first HTML response (docs/adr/0004-public-site.md):
 *  1. builds src/entry-prerender.tsx for Node with the app's Vite config;
 *  2. starts the help service on a free port with an in-memory database (the help pages are rendered from its
 *     API, as the browser would: the web app never imports a service);
 *  3. renders every public page in English and in French (help pages have translated slugs, so their paths differ
 *     by language) and writes, from the built index.html, <dist>/<path>/index.html for English and
 *     <dist>/<path>/index.fr.html for French.
 * The server (server/src/static-apps.ts) answers GET /<path>/ with the file of the visitor's language: `?lng=fr`,
 * the `lng` cookie that mirrors the stored preference, Accept-Language (docs/adr/0004-public-site.md).
 * It also writes the not-found page (<dist>/_not-found/index.html and index.fr.html), which the server sends with
 * HTTP 404 for an unknown address, and <dist>/routes.json, the app's route patterns and the ones whose every page
 * is pre-rendered, by which the server tells an address of the app from an unknown one.
 * The canonical, hreflang, Open Graph and JSON-LD links are absolute on PUBLIC_ORIGIN_PLACEHOLDER, which the
 * server replaces with its PUBLIC_URL when it serves the page (root-relative without one); a PUBLIC_URL set for
 * the build is written as is instead (for a dist served by something else).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { build } from 'vite';
import {
  HELP_LANGUAGES,
  helpArticlePath,
  helpCategoryPath,
  PUBLIC_SITE_PATHS,
  type HelpCategoriesResponse,
  type HelpCategoryResponse,
  type HelpLanguage,
} from '@tessera/contracts';
import type { PrerenderRequest } from '../src/entry-prerender.tsx';
import { AUTH_PAGE_PATHS } from '../src/lib/prerendered-page.ts';
import {
  assemblePage,
  deferApplicationScripts,
  prerenderedFile,
  startModules,
  type BuildManifest,
  type PrerenderEntry,
} from './prerender-html.ts';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(webRoot, '../..');
const outDir = resolve(webRoot, process.env['WEB_OUT_DIR'] ?? 'dist');
// Inside the workspace so the Node build resolves its dependencies from node_modules; per process, so builds
// into different WEB_OUT_DIR folders can run side by side.
const ssrDir = join(webRoot, 'node_modules/.cache', `tessera-prerender-${process.pid}`);
/** The address the not-found page is rendered at: no route has it, and the server never serves it as a page. */
const NOT_FOUND_PATH = '/_not-found/';
/** The help service gets this long to start (PGlite's first start and the content seed, on a busy machine). */
const helpStartTimeoutMs = 180_000;

type Resources = PrerenderRequest['resources'];

async function loadResources(): Promise<Resources> {
  const resources = {} as Resources;
  for (const language of HELP_LANGUAGES) {
    const directory = join(webRoot, 'public/lang', language);
    resources[language] = {};
    for (const file of (await readdir(directory)).filter((name) => name.endsWith('.json'))) {
      resources[language][file.replace(/\.json$/, '')] = JSON.parse(
        await readFile(join(directory, file), 'utf8'),
      );
    }
  }
  return resources;
}

/** Starts services/help on a free port; resolves with its base URL and the process. */
async function startHelpService(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'services/help/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The help service did not start in time.')),
      helpStartTimeoutMs,
    );
    child.once('exit', (code) => reject(new Error(`The help service exited with code ${code}.`)));
    lines.on('line', (line) => {
      const match = /listening at (http:\/\/\S+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
  });
  return { baseUrl: `${url}/api/help`, child };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`GET ${url}: ${response.status}`);
  }
  return (await response.json()) as T;
}

/**
 * Every page to pre-render: the marketing pages, /login and /register, and every help category and article, in
 * both languages.
 */
async function listPages(helpBaseUrl: string): Promise<{ path: string; language: HelpLanguage }[]> {
  const pages: { path: string; language: HelpLanguage }[] = [];
  for (const language of HELP_LANGUAGES) {
    pages.push(...PUBLIC_SITE_PATHS.map((path) => ({ path, language })));
    // The sign-in and sign-up forms, signed out (src/lib/prerendered-page.ts): on screen before the app starts.
    pages.push(...AUTH_PAGE_PATHS.map((path) => ({ path, language })));
    const { categories } = await getJson<HelpCategoriesResponse>(
      `${helpBaseUrl}/categories?lang=${language}`,
    );
    for (const category of categories) {
      pages.push({ path: helpCategoryPath(category.id, category.slug), language });
      const { articles } = await getJson<HelpCategoryResponse>(
        `${helpBaseUrl}/categories/${category.id}?lang=${language}`,
      );
      pages.push(...articles.map((article) => ({ path: helpArticlePath(article), language })));
    }
  }
  return pages;
}

/** A route pattern (`/help/category/$id/$name/`) as a matcher of paths. */
function patternMatcher(pattern: string): (path: string) => boolean {
  const expected = pattern.split('/').filter(Boolean);
  return (path) => {
    const segments = path.split('/').filter(Boolean);
    if (expected.at(-1) === '$') {
      return (
        segments.length >= expected.length - 1 &&
        expected.slice(0, -1).every((part, i) => part.startsWith('$') || part === segments[i])
      );
    }
    return (
      segments.length === expected.length &&
      expected.every((part, i) => part.startsWith('$') || part === segments[i])
    );
  };
}

/**
 * The route table for server/src/static-apps.ts: every route pattern, and the patterns with parameters whose pages
 * are pre-rendered (the help categories and articles): an address of such a pattern without a pre-rendered page
 * is unknown (an article that does not exist or is not published).
 */
function routeTable(routes: string[], prerenderedPaths: string[], publicOriginPlaceholder: string) {
  const prerenderedOnly = routes.filter(
    (route) => route.includes('$') && prerenderedPaths.some((path) => patternMatcher(route)(path)),
  );
  return { routes, prerenderedOnly, publicOriginPlaceholder };
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  // React picks its build from NODE_ENV when first loaded: the production one, as in the browser bundle.
  process.env['NODE_ENV'] = 'production';
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/entry-prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
  });
  const template = deferApplicationScripts(await readFile(join(outDir, 'index.html'), 'utf8'));
  // Read here and removed: the manifest is for this script, not something the server should publish.
  const manifestFile = join(outDir, '.vite/manifest.json');
  const modules = startModules(
    JSON.parse(await readFile(manifestFile, 'utf8')) as BuildManifest,
    AUTH_PAGE_PATHS,
  );
  await rm(join(outDir, '.vite'), { recursive: true, force: true });
  const preloadFor = (path: string) => {
    const page = modules.pages[path];
    // Every page carries the identity modules: a sign-in form fetches them when used, and any page fetches them
    // with the app when the browser holds a session (public/theme-init.js).
    return {
      modules: page ? [...modules.app, ...page] : modules.app,
      identity: modules.identity,
      restore: modules.restore,
    };
  };
  const entry = (await import(pathToFileURL(join(ssrDir, 'entry-prerender.js')).href)) as PrerenderEntry;
  // From the built entry, not imported from src/lib/page-head.tsx: that would load React before NODE_ENV is set.
  const placeholder = entry.PUBLIC_ORIGIN_PLACEHOLDER;
  const origin = (process.env['PUBLIC_URL'] || placeholder).replace(/\/+$/, '');
  const resources = await loadResources();
  const help = await startHelpService();
  try {
    const pages = await listPages(help.baseUrl);
    for (const { path, language } of pages) {
      const page = await entry.renderPage({
        url: path,
        language,
        resources,
        origin,
        helpBaseUrl: help.baseUrl,
      });
      const file = join(outDir, prerenderedFile(path, language));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, assemblePage(entry, template, { path, language }, page, preloadFor(path)));
    }
    for (const language of HELP_LANGUAGES) {
      const page = await entry.renderPage({
        url: NOT_FOUND_PATH,
        language,
        resources,
        origin,
        helpBaseUrl: help.baseUrl,
        notFound: true,
      });
      const file = join(outDir, prerenderedFile(NOT_FOUND_PATH, language));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(
        file,
        assemblePage(entry, template, { path: NOT_FOUND_PATH, language }, page, preloadFor(NOT_FOUND_PATH)),
      );
    }
    await writeFile(
      join(outDir, 'routes.json'),
      `${JSON.stringify(
        routeTable(
          entry.routePaths(),
          pages.map((page) => page.path),
          placeholder,
        ),
        null,
        2,
      )}\n`,
    );
    console.log(`Pre-rendered ${pages.length} pages in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  } finally {
    // Waited for, so that it does not outlive the pipe it logs to.
    const exited = new Promise((resolveExit) => help.child.once('exit', resolveExit));
    help.child.kill('SIGTERM');
    await exited;
    await rm(ssrDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('Pre-rendering failed:', error);
  process.exit(1);
});
