import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, refuseEveryToken, undocumentedRoutes } from '@tessera/platform';
import { buildServiceTestApp, describeEachDatabase } from '@tessera/platform/testing';
import {
  PUBLIC_SITE_PATHS,
  type HelpArticleResponse,
  type HelpCategoriesResponse,
  type HelpCategoryResponse,
  type HelpSearchResponse,
} from '@tessera/contracts';
import { createHelpService, helpService } from './service.ts';
import { publicOrigin } from './modules/seo/seo.routes.ts';
import { FEEDBACK_PER_ADDRESS_MAX, listFeedback } from './modules/feedback/feedback.repository.ts';
import type { HelpDatabase } from './tables.ts';

/** Articles in the content (per language) that are published: the other 4 wait for their feature. */
const PUBLISHED_ARTICLES = 45;

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://bank.example' });

function matched(segments: { text: string; match: boolean }[]): string[] {
  return segments.filter((segment) => segment.match).map((segment) => segment.text.toLowerCase());
}

describeEachDatabase('help service', ({ createDatabase }) => {
  let app: FastifyInstance;
  let db: HelpDatabase;

  beforeAll(async () => {
    const database = await createDatabase();
    db = database.db.withSchema('help') as HelpDatabase;
    ({ app } = await buildServiceTestApp({
      services: [helpService],
      database,
      auth: refuseEveryToken,
      config,
      closeDatabase: true,
    }));
  });
  afterAll(async () => app.close());

  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
  };

  it('documents every route in its OpenAPI document', async () => {
    expect(undocumentedRoutes(app).filter((route) => route.service === 'help')).toEqual([]);
    const { status, body } = await get<{ paths: Record<string, unknown> }>('/api/help/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/help/articles/{id}/feedback', '/sitemap.xml', '/robots.txt']),
    );
  });

  it('lists the categories of a language with their article counts', async () => {
    const { status, body } = await get<HelpCategoriesResponse>('/api/help/categories?lang=fr');
    expect(status).toBe(200);
    // Categories whose articles all wait for their feature (ledger API) are not listed;
    // identity verification has article 202 (the levels) since onboarding, account settings article 1206 (personal
    // information) since issue #20, help and support article 1302 (live assist) since issue #18,
    // tokenized assets (901, 902) since issue #21.
    expect(body.categories.map((category) => category.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13]);
    expect(body.categories[0]).toMatchObject({
      id: 1,
      slug: 'premiers-pas',
      name: 'Premiers pas',
      articleCount: 4,
    });
    expect(body.categories.reduce((sum, category) => sum + category.articleCount, 0)).toBe(
      PUBLISHED_ARTICLES,
    );
  });

  it('serves a category with its articles and its canonical slug in both languages', async () => {
    const { body } = await get<HelpCategoryResponse>('/api/help/categories/4?lang=en');
    expect(body.category.slug).toBe('withdrawals-and-transfers');
    expect(body.articles.map((article) => article.id)).toEqual([401, 402, 403, 404, 405]);
    expect(body.alternates.fr.categorySlug).toBe('retraits-et-virements');
  });

  it('serves an article as safe HTML with heading ids, related articles and canonical slugs', async () => {
    const { status, body } = await get<HelpArticleResponse>('/api/help/articles/401?lang=fr');
    expect(status).toBe(200);
    expect(body.article).toMatchObject({
      id: 401,
      slug: 'comment-effectuer-un-retrait',
      categorySlug: 'retraits-et-virements',
      title: 'Comment effectuer un retrait',
    });
    expect(body.article.html).toContain('<h2 id="retirer-vers-votre-compte-bancaire">');
    expect(body.article.html).toContain('href="/pricing/"');
    expect(body.related.map((article) => article.id)).toEqual([402, 403, 404]);
    // Article 401 sends the reader to Settings → Withdrawal, where the withdraw form is (not the wallet page).
    expect(body.article.html).toContain('href="/dashboard/settings/?content=withdrawal"');
    expect(body.alternates.en).toEqual({
      categorySlug: 'withdrawals-and-transfers',
      slug: 'how-to-withdraw-money',
    });
  });

  it('answers NOT_FOUND for unknown ids and VALIDATION_FAILED for malformed input', async () => {
    for (const url of ['/api/help/articles/999999?lang=en', '/api/help/categories/77']) {
      const { status, body } = await get<{ error: { code: string } }>(url);
      expect(status).toBe(404);
      expect(body.error.code).toBe('NOT_FOUND');
    }
    for (const url of [
      '/api/help/articles/abc',
      '/api/help/articles/0',
      '/api/help/articles/401?lang=de',
      '/api/help/categories?lang=',
      '/api/help/search?lang=en',
      '/api/help/search?q=%20%20&lang=en',
      `/api/help/search?q=${'a'.repeat(201)}`,
      '/api/help/search?q=fees&limit=0',
      '/api/help/search?q=fees&limit=51',
      '/api/help/search?q=fees&extra=1',
    ]) {
      const { status, body } = await get<{ error: { code: string } }>(url);
      expect({ url, status, code: body.error.code }).toEqual({ url, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('finds the French withdrawal article for "retraits" through French stemming, highlighted', async () => {
    const { body } = await get<HelpSearchResponse>('/api/help/search?q=retraits&lang=fr');
    expect(body.correctedQuery).toBeNull();
    const hit = body.results.find((result) => result.id === 401);
    expect(hit?.title).toBe('Comment effectuer un retrait');
    expect(body.results.slice(0, 3).map((result) => result.id)).toContain(401);
    expect(matched(hit!.excerpt)).toContain('retraits');
  });

  it('stems English: "withdrawing" finds the articles about withdrawals', async () => {
    const { body } = await get<HelpSearchResponse>('/api/help/search?q=withdrawing&lang=en');
    expect(body.results[0]?.id).toBe(401);
    expect(matched(body.results[0]!.titleHighlight)).toEqual(['withdraw']);
    // A search reads only its own language's articles.
    const french = await get<HelpSearchResponse>('/api/help/search?q=retrait&lang=fr');
    expect(french.body.results.map((result) => result.title)).not.toContain('How to withdraw money');
    expect(french.body.results.map((result) => result.title)).toContain('Comment effectuer un retrait');
  });

  it('ranks title matches first and keeps the limit', async () => {
    const { body } = await get<HelpSearchResponse>('/api/help/search?q=fees&lang=en&limit=3');
    expect(body.results).toHaveLength(3);
    expect(body.results[0]?.id).toBe(104);
  });

  it('tolerates typos and missing accents, and says what it searched for', async () => {
    const typo = await get<HelpSearchResponse>('/api/help/search?q=withdrawl&lang=en');
    expect(typo.body.correctedQuery).toBe('withdrawal');
    expect(typo.body.results.map((result) => result.id)).toContain(401);
    const accents = await get<HelpSearchResponse>('/api/help/search?q=depot%20carte&lang=fr');
    expect(accents.body.correctedQuery).toBe('dépôt carte');
    expect(accents.body.results.slice(0, 2).map((result) => result.id)).toContain(301);
    const nothing = await get<HelpSearchResponse>('/api/help/search?q=zzyzx%20qwrtp&lang=en');
    expect(nothing.body.results).toEqual([]);
  });

  it('stores "was this helpful" answers with an optional bounded comment', async () => {
    const post = (payload: Record<string, unknown>, address = '203.0.113.7') =>
      app.inject({ method: 'POST', url: '/api/help/articles/401/feedback', payload, remoteAddress: address });
    const yes = await post({ language: 'fr', helpful: true });
    expect(yes.statusCode).toBe(201);
    const no = await post({ language: 'en', helpful: false, comment: '  Missing the fees.  ' });
    expect(no.json()).toMatchObject({ articleId: 401, language: 'en', helpful: false });
    const stored = await listFeedback(db, 401);
    expect(stored.map((row) => [row.language, row.helpful, row.comment])).toEqual([
      ['fr', true, null],
      ['en', false, 'Missing the fees.'],
    ]);
    expect((await post({ language: 'en', helpful: true, comment: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await post({ language: 'en', helpful: 'yes' })).statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/help/articles/999999/feedback',
      payload: { language: 'en', helpful: true },
    });
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  // Issue #13, defect 3: NUL and lone surrogates in a search or a comment reached PostgreSQL as a 500.
  // Its comments go to article 104, not 401: the test above lists every answer stored for 401.
  it('hostile text reaches the database (defect 3): search and comments refuse NUL, lone surrogates and controls', async () => {
    for (const q of ['fees%00', 'fees%1B%5B31m', 'fees%E2%80%AEx']) {
      const search = await get<{ error: { code: string } }>(`/api/help/search?q=${q}&lang=en`);
      expect(search.status, q).toBe(400);
      expect(search.body.error.code).toBe('VALIDATION_FAILED');
    }
    for (const comment of ['fees\u0000', 'fees \ud800', '\udc00', 'bell\u0007']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/help/articles/104/feedback',
        payload: { language: 'en', helpful: false, comment },
        remoteAddress: '203.0.113.99',
      });
      expect(response.statusCode, JSON.stringify(comment)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const multiline = await app.inject({
      method: 'POST',
      url: '/api/help/articles/104/feedback',
      payload: { language: 'fr', helpful: false, comment: 'Il manque\nles frais 🙂' },
      remoteAddress: '203.0.113.99',
    });
    expect(multiline.statusCode).toBe(201);
  });

  it('rate-limits feedback per address', async () => {
    const post = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/help/articles/104/feedback',
        payload: { language: 'en', helpful: true },
        remoteAddress: address,
      });
    for (let index = 0; index < FEEDBACK_PER_ADDRESS_MAX; index += 1) {
      expect((await post('198.51.100.1')).statusCode).toBe(201);
    }
    const limited = await post('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('198.51.100.2')).statusCode).toBe(201);
  });

  it('never serves an unpublished article (its feature has not landed): not listed, found, read or related', async () => {
    for (const language of ['en', 'fr']) {
      // 1001 (the universal ledger API for businesses) is written but unpublished.
      for (const id of [1001]) {
        const article = await get<{ error: { code: string } }>(`/api/help/articles/${id}?lang=${language}`);
        expect({ id, status: article.status, code: article.body.error.code }).toEqual({
          id,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
      expect((await get(`/api/help/categories/10?lang=${language}`)).status).toBe(404);
      const search = await get<HelpSearchResponse>(`/api/help/search?q=ledger&lang=${language}`);
      expect(search.body.results.map((result) => result.id).filter((id) => id >= 1001 && id <= 1003)).toEqual(
        [],
      );
    }
    const feedback = await app.inject({
      method: 'POST',
      url: '/api/help/articles/1001/feedback',
      payload: { language: 'en', helpful: true },
    });
    expect(feedback.statusCode).toBe(404);
  });

  it('publishes a sitemap of every public page and article in both languages, and robots.txt', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain('https://bank.example/pricing/');
    expect(locations).toContain('https://bank.example/pricing/?lng=fr');
    expect(locations).toContain(
      'https://bank.example/help/article/4/withdrawals-and-transfers/401/how-to-withdraw-money/',
    );
    expect(locations).toContain(
      'https://bank.example/help/article/4/retraits-et-virements/401/comment-effectuer-un-retrait/?lng=fr',
    );
    // The public pages, 12 categories and the published articles, each in two languages.
    expect(locations).toHaveLength((PUBLIC_SITE_PATHS.length + 12 + PUBLISHED_ARTICLES) * 2);
    expect(locations.filter((location) => /\/1001\//.test(location!))).toEqual([]);
    // The assistant's article is published with the assistant.
    expect(locations).toContain(
      'https://bank.example/help/article/13/help-and-support/1301/contacting-support-and-using-the-assistant/',
    );
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /dashboard/');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: https://bank.example/sitemap.xml');
    // Never the Host header: a request naming another host still gets the configured origin.
    const spoofed = await app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'evil.example' },
    });
    expect(spoofed.body).not.toContain('evil.example');
    const spoofedRobots = await app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'evil.example' },
    });
    expect(spoofedRobots.body).toContain('Sitemap: https://bank.example/sitemap.xml');
    expect(publicOrigin({ publicUrl: undefined, port: 3000 })).toBe('http://localhost:3000');
  });
});

describe('help seed', () => {
  it('is idempotent, withdraws articles that left the content and keeps their feedback', async () => {
    const { createTestDatabase } = await import('@tessera/platform/testing');
    const { loadHelpContent } = await import('./modules/content/content.loader.ts');
    const full = await loadHelpContent();
    const database = await createTestDatabase();
    const { app: first } = await buildServiceTestApp({
      services: [createHelpService({ content: async () => full })],
      database,
      auth: refuseEveryToken,
      config,
    });
    await first.inject({
      method: 'POST',
      url: '/api/help/articles/405/feedback',
      payload: { language: 'en', helpful: false, comment: 'Keep me' },
    });
    await first.close();
    // The same database started again with article 405 gone from the content (and from related lists).
    const reduced = {
      categories: full.categories,
      articles: full.articles
        .filter((article) => article.id !== 405)
        .map((article) => ({ ...article, related: article.related.filter((id) => id !== 405) })),
    };
    const { app: second } = await buildServiceTestApp({
      services: [createHelpService({ content: async () => reduced })],
      database,
      auth: refuseEveryToken,
      config,
      closeDatabase: true,
    });
    try {
      expect((await second.inject({ method: 'GET', url: '/api/help/articles/405' })).statusCode).toBe(404);
      expect((await second.inject({ method: 'GET', url: '/api/help/articles/401' })).statusCode).toBe(200);
      const db = database.db.withSchema('help') as HelpDatabase;
      expect((await listFeedback(db, 405)).map((row) => row.comment)).toEqual(['Keep me']);
    } finally {
      await second.close();
    }
  });
});
