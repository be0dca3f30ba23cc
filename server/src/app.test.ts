import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineError, defineService, loadConfig, type ServiceDefinition } from '@tessera/platform';
import { createTestDatabase, describeEachDatabase } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type TesseraServer } from './app.ts';

const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  IDENTITY_USER_POOL_CLIENT_ID: 'web-client',
});

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A temp folder with a built-looking web app and console; `missing` leaves them out. */
function makeDists({ missing = false } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'tessera-dist-'));
  const webDist = join(root, 'web');
  const consoleDist = join(root, 'console');
  if (!missing) {
    writeFiles(webDist, {
      'index.html': '<!doctype html><title>web shell</title>',
      'assets/app-3f2a1b.js': 'console.log("app")',
      'robots.txt': 'User-agent: *',
      'help/index.html': '<!doctype html><title>help prerendered</title>',
      'lang/en-US/common.json': '{"hello":"Hello"}',
      'lang/fr-FR/common.json': '{"hello":"Bonjour"}',
    });
    writeFiles(consoleDist, {
      'index.html': '<!doctype html><title>console shell</title>',
      'assets/console-9c8d7e.js': 'console.log("console")',
    });
  }
  return { root, webDist, consoleDist };
}

const AccountMissing = defineError('TEST_ACCOUNT_MISSING', 404, 'No such account.');

const notesService: ServiceDefinition = defineService({
  name: 'notes',
  schema: 'notes',
  prefix: '/api/notes',
  migrations: {
    '0001-create-notes': {
      async up(db) {
        await db.schema
          .createTable('notes')
          .addColumn('id', 'bigserial', (column) => column.primaryKey())
          .addColumn('body', 'text', (column) => column.notNull())
          .execute();
      },
    },
  },
  async seed({ db }) {
    const { rows } = await sql<{ count: string }>`select count(*) as count from notes.notes`.execute(db);
    if (rows[0]?.count === '0') {
      await db.insertInto('notes').values({ body: 'seeded' }).execute();
    }
  },
  async plugin(app, { context }) {
    app.get('/', async () => context.db.selectFrom('notes').select(['body']).orderBy('id').execute());
    app.get('/missing', async () => {
      throw new AccountMissing();
    });
    app.get('/crash', async () => {
      await sql`select * from no_such_table`.execute(context.db);
    });
    app.post('/', async (request) => {
      const { body } = request.body as { body: string };
      await context.db.insertInto('notes').values({ body }).execute();
      return { stored: true };
    });
    app.post('/dev/reset', async () => ({ reset: true }));
    app.get('/by-id/:id', async () => ({ found: false }));
  },
  demoSignIns: () => [{ email: 'ada@example.com', password: 'demo-password', role: 'customer' }],
});

