import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLanguage, staticAppsRoutes, withStyleNonce } from './static-apps.ts';

// Pre-rendered pages per language (docs/adr/0004-public-site.md): the server answers a page's address with the
// HTML of the language the web app will show, as far as the request tells it.

describe('requestLanguage', () => {
  const language = (url: string, headers: Record<string, string> = {}) => requestLanguage({ url, headers });

  it('follows the detection order: stored preference (cookie), ?lng, browser language, subdomain', () => {
    expect(language('/')).toBe('en');
    expect(language('/', { host: 'fr.bank.example' })).toBe('fr');
    expect(language('/', { host: 'fr.bank.example', 'accept-language': 'en-GB' })).toBe('en');
    expect(language('/', { 'accept-language': 'fr-CA,en;q=0.5' })).toBe('fr');
    expect(language('/?lng=fr', { 'accept-language': 'en-GB' })).toBe('fr');
    expect(language('/pricing/?a=1&lng=fr')).toBe('fr');
    // The stored preference wins over the address, as in the browser.
    expect(language('/?lng=fr', { cookie: 'theme=dark; lng=en' })).toBe('en');
    expect(language('/', { cookie: 'lng=fr', 'accept-language': 'en' })).toBe('fr');
  });

  it('reads the browser language as navigator.languages[0] would be, and maps any tag onto en or fr', () => {
    expect(language('/', { 'accept-language': 'de-DE,fr;q=0.8' })).toBe('en');
    expect(language('/', { 'accept-language': 'en;q=0.4, fr-FR;q=0.9' })).toBe('fr');
    expect(language('/', { 'accept-language': '*' })).toBe('en');
    expect(language('/', { 'accept-language': 'fr;q=0, en' })).toBe('en');
    expect(language('/?lng=de')).toBe('en');
    expect(language('/', { cookie: 'lng=', 'accept-language': 'fr' })).toBe('fr');
  });
});

