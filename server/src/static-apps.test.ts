import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLanguage, staticAppsRoutes } from './static-apps.ts';

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

  it('still serves files as files, and a missing asset as a 404', async () => {
    expect((await get('/assets/app-1.js')).body).toBe('console.log(1)');
    expect((await get('/pricing/index.fr.html')).body).toBe('pricing fr');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/console/')).body).toBe('console shell');
    expect((await get('/console/customers/1')).body).toBe('console shell');
  });
});
