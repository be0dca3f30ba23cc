import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Mode } from './config.ts';
import { errorHandlerPlugin, notFoundHandler } from './error-handler.ts';
import { createInProcessEventBus } from './events.ts';
import { UnauthenticatedError } from './errors.ts';
import { defineService, type ServiceContext } from './service.ts';
import { findUnsafeText, isLoopbackAddress, UNSAFE_TEXT_ISSUES_MAX } from './service-guards.ts';

const opened: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

/** A service with a demo route, a JSON route and a route that keeps its own text checks, mounted as the server does. */
async function buildApp(
  env: { TESSERA_MODE?: Mode; NODE_ENV?: 'production' | 'test' },
  service: { prefix?: string; textGuard?: boolean } = {},
) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...env });
  const app = Fastify({ logger: false, trustProxy: true });
  opened.push(app);
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  const definition = defineService({
    name: 'example',
    schema: 'example',
    prefix: service.prefix ?? '/api/example',
    migrations: {},
    ...(service.textGuard === undefined ? {} : { textGuard: service.textGuard }),
    async plugin(scope) {
      scope.post('/dev/mint', async () => ({ minted: '1000000.00' }));
      scope.post('/notes/:noteId', async (request) => ({ stored: request.body }));
      scope.get('/notes', async () => ({ items: [] }));
      scope.get('/public', async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=60').send({}),
      );
      scope.post('/protocol', { config: { textGuard: false } }, async () => ({ handled: 'by the route' }));
    },
  });
  const context: ServiceContext = {
    config,
    db: undefined as never,
    log: app.log,
    events: createInProcessEventBus({ log: app.log }),
    auth: { verifyAccessToken: () => Promise.reject(new UnauthenticatedError()) },
  };
  await app.register(definition.plugin, { prefix: definition.prefix, context });
  return app;
}

describe('development is the default (defect 7): demo-only routes', () => {
  it('answer in demo mode to a caller on this machine', async () => {
    const app = await buildApp({ TESSERA_MODE: 'demo' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await app.inject({ method: 'POST', url: '/api/example/dev/mint', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
  });

  it('are NOT_FOUND, like a route that does not exist, when the process is not in demo mode', async () => {
    for (const env of [
      {},
      { NODE_ENV: 'production' as const },
      { NODE_ENV: 'test' as const, TESSERA_MODE: 'production' as const },
    ]) {
      const app = await buildApp(env);
      const response = await app.inject({ method: 'POST', url: '/api/example/dev/mint' });
      expect(response.statusCode, JSON.stringify(env)).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      expect(response.body).not.toContain('minted');
    }
  });

  it('are NOT_FOUND in demo mode to a caller elsewhere, whatever X-Forwarded-For says', async () => {
    const app = await buildApp({ TESSERA_MODE: 'demo' });
    const remote = await app.inject({
      method: 'POST',
      url: '/api/example/dev/mint',
      remoteAddress: '192.0.2.7',
    });
    expect(remote.statusCode).toBe(404);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/example/dev/mint',
      remoteAddress: '192.0.2.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('minted');
  });

  it('knows loopback addresses from the others', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.5.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('127.0.0.1.evil')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

describe('hostile text reaches the database (defect 3): the platform refuses NUL and lone surrogates', () => {
  const refused = ['\u0000', 'a\ud800b', '\udc00', 'x\u0000y'];

  it.each(refused)(
    'refuses %j in a body value, a nested key, the query and a route parameter',
    async (bad) => {
      const app = await buildApp({});
      const cases = [
        { url: '/api/example/notes/n1', payload: { note: bad }, path: 'body.note' },
        {
          url: '/api/example/notes/n1',
          payload: { meta: [{ [`k${bad}`]: 'v' }] },
          path: 'body.meta.0.(key)',
        },
        {
          url: `/api/example/notes/n1?q=${encodeURIComponent(bad === '\u0000' ? bad : 'x\u0000')}`,
          payload: {},
          path: 'query.q',
        },
        { url: `/api/example/notes/${encodeURIComponent('n\u0000')}`, payload: {}, path: 'params.noteId' },
      ];
      for (const { url, payload, path } of cases) {
        const response = await app.inject({ method: 'POST', url, payload });
        expect(response.statusCode, path).toBe(400);
        const { error } = response.json();
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
      }
    },
  );

  it('keeps well-formed text, paired surrogates, right-to-left and controls the schemas judge', async () => {
    const app = await buildApp({});
    const payload = { note: 'Loyer 🏠 إيجار\tmai', nested: { 'clé 🔑': ['ok'] } };
    const response = await app.inject({ method: 'POST', url: '/api/example/notes/n1', payload });
    expect(response.statusCode).toBe(200);
    expect(response.json().stored).toEqual(payload);
  });

  it('walks a deeply nested body without overflowing the stack and lists a bounded number of issues', async () => {
    let deep: unknown = '\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) {
      deep = [deep];
    }
    expect(findUnsafeText(deep, 'body')).toHaveLength(1);
    const many = Array.from({ length: 1_000 }, () => '\u0000');
    expect(findUnsafeText(many, 'body')).toHaveLength(UNSAFE_TEXT_ISSUES_MAX);
  });

  it('leaves a route that opted out, and a service that owns root paths, to their own checks', async () => {
    const app = await buildApp({});
    const optedOut = await app.inject({
      method: 'POST',
      url: '/api/example/protocol',
      payload: { a: '\u0000' },
    });
    expect(optedOut.statusCode).toBe(200);
    const rootService = await buildApp({}, { prefix: '' });
    const root = await rootService.inject({ method: 'POST', url: '/notes/n1', payload: { a: '\u0000' } });
    expect(root.statusCode).toBe(200);
  });
});

describe('customer data in shared caches (defect 9): authenticated answers are no-store', () => {
  it('sends Cache-Control: no-store on every answer to a request with Authorization, errors included', async () => {
    const app = await buildApp({});
    const headers = { authorization: 'Bearer token' };
    const list = await app.inject({ method: 'GET', url: '/api/example/notes', headers });
    expect(list.headers['cache-control']).toBe('no-store');
    const overridden = await app.inject({ method: 'GET', url: '/api/example/public', headers });
    expect(overridden.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/example/notes/n1',
      headers,
      payload: { a: '\u0000' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers to a request without Authorization cacheable as the route says', async () => {
    const app = await buildApp({});
    const response = await app.inject({ method: 'GET', url: '/api/example/public' });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});
