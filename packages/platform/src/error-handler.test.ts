import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandlerPlugin, notFoundHandler } from './error-handler.ts';
import { ConflictError, defineError } from './errors.ts';
import { createFastifyLoggingOptions, requestIdPlugin } from './logging.ts';

const TransferNotFound = defineError('TEST_TRANSFER_NOT_FOUND', 404, 'No such transfer.');

async function buildApp(): Promise<FastifyInstance> {
  const app = Fastify({ ...createFastifyLoggingOptions({ logLevel: 'silent' }), bodyLimit: 1024 });
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  app.setNotFoundHandler(notFoundHandler);
  app.get('/app-error', async () => {
    throw new TransferNotFound(undefined, { transferId: 't1' });
  });
  app.get('/conflict', async () => {
    throw new ConflictError('Already closed.');
  });
  app.post('/zod', async (request) => z.object({ amount: z.string() }).parse(request.body));
  app.post(
    '/schema',
    {
      schema: { body: { type: 'object', required: ['amount'], properties: { amount: { type: 'string' } } } },
    },
    async () => ({ ok: true }),
  );
  app.get('/crash', async () => {
    const driverError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email"'),
      {
        code: '23505',
      },
    );
    throw driverError;
  });
  app.get('/crash-with-status', async () => {
    // A library error that claims a status but is not marked safe to expose stays a 500.
    throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { statusCode: 400 });
  });
  return app;
}

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

describe('error handler', () => {
  it('sends an AppError with its status, code, message and details', async () => {
    app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/app-error' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'TEST_TRANSFER_NOT_FOUND', message: 'No such transfer.', details: { transferId: 't1' } },
    });
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toEqual({ code: 'CONFLICT', message: 'Already closed.', details: {} });
  });

  it('maps a ZodError thrown by a handler to VALIDATION_FAILED with path and message', async () => {
    app = await buildApp();
    const response = await app.inject({ method: 'POST', url: '/zod', payload: { amount: 5 } });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.issues).toEqual([{ path: 'amount', message: expect.any(String) }]);
  });

  it("maps Fastify's schema validation to VALIDATION_FAILED", async () => {
    app = await buildApp();
    const response = await app.inject({ method: 'POST', url: '/schema', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body', message: "must have required property 'amount'" }] },
    });
  });

  it("maps Fastify's body errors: bad JSON, too large, wrong content type", async () => {
    app = await buildApp();
    const badJson = await app.inject({
      method: 'POST',
      url: '/zod',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON.',
    });

    const tooLarge = await app.inject({ method: 'POST', url: '/zod', payload: { amount: 'x'.repeat(2048) } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const wrongType = await app.inject({
      method: 'POST',
      url: '/zod',
      headers: { 'content-type': 'application/xml' },
      payload: '<amount/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected error with 500 INTERNAL, the request id, and no stack or driver text', async () => {
    app = await buildApp();
    for (const url of ['/crash', '/crash-with-status']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': 'support-case-0001' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: {
          code: 'INTERNAL',
          message: 'Something went wrong',
          details: { requestId: 'support-case-0001' },
        },
      });
      expect(response.body).not.toMatch(/duplicate key|ECONNREFUSED|23505|at .*\.ts|stack/);
      expect(response.headers['x-request-id']).toBe('support-case-0001');
    }
  });

  it('answers an unknown route with NOT_FOUND JSON', async () => {
    app = await buildApp();
    const response = await app.inject({ method: 'DELETE', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'No route for DELETE /api/nothing-here.',
      details: {},
    });
  });
});
