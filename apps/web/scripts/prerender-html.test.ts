import { describe, expect, it } from 'vitest';
import {
  assemblePage,
  deferApplicationScripts,
  prerenderedFile,
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
});
