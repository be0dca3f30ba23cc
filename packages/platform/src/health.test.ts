import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler.ts';
import { createReadiness, healthPlugin } from './health.ts';
import { describeEachDatabase } from './testing.ts';

describeEachDatabase('health endpoints', ({ createDatabase }) => {
  it('/healthz is up; /readyz is ready until the database closes or shutdown begins', async () => {
    const database = await createDatabase();
    const readiness = createReadiness();
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    await app.register(healthPlugin, { db: database.db, readiness });

    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');

    await database.close();
    const closed = await app.inject({ method: 'GET', url: '/readyz' });
    expect(closed.statusCode).toBe(503);
    expect(closed.json().error).toMatchObject({
      code: 'NOT_READY',
      details: { reason: 'database unavailable' },
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('/readyz turns 503 once shutdown begins, with the database still fine', async () => {
    const database = await createDatabase();
    const readiness = createReadiness();
    const app = Fastify({ logger: false });
    await app.register(healthPlugin, { db: database.db, readiness });
    readiness.markNotReady('SIGTERM');
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'NOT_READY', details: { reason: 'shutting down' } });
    expect(readiness.reason).toBe('SIGTERM');
    await app.close();
  });
});
