import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { defineService, type Environment, loadConfig, serviceCounter } from '@tessera/platform';
import { createTestDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type TesseraServer } from './app.ts';

const metricsToken = 'scrape-token-0123456789abcdef0123456789';

/** A script chunk the size of the web app's largest (207 KB), varied enough to look like real code. */
const bigChunk = Array.from(
  { length: 4_000 },
  (_, index) => `export function f${index}(a){return a*${index}+"${index.toString(36)}";}\n`,
).join('');

/** A ledger-like answer: many accounts, so the JSON is past the compression threshold. */
const accountsService = defineService({
  name: 'accounts',
  schema: 'accounts',
  prefix: '/api/accounts',
  migrations: {},
  async plugin(app) {
    app.get('/', async () =>
      Array.from({ length: 200 }, (_, index) => ({
        id: `acc-${index}`,
        balance: `${index}.50`,
        asset: 'EUR',
      })),
    );
    app.get('/by-id/:accountId', async (request) => ({
      id: (request.params as { accountId: string }).accountId,
    }));
  },
});

function makeDists() {
  const root = mkdtempSync(join(tmpdir(), 'tessera-operator-'));
  const files: Record<string, string | Buffer> = {
    'web/index.html': '<!doctype html><title>web shell</title>',
    'web/assets/index-3f2a1b.js': bigChunk,
    // Already compressed: a PNG signature followed by noise.
    'web/assets/logo-9c8d7e.png': Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(8_000, 7),
    ]),
    'console/index.html': '<!doctype html><title>console shell</title>',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return { root, webDist: join(root, 'web'), consoleDist: join(root, 'console') };
}

async function startServer(env: Environment, dists: ReturnType<typeof makeDists>): Promise<TesseraServer> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...env });
  return buildServer({
    config,
    services: [accountsService],
    webDist: dists.webDist,
    consoleDist: dists.consoleDist,
    database: await createTestDatabase(),
  });
}

