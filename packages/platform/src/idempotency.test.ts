import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './database/types.ts';
import { migrate } from './database/migrate.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { AppError } from './errors.ts';
import {
  createIdempotencyKeysTable,
  createIdempotencyStore,
  idempotent,
  type IdempotencyStore,
} from './idempotency.ts';
import { describeEachDatabase } from './testing.ts';

describeEachDatabase('Idempotency-Key store', ({ createDatabase }) => {
  let database: Database;
  let app: FastifyInstance;
  let store: IdempotencyStore;
  let clock = new Date('2026-11-20T10:00:00Z');
  /** Side effects of the route: one entry per real execution. */
  const executions: string[] = [];
  let gate: Promise<void> | undefined;

  beforeAll(async () => {
    database = await createDatabase();
    await migrate(database.db, {
      schema: 'idem_test',
      migrations: { '0001-keys': { up: (db) => createIdempotencyKeysTable(db) } },
    });
    store = createIdempotencyStore(database.db.withSchema('idem_test'), {
      waitMs: 300,
      pollMs: 10,
      now: () => clock,
    });
    app = Fastify();
    await app.register(errorHandlerPlugin);
    app.post<{ Params: { id: string }; Body: { amount: string } }>('/things/:id', async (request, reply) =>
      idempotent(
        store,
        request,
        reply,
        { principal: String(request.headers['x-user']), required: true },
        async () => {
          if (gate) {
            await gate;
          }
          if (request.body.amount === 'fail') {
            throw new AppError('THING_REFUSED', 422, 'refused');
          }
          executions.push(request.body.amount);
          return { statusCode: 201, body: { n: executions.length, amount: request.body.amount } };
        },
      ),
    );
  });
  afterAll(async () => app.close());

  const post = (key: string | undefined, amount: string, user = 'ana', id = 'a') =>
    app.inject({
      method: 'POST',
      url: `/things/${id}`,
      headers: { 'x-user': user, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { amount },
    });

  it('runs a request once per key: a retry gets the first answer, marked as replayed', async () => {
    const first = await post('k-1', '10.00');
    const retry = await post('k-1', '10.00');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(executions.filter((amount) => amount === '10.00')).toHaveLength(1);
  });

  it('refuses the same key with another body or another path with IDEMPOTENCY_KEY_REUSED, running nothing', async () => {
    await post('k-2', '20.00');
    const before = executions.length;
    const otherBody = await post('k-2', '21.00');
    const otherPath = await post('k-2', '20.00', 'ana', 'b');
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(otherPath.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(executions.length).toBe(before);
  });

  it('scopes keys to their principal: two customers may use the same key', async () => {
    const ana = await post('shared', '30.00', 'ana');
    const leo = await post('shared', '31.00', 'leo');
    expect(ana.json().amount).toBe('30.00');
    expect(leo.json().amount).toBe('31.00');
  });

  it('requires a key where asked, and refuses an empty or unprintable one', async () => {
    expect((await post(undefined, '1.00')).json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await post('a b', '1.00')).json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect((await post('x'.repeat(256), '1.00')).json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });

  it('does not store an error: the key is released and the same request may run again', async () => {
    const refused = await post('k-3', 'fail');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('THING_REFUSED');
    const again = await post('k-3', 'fail');
    expect(again.json().error.code).toBe('THING_REFUSED');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('makes a concurrent duplicate wait for the first answer, or answer IDEMPOTENCY_IN_PROGRESS past the wait', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = post('k-4', '40.00');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const duplicate = post('k-4', '40.00');
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    gate = undefined;
    const [a, b] = await Promise.all([first, duplicate]);
    expect(b.json()).toEqual(a.json());
    expect(executions.filter((amount) => amount === '40.00')).toHaveLength(1);

    gate = new Promise((resolve) => (open = resolve));
    const slow = post('k-5', '50.00');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const impatient = await post('k-5', '50.00');
    expect(impatient.statusCode).toBe(409);
    expect(impatient.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    open();
    gate = undefined;
    expect((await slow).statusCode).toBe(201);
  });

  it('forgets keys after 24 hours: the same key then runs as new, and purge removes expired keys', async () => {
    await post('k-6', '60.00');
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000);
    const later = await post('k-6', '61.00');
    expect(later.statusCode).toBe(201);
    expect(later.json().amount).toBe('61.00');
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    expect(await store.purgeExpired()).toBeGreaterThan(0);
    expect(await store.purgeExpired()).toBe(0);
  });
});
