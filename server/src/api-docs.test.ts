/**
 * Every route of every service is in its service's OpenAPI document, with a summary and a response, and /api/docs
 * browses them (issue #14; packages/platform/src/api-docs.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, openApiPath, openApiUrl, undocumentedRoutes } from '@tessera/platform';
import { createTestDatabase } from '@tessera/platform/testing';
import { createIdentityTokenVerifier } from '@tessera/service-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type TesseraServer } from './app.ts';
import { services } from './services.ts';

describe('the API documents', () => {
  let server: TesseraServer;
  const root = mkdtempSync(join(tmpdir(), 'tessera-docs-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', NODE_ENV: 'test' });

  beforeAll(async () => {
    server = await buildServer({
      config,
      services,
      webDist: join(root, 'web'),
      consoleDist: join(root, 'console'),
      database: await createTestDatabase(),
      createTokenVerifier: (database) => createIdentityTokenVerifier(config, database),
    });
    await server.app.ready();
  }, 120_000);
  afterAll(async () => {
    await server?.app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('documents every route with a summary and a response', () => {
    const missing = undocumentedRoutes(server.app).map(
      (route) => `${route.service}: ${route.method} ${route.url}`,
    );
    expect(missing).toEqual([]);
  });

  it.each(services.map((service) => service.name))(
    'publishes every route of %s in its document',
    async (name) => {
      const response = await server.app.inject({ method: 'GET', url: openApiPath(name) });
      expect(response.statusCode).toBe(200);
      const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(document.openapi).toBe('3.1.0');
      const routes = server.app.serviceRoutes.routes.filter((route) => route.service === name);
      expect(routes.length).toBeGreaterThan(0);
      const absent = routes
        .filter((route) => document.paths[openApiUrl(route.url)]?.[route.method.toLowerCase()] === undefined)
        .map((route) => `${route.method} ${route.url}`);
      expect(absent).toEqual([]);
    },
  );

  it('serves the documentation page at /api/docs with a definition per service', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const initializer = await server.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    for (const service of services) {
      expect(initializer.body).toContain(openApiPath(service.name));
    }
  });
});