describe('operator plugins of the one-process server', () => {
  let dists: ReturnType<typeof makeDists>;
  let server: TesseraServer;

  beforeAll(async () => {
    dists = makeDists();
    server = await startServer({ METRICS_TOKEN: metricsToken }, dists);
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dists.root, { recursive: true, force: true });
  });

  describe('compression', () => {
    it('sent the 207 KB script chunk uncompressed: with Accept-Encoding it goes out as brotli or gzip, byte-identical once decompressed', async () => {
      const plain = await server.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(bigChunk);

      const brotli = await server.app.inject({
        method: 'GET',
        url: '/assets/index-3f2a1b.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['vary']).toContain('accept-encoding');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.rawPayload.length).toBeLessThan(bigChunk.length / 3);
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(bigChunk);

      const gzip = await server.app.inject({
        method: 'GET',
        url: '/assets/index-3f2a1b.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(bigChunk);
    });

    it('compresses JSON answers only when asked, with the same JSON once decompressed', async () => {
      const plain = await server.app.inject({ method: 'GET', url: '/api/accounts/' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const gzip = await server.app.inject({
        method: 'GET',
        url: '/api/accounts/',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    });

    it('leaves types that are compressed already (images) as they are', async () => {
      const png = await server.app.inject({
        method: 'GET',
        url: '/assets/logo-9c8d7e.png',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-encoding']).toBeUndefined();
      expect(png.rawPayload.length).toBe(8_008);
    });

    it('does not inflate a gzip request body (a small body could expand past the body limit)', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/accounts/',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: Buffer.from('not gzip'),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });
  });

  describe('/metrics', () => {
    it('answers a scraper with the token in the Prometheus text format, labelled by route pattern and status class, never by URL', async () => {
      await server.app.inject({
        method: 'GET',
        url: '/api/accounts/by-id/acc-secret-42?owner=ada@example.com',
      });
      await server.app.inject({ method: 'GET', url: '/api/no-such-route' });
      const response = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('process_cpu_user_seconds_total');
      expect(response.body).toContain('nodejs_eventloop_lag_seconds');
      expect(response.body).toMatch(
        /http_requests_total\{method="GET",route="\/api\/accounts\/by-id\/:accountId",status_class="2xx"\} 1/,
      );
      expect(response.body).toMatch(
        /http_requests_total\{method="GET",route="\(no route\)",status_class="4xx"\} 1/,
      );
      expect(response.body).toContain('http_request_duration_seconds_bucket{le="0.005"');
      expect(response.body).not.toContain('acc-secret-42');
      expect(response.body).not.toContain('ada@example.com');
    });

    it("publishes the services' own counters beside the request metrics (the ingest's quarantined batches)", async () => {
      const counter = serviceCounter({
        name: 'test_service_events_total',
        help: 'A service counter of this test.',
        labelNames: ['kind'] as const,
      });
      // Defining it again gives the same counter (a module loaded twice in tests must not throw).
      expect(serviceCounter({ name: 'test_service_events_total', help: 'again', labelNames: ['kind'] })).toBe(
        counter,
      );
      counter.inc({ kind: 'card' });
      const response = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(response.body).toMatch(/test_service_events_total\{kind="card"\} 1/);
      expect(response.body).toContain('http_requests_total');
    });

    it('refuses a scraper without the token or with a wrong one (UNAUTHENTICATED)', async () => {
      for (const authorization of [
        undefined,
        'Bearer wrong',
        `Basic ${metricsToken}`,
        `Bearer ${metricsToken}x`,
      ]) {
        const response = await server.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
        expect(response.body).not.toContain('http_requests_total');
      }
    });

    it('does not exist when no METRICS_TOKEN is configured: /metrics is any unknown path, with no metric in it', async () => {
      const unconfigured = await startServer({}, dists);
      try {
        expect(unconfigured.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
        const response = await unconfigured.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer anything-at-all-that-is-long-enough' },
        });
        expect(response.body).toBe(
          (await unconfigured.app.inject({ method: 'GET', url: '/no-such-page' })).body,
        );
        expect(response.body).not.toContain('http_requests_total');
      } finally {
        await unconfigured.app.close();
      }
    });
  });

  describe('global rate-limit floor', () => {
    it('answers RATE_LIMITED in the envelope with Retry-After once an address is over RATE_LIMIT_MAX, other addresses unaffected', async () => {
      const limited = await startServer({ RATE_LIMIT_MAX: '3' }, dists);
      try {
        const from = (remoteAddress: string) =>
          limited.app.inject({ method: 'GET', url: '/api/accounts/by-id/a', remoteAddress });
        for (let index = 0; index < 3; index += 1) {
          expect((await from('203.0.113.7')).statusCode).toBe(200);
        }
        const over = await from('203.0.113.7');
        expect(over.statusCode).toBe(429);
        expect(over.json()).toMatchObject({
          error: { code: 'RATE_LIMITED', details: { reason: 'requests_per_address', limit: 3 } },
        });
        const retryAfter = Number(over.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(over.headers['x-request-id']).toBeDefined();
        expect((await from('198.51.100.9')).statusCode).toBe(200);
      } finally {
        await limited.app.close();
      }
    });

    it('never counts loopback callers in demo mode (the suites and the browser journeys send thousands a minute)', async () => {
      const demo = await startServer({ RATE_LIMIT_MAX: '2', TESSERA_MODE: 'demo' }, dists);
      try {
        for (let index = 0; index < 5; index += 1) {
          const response = await demo.app.inject({ method: 'GET', url: '/api/accounts/by-id/a' });
          expect(response.statusCode).toBe(200);
        }
        await demo.app.inject({ method: 'GET', url: '/api/accounts/by-id/a', remoteAddress: '203.0.113.7' });
        await demo.app.inject({ method: 'GET', url: '/api/accounts/by-id/a', remoteAddress: '203.0.113.7' });
        const over = await demo.app.inject({
          method: 'GET',
          url: '/api/accounts/by-id/a',
          remoteAddress: '203.0.113.7',
        });
        expect(over.statusCode).toBe(429);
      } finally {
        await demo.app.close();
      }
    });

    it('has no floor with RATE_LIMIT_MAX=0', async () => {
      const unlimited = await startServer({ RATE_LIMIT_MAX: '0' }, dists);
      try {
        for (let index = 0; index < 5; index += 1) {
          const response = await unlimited.app.inject({
            method: 'GET',
            url: '/api/accounts/by-id/a',
            remoteAddress: '203.0.113.7',
          });
          expect(response.statusCode).toBe(200);
        }
      } finally {
        await unlimited.app.close();
      }
    });
  });
});
