import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  createFastifyLoggingOptions,
  createLoggerOptions,
  requestIdFrom,
  requestIdPlugin,
} from './logging.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a safe incoming id and replaces anything else with a UUID', () => {
    expect(requestIdFrom('abc-1234-DEF')).toBe('abc-1234-DEF');
    expect(requestIdFrom(['first-id-123', 'second'])).toBe('first-id-123');
    for (const unsafe of [
      undefined,
      'short',
      'x'.repeat(65),
      'has space in it',
      'new\nline-12345',
      '<script>alert</script>',
    ]) {
      expect(requestIdFrom(unsafe)).toMatch(uuid);
    }
  });

  it('echoes the request id in the response header', async () => {
    const app = Fastify({ ...createFastifyLoggingOptions({ logLevel: 'silent' }) });
    await app.register(requestIdPlugin);
    app.get('/ping', async (request) => ({ id: request.id }));
    const kept = await app.inject({
      method: 'GET',
      url: '/ping',
      headers: { 'x-request-id': 'from-the-balancer-1' },
    });
    expect(kept.headers['x-request-id']).toBe('from-the-balancer-1');
    expect(kept.json()).toEqual({ id: 'from-the-balancer-1' });
    const made = await app.inject({ method: 'GET', url: '/ping', headers: { 'x-request-id': 'bad id!' } });
    expect(made.headers['x-request-id']).toMatch(uuid);
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.headers['x-request-id']).toMatch(uuid);
    await app.close();
  });
});

describe('redaction', () => {
  it('hides credentials in headers and password-like fields', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(createLoggerOptions({ logLevel: 'info' }), sink);
    log.info({
      req: { headers: { authorization: 'Bearer eyJsecret', cookie: 'session=abc', accept: 'text/html' } },
      body: { email: 'ada@example.com', password: 'hunter2', nested: { newPassword: 'hunter3' } },
      token: 'tok',
    });
    const entry = JSON.parse(lines[0]!);
    expect(entry.req.headers).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      accept: 'text/html',
    });
    expect(entry.body).toEqual({
      email: 'ada@example.com',
      password: '[redacted]',
      nested: { newPassword: '[redacted]' },
    });
    expect(entry.token).toBe('[redacted]');
    expect(lines.join('')).not.toMatch(/hunter|eyJsecret|session=abc/);
  });
});
