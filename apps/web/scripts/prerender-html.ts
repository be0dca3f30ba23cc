/**
 * Turning a rendered page into its HTML file (apps/web/scripts/prerender.ts): pure string work on the built
 * index.html, kept apart so it can be tested without building anything.
 */
import { join } from 'node:path';
import { HELP_LANGUAGES, type HelpLanguage } from '@tessera/contracts';
import type { PrerenderedPage, PrerenderRequest } from '../src/entry-prerender.tsx';
import type { HeadTag } from '../src/lib/page-head.tsx';

/** What the Node build of src/entry-prerender.tsx exports. */
export interface PrerenderEntry {
  renderPage: (request: PrerenderRequest) => Promise<PrerenderedPage>;
  routePaths: () => string[];
  PUBLIC_ORIGIN_PLACEHOLDER: string;
  PAGE_HEAD_MARKER: string;
  PRERENDER_DATA_ID: string;
}

/**
 * Where a page's HTML goes in the build: `<path>/index.html` in English (the default, and what a server that knows
 * nothing of languages serves), `<path>/index.<language>.html` otherwise. server/src/static-apps.ts serves the
 * file of the visitor's language by the same names.
 */
export function prerenderedFile(path: string, language: HelpLanguage): string {
  const name = language === HELP_LANGUAGES[0] ? 'index.html' : `index.${language}.html`;
  return join(...path.split('/').filter(Boolean), name);
}

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), as far as the pre-render reads it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The files of the chunks `keys` and of every chunk they import statically, each once, as root paths. */
export function moduleFiles(manifest: BuildManifest, keys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) {
      return;
    }
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`The build manifest has no chunk ${key}.`);
    }
    files.push(`/${chunk.file}`);
    (chunk.imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

/**
 * What a pre-rendered page fetches at once when it starts its app (public/theme-init.js adds a modulepreload for
 * each), so the modules arrive together instead of one import level after another:
 *  - `app`: the entry's own imports, React DOM and src/start-app.tsx, which src/main.tsx imports at once;
 *  - `pages`: per sign-in page, its route's component (the router would ask for it only once started);
 *  - `identity`: aws-amplify, which src/lib/amplify.ts imports on demand: fetched when the visitor turns to a
 *    sign-in form, or with the app when the browser holds a session to check, so neither waits for it after the app;
 *  - `restore`: the query cache's persistence, which src/main.tsx loads at once for a page that is not this
 *    pre-render (the pre-rendered home page is also the shell of the dashboard's pages).
 */
export function startModules(
  manifest: BuildManifest,
  pagePaths: readonly string[],
): { app: string[]; pages: Record<string, string[]>; identity: string[]; restore: string[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) {
    throw new Error('The build manifest has no entry.');
  }
  const startKeys = (manifest[entryKey]?.dynamicImports ?? []).filter((key) =>
    /(^|\/)(react-dom\/client\.js|src\/start-app\.tsx)$/.test(key),
  );
  if (startKeys.length !== 2) {
    throw new Error(
      `The entry no longer imports react-dom/client and src/start-app.tsx (found ${startKeys}).`,
    );
  }
  const entryFile = `/${manifest[entryKey]?.file}`;
  const app = moduleFiles(manifest, [entryKey, ...startKeys]).filter((file) => file !== entryFile);
  const withoutApp = (files: string[]) => files.filter((file) => file !== entryFile && !app.includes(file));
  const pages = Object.fromEntries(
    pagePaths.map((path) => [
      path,
      withoutApp(moduleFiles(manifest, [`src/routes${path}.tsx?tsr-split=component`])),
    ]),
  );
  const identityKeys = [
    ...new Set(
      Object.values(manifest).flatMap((chunk) =>
        (chunk.dynamicImports ?? []).filter((key) => /node_modules\/aws-amplify\//.test(key)),
      ),
    ),
  ];
  if (identityKeys.length === 0) {
    throw new Error('No chunk of the build imports aws-amplify on demand.');
  }
  const restoreKeys = (manifest[entryKey]?.dynamicImports ?? []).filter((key) =>
    /query-persistence\.ts$/.test(key),
  );
  if (restoreKeys.length !== 1) {
    throw new Error('The entry no longer imports src/lib/query-persistence.ts.');
  }
  return {
    app,
    pages,
    identity: withoutApp(moduleFiles(manifest, identityKeys)),
    restore: withoutApp(moduleFiles(manifest, restoreKeys)),
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function renderTag(tag: HeadTag, marker: string): string {
  const attributes = Object.entries({ ...tag.attributes, [marker]: '' })
    .map(([name, value]) => (value === '' ? name : `${name}="${escapeAttribute(value)}"`))
    .join(' ');
  return tag.tag === 'script' ? `<script ${attributes}>${tag.text}</script>` : `<${tag.tag} ${attributes}>`;
}

/**
 * The built head for a page whose content is already in the HTML. The application's entry script is not in the
 * head: public/theme-init.js starts it (from `data-app-entry`) once the page has painted, and the module graph
 * is discovered from the entry, so no script competes with the HTML and the stylesheet for the first paint
 * (the page reads without them; they only make it interactive). Exported for its unit test.
 */
export function deferApplicationScripts(template: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1];
  if (!entry) {
    throw new Error('The built index.html has no module entry script.');
  }
  return template
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/<html([^>]*)>/, `<html$1 data-app-entry="${entry}">`);
}

/** The built index.html with the page's language, head, content and data. */
export function assemblePage(
  entry: PrerenderEntry,
  template: string,
  { path, language }: { path: string; language: HelpLanguage },
  page: PrerenderedPage,
  preload: { modules: readonly string[]; identity?: readonly string[]; restore?: readonly string[] } = {
    modules: [],
  },
): string {
  if (!page.head) {
    throw new Error(`${path} (${language}) rendered no PageHead.`);
  }
  // Only data blocks may be inline: the CSP refuses inline scripts, so the pre-render must not ship any.
  if (/<script(?![^>]*type="application\/(ld\+)?json")/.test(page.html)) {
    const script = /<script(?![^>]*type="application\/(ld\+)?json")[^>]*>[^<]{0,200}/.exec(page.html)?.[0];
    throw new Error(`${path} (${language}) rendered an inline script: ${script}`);
  }
  const data = JSON.stringify(page.queries).replace(/</g, '\\u003c');
  const head = [
    `<title>${escapeText(page.head.title)}</title>`,
    ...page.head.tags.map((tag) => renderTag(tag, entry.PAGE_HEAD_MARKER)),
    `<script type="application/json" id="${entry.PRERENDER_DATA_ID}">${data}</script>`,
  ].join('\n    ');
  const preloads = [
    preload.modules.length > 0 ? ` data-app-preload="${escapeAttribute(preload.modules.join(' '))}"` : '',
    preload.identity?.length ? ` data-identity-preload="${escapeAttribute(preload.identity.join(' '))}"` : '',
    preload.restore?.length ? ` data-restore-preload="${escapeAttribute(preload.restore.join(' '))}"` : '',
  ].join('');
  return template
    .replace(
      /<html lang="[^"]*"/,
      `<html lang="${language}" data-prerendered="${escapeAttribute(path)}" data-prerendered-lang="${language}"${preloads}`,
    )
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}