describeEachDatabase('server', ({ createDatabase }) => {
  let server: TesseraServer;
  let dists: ReturnType<typeof makeDists>;

  beforeAll(async () => {
    dists = makeDists();
    server = await buildServer({
      config,
      services: [notesService],
      ...dists,
      database: await createDatabase(),
    });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dists.root, { recursive: true, force: true });
  });

  it('migrates and seeds each service in its own schema and mounts it under its prefix', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/notes/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ body: 'seeded' }]);
    const { rows } = await sql<{ name: string }>`select name from notes.kysely_migration`.execute(
      server.database.db,
    );
    expect(rows).toEqual([{ name: '0001-create-notes' }]);
    expect(server.demoSignIns).toEqual([
      { email: 'ada@example.com', password: 'demo-password', role: 'customer' },
    ]);
  });

  it('hostile text reaches the database (defect 3) and development is the default (defect 7): every mounted service is guarded', async () => {
    const hostile = await server.app.inject({
      method: 'POST',
      url: '/api/notes/',
      payload: { body: 'a\u0000b' },
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().error.details.issues).toEqual([
      { path: 'body.body', message: 'must not contain U+0000 or an unpaired surrogate' },
    ]);
    // This suite's config sets neither NODE_ENV nor TESSERA_MODE: production, so no demo-only route answers.
    const demoOnly = await server.app.inject({ method: 'POST', url: '/api/notes/dev/reset' });
    expect(demoOnly.statusCode).toBe(404);
    const authenticated = await server.app.inject({
      method: 'GET',
      url: '/api/notes/',
      headers: { authorization: 'Bearer x' },
    });
    expect(authenticated.headers['cache-control']).toBe('no-store');
  });

  it("answered the router's refusals in Fastify's own body (bad-input suite): a path parameter that is bad percent-encoding is VALIDATION_FAILED, an over-long one is in our envelope too", async () => {
    const badEncoding = await server.app.inject({ method: 'GET', url: '/api/notes/by-id/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json().error.code).toBe('VALIDATION_FAILED');
    expect(badEncoding.headers['x-request-id']).toBeDefined();
    const tooLong = await server.app.inject({ method: 'GET', url: `/api/notes/by-id/${'x'.repeat(1000)}` });
    expect([400, 404]).toContain(tooLong.statusCode);
    expect(['VALIDATION_FAILED', 'NOT_FOUND']).toContain(tooLong.json().error.code);
  });

  it('answers service errors with their code, and hides driver errors behind INTERNAL with the request id', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/api/notes/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('TEST_ACCOUNT_MISSING');
    const crash = await server.app.inject({ method: 'GET', url: '/api/notes/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({
      error: {
        code: 'INTERNAL',
        message: 'Something went wrong',
        details: { requestId: crash.headers['x-request-id'] },
      },
    });
    expect(crash.body).not.toContain('no_such_table');
  });

  it('echoes x-request-id and sends the CSP with worker-src blob:', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-abc-123');
    expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
  });

  it('serves /healthz and /readyz', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('answers /readyz 503 NOT_READY once the database is closed', async () => {
    const other = await buildServer({ config, services: [], ...dists, database: await createDatabase() });
    expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('NOT_READY');
    await other.app.close();
  });

  it('rejects a second service with the same schema before opening anything', async () => {
    await expect(
      buildServer({ config, services: [notesService, { ...notesService, name: 'notes-2' }], ...dists }),
    ).rejects.toThrow(/shares a schema/);
  });
});

