import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiPath, undocumentedRoutes } from './api-docs.ts';
import type { Principal, TokenVerifier } from './auth.ts';
import type { Database } from './database/types.ts';
import { parseOrThrow } from './errors.ts';
import { documentOnly, principalOf, requireSignIn, type ServiceRoutes } from './routes.ts';
import type { ServiceDefinition } from './service.ts';
import { type ServiceApp, buildServiceApp } from './service-app.ts';
import { createTestDatabase, serviceTestConfig } from './testing.ts';

const noteSchema = z.object({ amount: z.string().regex(/^\d+$/), note: z.string().max(5).optional() });
const idParams = z.object({ id: z.uuid() });
const alice: Principal = {
  userId: 'alice',
  username: 'alice',
  groups: [],
  scopes: [],
  clientId: 'tessera-web',
  originJti: 'origin-1',
  tokenId: 'token-1',
  issuedAtS: 0,
  expiresAtS: 0,
  authTimeS: 0,
  amr: ['pwd'],
};
const verifier: TokenVerifier = {
  verifyAccessToken: (token) =>
    token === 'good' ? Promise.resolve(alice) : Promise.reject(new Error('unreachable in these tests')),
};

const notesRoutes: ServiceRoutes = async (app) => {
  requireSignIn(app, verifier);
  app.post(
    '/notes/:id',
    {
      schema: {
        summary: 'Writes a note',
        params: idParams,
        body: noteSchema,
        response: { 200: z.object({ userId: z.string(), id: z.string(), amount: z.string() }) },
      },
    },
    async (request) => ({ userId: principalOf(request).userId, id: request.params.id, ...request.body }),
  );
};

const echoRoutes: ServiceRoutes = async (app) => {
  app.post(
    '/raw',
    {
      schema: {
        summary: 'Echoes a body as sent',
        body: documentOnly(noteSchema),
        response: { 200: z.unknown() },
      },
    },
    async (request) => ({ received: request.body }),
  );
  app.get('/undocumented', async () => ({ ok: true }));
};

const toyService: ServiceDefinition = {
  name: 'toy',
  schema: 'toy',
  prefix: '/api/toy',
  migrations: {},
  plugin: async (app) => {
    await app.register(notesRoutes);
    await app.register(echoRoutes, { prefix: '/echo' });
  },
};

describe('route schemas, sign-in hook and documents', () => {
  let database: Database;
  let built: ServiceApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    built = await buildServiceApp({
      services: [toyService],
      config: serviceTestConfig,
      database,
      auth: verifier,
    });
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
  });
  const id = '6f1c7c0e-3d8e-4a53-9a4b-0b8f1e2d3c4a';

  it('hands the handler the parsed, typed parts and the principal', async () => {
    const response = await built.app.inject({
      method: 'POST',
      url: `/api/toy/notes/${id}`,
      headers: { authorization: 'Bearer good' },
      payload: { amount: '12' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: 'alice', id, amount: '12' });
  });

  it('refuses bad input with the VALIDATION_FAILED parseOrThrow gives, path included', async () => {
    const payload = { amount: '1.5', note: 'too long' };
    const response = await built.app.inject({
      method: 'POST',
      url: `/api/toy/notes/${id}`,
      headers: { authorization: 'Bearer good' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const expected = (() => {
      try {
        parseOrThrow(noteSchema, payload);
        return undefined;
      } catch (error) {
        return (error as { details: unknown }).details;
      }
    })();
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: expected });
    expect(response.json().error.details.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'amount',
      'note',
    ]);
  });

  it('answers an absent body as parseOrThrow answered undefined', async () => {
    const response = await built.app.inject({
      method: 'POST',
      url: `/api/toy/notes/${id}`,
      headers: { authorization: 'Bearer good' },
    });
    expect(response.statusCode).toBe(400);
    let expected: unknown;
    try {
      parseOrThrow(noteSchema, undefined);
    } catch (error) {
      expected = (error as { details: unknown }).details;
    }
    expect(response.json().error.details).toEqual(expected);
  });

  it('asks for sign-in before it looks at the input', async () => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/toy/notes/not-a-uuid',
      payload: 'x',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('leaves a document-only schema unenforced', async () => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/toy/echo/raw',
      payload: { amount: 7 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { amount: 7 } });
  });

  it('publishes the service document with its routes, their schemas and the bearer requirement', async () => {
    const response = await built.app.inject({ method: 'GET', url: openApiPath('toy') });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const notes = document.paths['/api/toy/notes/{id}'].post;
    expect(notes.summary).toBe('Writes a note');
    expect(notes.security).toEqual([{ bearerAuth: [] }]);
    expect(notes.requestBody.content['application/json'].schema.required).toEqual(['amount']);
    expect(notes.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(Object.keys(document.paths)).toEqual([
      '/api/toy/notes/{id}',
      '/api/toy/echo/raw',
      '/api/toy/echo/undocumented',
    ]);
  });

  it('lists the routes without a summary or a response', () => {
    expect(undocumentedRoutes(built.app).map((route) => `${route.method} ${route.url}`)).toEqual([
      'GET /api/toy/echo/undocumented',
    ]);
  });
});
