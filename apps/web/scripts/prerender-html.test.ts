import { describe, expect, it } from 'vitest';
import {
  assemblePage,
  deferApplicationScripts,
  prerenderedFile,
  startModules,
  type BuildManifest,
  type PrerenderEntry,
} from './prerender-html.ts';

const built = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="Default"
    />
    <title>Tessera</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const entry = {
  PAGE_HEAD_MARKER: 'data-page-head',
  PRERENDER_DATA_ID: 'tessera-prerender-data',
} as PrerenderEntry;

const page = {
  html: '<h1>Pricing</h1>',
  head: {
    title: 'Pricing — Tessera',
    language: 'fr' as const,
    tags: [
      { tag: 'meta' as const, attributes: { name: 'description', content: 'Fees & "rates"' } },
      { tag: 'script' as const, attributes: { type: 'application/ld+json' }, text: '{"name":"Tessera"}' },
    ],
  },
  queries: { mutations: [], queries: [{ state: { data: '</script><script>alert(1)</script>' } }] },
} as unknown as Parameters<typeof assemblePage>[3];

describe('pre-rendered HTML', () => {
  it('names the entry instead of loading scripts from the head', () => {
    const html = deferApplicationScripts(built);
    expect(html).toContain('<html lang="en" data-app-entry="/assets/index-abc.js">');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-123.css">');
  });

  it('writes language, head tags, content and data, escaping what could close a tag', () => {
    const html = assemblePage(
      entry,
      deferApplicationScripts(built),
      { path: '/pricing/', language: 'fr' },
      page,
    );
    expect(html).toContain('<html lang="fr" data-prerendered="/pricing/" data-prerendered-lang="fr"');
    expect(html).toContain('<title>Pricing — Tessera</title>');
    expect(html).not.toContain('content="Default"');
    expect(html).toContain('<meta name="description" content="Fees &amp; &quot;rates&quot;" data-page-head>');
    expect(html).toContain('<script type="application/ld+json" data-page-head>{"name":"Tessera"}</script>');
    expect(html).toContain('<div id="root"><h1>Pricing</h1></div>');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('refuses a page that rendered an inline script', () => {
    const withScript = { ...page, html: '<h1>Hi</h1><script>alert(1)</script>' };
    expect(() =>
      assemblePage(entry, deferApplicationScripts(built), { path: '/', language: 'en' }, withScript),
    ).toThrow(/inline script/);
  });

  it('writes English to index.html and French to index.fr.html, at the page path', () => {
    expect(prerenderedFile('/', 'en')).toBe('index.html');
    expect(prerenderedFile('/', 'fr')).toBe('index.fr.html');
    expect(prerenderedFile('/pricing/', 'en')).toBe('pricing/index.html');
    expect(prerenderedFile('/help/category/4/retraits-et-virements/', 'fr')).toBe(
      'help/category/4/retraits-et-virements/index.fr.html',
    );
  });

  describe('the modules a page starts with', () => {
    const manifest: BuildManifest = {
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_runtime.js'],
        dynamicImports: [
          '../../node_modules/react-dom/client.js',
          'src/start-app.tsx',
          'src/lib/query-persistence.ts',
        ],
      },
      '_runtime.js': { file: 'assets/runtime.js' },
      '../../node_modules/react-dom/client.js': { file: 'assets/client.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/start-app.tsx': {
        file: 'assets/start-app.js',
        imports: ['_runtime.js', '_react.js', '_router.js'],
      },
      '_router.js': { file: 'assets/router.js' },
      'src/lib/query-persistence.ts': { file: 'assets/persist.js', imports: ['_react.js', '_restoring.js'] },
      '_restoring.js': { file: 'assets/restoring.js' },
      'src/routes/login.tsx?tsr-split=component': {
        file: 'assets/login.js',
        imports: ['index.html', '_router.js', '_identity.js'],
      },
      '_identity.js': {
        file: 'assets/identity.js',
        dynamicImports: ['../../node_modules/aws-amplify/dist/esm/auth/index.mjs'],
      },
      '../../node_modules/aws-amplify/dist/esm/auth/index.mjs': {
        file: 'assets/auth.js',
        imports: ['_tslib.js'],
      },
      '_tslib.js': { file: 'assets/tslib.js' },
    };

    it('lists what the entry imports at once, each file once, without the entry or what it loads later', () => {
      const modules = startModules(manifest, ['/login']);
      expect(modules.app).toEqual([
        '/assets/runtime.js',
        '/assets/client.js',
        '/assets/react.js',
        '/assets/start-app.js',
        '/assets/router.js',
      ]);
      expect(modules.pages['/login']).toEqual(['/assets/login.js', '/assets/identity.js']);
      expect(modules.identity).toEqual(['/assets/auth.js', '/assets/tslib.js']);
      expect(modules.restore).toEqual(['/assets/persist.js', '/assets/restoring.js']);
    });

    it('fails the build when the chunks it relies on are gone', () => {
      expect(() => startModules(manifest, ['/register'])).toThrow(/no chunk src\/routes\/register/);
      const entryChunk = { ...manifest['index.html']!, dynamicImports: ['src/start-app.tsx'] };
      expect(() => startModules({ ...manifest, 'index.html': entryChunk }, [])).toThrow(/no longer imports/);
    });

    it('writes the lists on the page for public/theme-init.js', () => {
      const html = assemblePage(
        entry,
        deferApplicationScripts(built),
        { path: '/login', language: 'en' },
        page,
        {
          modules: ['/assets/a.js', '/assets/b.js'],
          identity: ['/assets/auth.js'],
        },
      );
      expect(html).toContain(
        'data-app-preload="/assets/a.js /assets/b.js" data-identity-preload="/assets/auth.js"',
      );
    });
  });
});