describe('server without services', () => {
  let server: TesseraServer;
  let dists: ReturnType<typeof makeDists>;

  beforeAll(async () => {
    dists = makeDists();
    server = await buildServer({ config, services: [], ...dists, database: await createTestDatabase() });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dists.root, { recursive: true, force: true });
  });

  it('serves the runtime config with every service URL and the identity settings', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'bank.test:3917' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      services: {
        identity: '/identity',
        userManagement: '/api/user-management',
        ledger: '/api/ledger',
        cashOperations: '/api/cash-operations',
        marketDataInfo: '/api/market-data-info',
        marketData: '/api/market-data',
        timeSeries: '/api/time-series',
        trading: '/api/trading',
        investments: '/api/investments',
        reportManager: '/api/report-manager',
        help: '/api/help',
        assistant: '/api/assistant',
        ingest: '/v1/web',
        assist: '/assist',
      },
      identity: {
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_tessera',
        userPoolClientId: 'web-client',
        userPoolEndpoint: '/identity',
        oauthDomain: null,
      },
      features: { cashSimulators: false },
      // A server in production mode: the tracker's secure mode is on unless TRACKER_SECURE_MODE says otherwise.
      tracker: { ingestPoint: '/ingest', projectKey: 'tessera-web', secureMode: true },
      // ASSIST_ICE_SERVERS unset: no STUN or TURN server (peers on one host or network).
      assist: { iceServers: [] },
    });
  });

  it('config.json reflected the Host header (defect 9): the answer is the same whatever Host the caller sends', async () => {
    const answers = await Promise.all(
      ['bank.test:3917', 'attacker.example', 'evil.example:443'].map(
        async (host) =>
          (await server.app.inject({ method: 'GET', url: '/config.json', headers: { host } })).body,
      ),
    );
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).not.toMatch(/attacker|evil|bank\.test/);
  });

  it('serves the web app shell at / with no-cache, and hashed assets as immutable', async () => {
    const home = await server.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('web shell');
    expect(home.headers['cache-control']).toBe('no-cache');
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('falls back to index.html (200) for client routes, but serves a prerendered page when there is one', async () => {
    const route = await server.app.inject({ method: 'GET', url: '/dashboard/accounts/42?tab=history' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('web shell');
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.headers['cache-control']).toBe('no-cache');
    for (const url of ['/help', '/help/']) {
      const prerendered = await server.app.inject({ method: 'GET', url });
      expect(prerendered.statusCode).toBe(200);
      expect(prerendered.body).toContain('help prerendered');
    }
  });

  it('answers 404 JSON, not HTML, for a missing asset, a missing file and unknown API paths', async () => {
    for (const url of [
      '/assets/missing-123.js',
      '/assets/nested',
      '/favicon.png',
      '/api/nothing',
      '/identity/x',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const post = await server.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('does not let a path escape the dist folder', async () => {
    for (const url of [
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/hosts',
      '/help/..%2f..%2f..%2fapp.test.ts',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect([200, 404]).toContain(response.statusCode);
      expect(response.body).not.toMatch(/root:|localhost|describeEachDatabase/);
    }
  });

  it('serves the console under /console/ with its own SPA fallback', async () => {
    const redirect = await server.app.inject({ method: 'GET', url: '/console' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/console/');
    for (const url of ['/console/', '/console/customers/42']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('console shell');
    }
    const asset = await server.app.inject({ method: 'GET', url: '/console/assets/console-9c8d7e.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await server.app.inject({ method: 'GET', url: '/console/assets/gone.js' })).statusCode).toBe(404);
  });

  it('serves translations cross-origin with a short cache and an ETag, and validates the path', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/lang/fr-FR/common.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hello: 'Bonjour' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['etag']).toBeTruthy();
    const cached = await server.app.inject({
      method: 'GET',
      url: '/lang/fr-FR/common.json',
      headers: { 'if-none-match': String(response.headers['etag']) },
    });
    expect(cached.statusCode).toBe(304);

    for (const url of [
      '/lang/fr_FR/common.json',
      '/lang/x/common.json',
      '/lang/en-US/Common.json',
      '/lang/en-US/common.txt',
      '/lang/en-US/..%2f..%2findex.json',
      '/lang/en-US/missing.json',
      '/lang/de-DE/common.json',
    ]) {
      const bad = await server.app.inject({ method: 'GET', url });
      expect(bad.statusCode, url).toBe(404);
      expect(bad.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('runtime config with PUBLIC_URL and demo mode', () => {
  it('config.json reflected the Host header (defect 9): identity is absolute on PUBLIC_URL, never on Host', async () => {
    const dists = makeDists();
    const server = await buildServer({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', PUBLIC_URL: 'https://bank.example' }),
      services: [],
      ...dists,
      database: await createTestDatabase(),
    });
    const response = await server.app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'attacker.example' },
    });
    expect(response.json().identity.userPoolEndpoint).toBe('https://bank.example/identity');
    await server.app.close();
    rmSync(dists.root, { recursive: true, force: true });
  });

  it('development is the default (defect 7): offers the cash simulators only in demo mode, to a loopback caller', async () => {
    const dists = makeDists();
    const server = await buildServer({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', TESSERA_MODE: 'demo' }),
      services: [],
      ...dists,
      database: await createTestDatabase(),
    });
    const local = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(local.json().features).toEqual({ cashSimulators: true });
    const remote = await server.app.inject({
      method: 'GET',
      url: '/config.json',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.json().features).toEqual({ cashSimulators: false });
    await server.app.close();
    rmSync(dists.root, { recursive: true, force: true });
  });
});

describe('server before the apps are built', () => {
  it('answers 503 with a page saying to build, and still 404 for assets', async () => {
    const dists = makeDists({ missing: true });
    const server = await buildServer({
      config,
      services: [],
      ...dists,
      database: await createTestDatabase(),
    });
    const home = await server.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(503);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('npm run build');
    const consoleHome = await server.app.inject({ method: 'GET', url: '/console/' });
    expect(consoleHome.statusCode).toBe(503);
    expect((await server.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/lang/en-US/common.json' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await server.app.close();
    rmSync(dists.root, { recursive: true, force: true });
  });
});