describe('pre-rendered pages', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tessera-pages-'));
    const files: Record<string, string> = {
      'web/routes.json': JSON.stringify({
        routes: [
          '/',
          '/pricing/',
          '/login',
          '/dashboard/home/',
          '/dashboard/wallets/$id/',
          '/help/article/$c/$cn/$id/$t/',
        ],
        prerenderedOnly: ['/help/article/$c/$cn/$id/$t/'],
        publicOriginPlaceholder: 'https://origin.invalid',
      }),
      'web/_not-found/index.html': 'not found en <link rel="canonical" href="https://origin.invalid/x/">',
      'web/_not-found/index.fr.html': 'not found fr',
      'web/legal/terms/index.html': '<link rel="canonical" href="https://origin.invalid/legal/terms/">',
      'web/legal/privacy/index.html':
        '<meta name="tessera-style-nonce" nonce="tessera-style-nonce-placeholder">',
      'web/index.html': 'home en',
      'web/index.fr.html': 'home fr',
      'web/pricing/index.html': 'pricing en',
      'web/pricing/index.fr.html': 'pricing fr',
      'web/help/article/4/retraits-et-virements/401/comment-effectuer-un-retrait/index.fr.html': 'article fr',
      'web/assets/app-1.js': 'console.log(1)',
      'console/index.html': 'console shell',
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    app = Fastify();
    await app.register(staticAppsRoutes, { webDist: join(root, 'web'), consoleDist: join(root, 'console') });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('serves each page in the visitor language, and says the answer varies by cookie and language', async () => {
    for (const [url, headers, body] of [
      ['/', {}, 'home en'],
      ['/?lng=fr', {}, 'home fr'],
      ['/', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'home fr'],
      ['/pricing/', {}, 'pricing en'],
      ['/pricing/?lng=fr', {}, 'pricing fr'],
      ['/pricing/', { cookie: 'lng=fr' }, 'pricing fr'],
      ['/pricing/?lng=fr', { cookie: 'lng=en' }, 'pricing en'],
      ['/pricing', { 'accept-language': 'fr' }, 'pricing fr'],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, `${url} ${JSON.stringify(headers)}`).toBe(body);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['vary']).toBe('Cookie, Accept-Language');
    }
  });

  it('serves a page that exists in one language only in that language, and the shell for the rest', async () => {
    const article = '/help/article/4/retraits-et-virements/401/comment-effectuer-un-retrait/';
    expect((await get(article)).body).toBe('article fr');
    expect((await get(`${article}?lng=fr`)).body).toBe('article fr');
    expect((await get('/dashboard/home/', { 'accept-language': 'fr' })).body).toBe('home en');
    expect((await get('/login')).body).toBe('home en');
  });

  it('answers an unknown address with 404 and the not-found page in the visitor language (issue #15)', async () => {
    for (const [url, headers, body] of [
      ['/no-such-page', {}, 'not found en <link rel="canonical" href="/x/">'],
      ['/no-such-page/?lng=fr', {}, 'not found fr'],
      ['/dashboard/no-such-page', { cookie: 'lng=fr' }, 'not found fr'],
      ['/dashboard/wallets/3/extra/', {}, 'not found en <link rel="canonical" href="/x/">'],
      // A help article that is not pre-rendered does not exist (or is not published).
      ['/help/article/8/funds/801/funds-explained/', {}, 'not found en <link rel="canonical" href="/x/">'],
      ['/_not-found/', {}, 'not found en <link rel="canonical" href="/x/">'],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(body);
      expect(response.headers['content-type']).toContain('text/html');
    }
    // Addresses of the app that are not pre-rendered still get the shell, with 200.
    for (const url of ['/dashboard/home/', '/dashboard/wallets/42/', '/login']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('home en');
    }
  });

  it('puts PUBLIC_URL in place of the build placeholder, never the Host header', async () => {
    const withOrigin = Fastify();
    await withOrigin.register(staticAppsRoutes, {
      webDist: join(root, 'web'),
      consoleDist: join(root, 'console'),
      publicUrl: 'https://bank.example/',
    });
    await withOrigin.ready();
    try {
      const page = await withOrigin.inject({
        method: 'GET',
        url: '/legal/terms/',
        headers: { host: 'evil.example' },
      });
      expect(page.body).toBe('<link rel="canonical" href="https://bank.example/legal/terms/">');
    } finally {
      await withOrigin.close();
    }
    // Without PUBLIC_URL the links are root-relative, whatever the Host.
    const page = await get('/legal/terms/', { host: 'evil.example' });
    expect(page.body).toBe('<link rel="canonical" href="/legal/terms/">');
  });

  it('gives each HTML page a fresh style nonce, in the page and in its style-src only (dialogs, issue #15)', async () => {
    const strict = Fastify();
    strict.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader(
        'content-security-policy',
        "default-src 'self';style-src 'self';style-src-attr 'unsafe-inline';script-src 'self'",
      );
      done();
    });
    await strict.register(staticAppsRoutes, {
      webDist: join(root, 'web'),
      consoleDist: join(root, 'console'),
    });
    await strict.ready();
    try {
      const nonces = [];
      for (let index = 0; index < 2; index += 1) {
        const page = await strict.inject({ method: 'GET', url: '/legal/privacy/' });
        const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1] ?? '';
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(page.headers['content-security-policy']).toBe(
          `default-src 'self';style-src 'self' 'nonce-${nonce}';style-src-attr 'unsafe-inline';script-src 'self'`,
        );
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      await strict.close();
    }
    expect(withStyleNonce("style-src-attr 'unsafe-inline';style-src 'self'", 'n')).toBe(
      "style-src-attr 'unsafe-inline';style-src 'self' 'nonce-n'",
    );
  });

  it("gives the console's page a fresh style nonce and the empty <style> hash (session replay, issue #17)", async () => {
    const consoleDist = join(root, 'console-with-nonce');
    mkdirSync(join(consoleDist, 'assets'), { recursive: true });
    writeFileSync(
      join(consoleDist, 'index.html'),
      '<meta name="tessera-style-nonce" nonce="tessera-style-nonce-placeholder">',
    );
    writeFileSync(join(consoleDist, 'assets', 'console-1.js'), 'console.log(2)');
    const strict = Fastify();
    strict.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('content-security-policy', "default-src 'self';style-src 'self';script-src 'self'");
      done();
    });
    await strict.register(staticAppsRoutes, { webDist: join(root, 'web'), consoleDist });
    await strict.ready();
    try {
      for (const url of ['/console/', '/console/sessions/abc']) {
        const page = await strict.inject({ method: 'GET', url });
        const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1] ?? '';
        expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(page.headers['content-security-policy'], url).toBe(
          `default-src 'self';style-src 'self' 'nonce-${nonce}' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';script-src 'self'`,
        );
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      // The page's file is never sent as a file (with the placeholder in place of a nonce).
      expect((await strict.inject({ method: 'GET', url: '/console/index.html' })).statusCode).toBe(404);
      expect((await strict.inject({ method: 'GET', url: '/console/assets/console-1.js' })).body).toBe(
        'console.log(2)',
      );
    } finally {
      await strict.close();
    }
  });

  it('still serves files as files, and a missing asset as a 404', async () => {
    expect((await get('/assets/app-1.js')).body).toBe('console.log(1)');
    expect((await get('/pricing/index.fr.html')).body).toBe('pricing fr');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/console/')).body).toBe('console shell');
    expect((await get('/console/customers/1')).body).toBe('console shell');
  });
});
