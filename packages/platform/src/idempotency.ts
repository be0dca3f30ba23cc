/**
 * Idempotency-Key for Fastify routes (ARCHITECTURE.md, "Interfaces": every POST that moves money or creates a
 * resource takes one; a retry returns the first answer). Modelled on Stripe's and the IETF draft
 * "The Idempotency-Key HTTP Header Field":
 *
 * - a key is scoped to its principal (two customers may pick the same key), kept for 24 hours;
 * - the first request with a key runs; its successful (2xx) answer is stored and every retry with the same key and
 *   the same request (method, route, path parameters and body: the fingerprint) gets that answer again, with the
 *   header `Idempotent-Replayed: true`, without running anything;
 * - the same key with another request is 422 IDEMPOTENCY_KEY_REUSED;
 * - a retry that arrives while the first is still running waits for it (up to `waitMs`), then gets 409
 *   IDEMPOTENCY_IN_PROGRESS;
 * - an error answer is not stored: the key is released, so the same request can be retried once the cause is fixed
 *   (the web app retries a transfer with the same key after a step-up). Money-moving handlers stay safe on such a
 *   retry because their own writes are idempotent (ledger transfer ids are stored before the ledger is called).
 *
 * Each service keeps its keys in its own schema: call {@link createIdempotencyKeysTable} in a migration and build
 * the store with the service's `context.db`.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AnyKysely } from './database/types.ts';
import { defineError, IdempotencyKeyReusedError } from './errors.ts';

/** The request header carrying the key. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The response header set on a replayed answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Longest key accepted, in characters. */
export const IDEMPOTENCY_KEY_LENGTH_MAX = 255;

/** 400: a route that moves money was called without an Idempotency-Key header. */
export const IdempotencyKeyRequiredError = defineError(
  'IDEMPOTENCY_KEY_REQUIRED',
  400,
  'This request needs an Idempotency-Key header.',
);
/** 400: the Idempotency-Key header is empty, too long or not printable ASCII. */
export const IdempotencyKeyInvalidError = defineError(
  'IDEMPOTENCY_KEY_INVALID',
  400,
  'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
);
/** 409: a request with this key is still being processed. */
export const IdempotencyInProgressError = defineError(
  'IDEMPOTENCY_IN_PROGRESS',
  409,
  'A request with this idempotency key is still being processed; retry shortly.',
);

/** A stored answer. The body is JSON (bigints must already be strings). */
export interface IdempotentAnswer<Body = unknown> {
  readonly statusCode: number;
  readonly body: Body;
}

/** What identifies one use of a key. */
export interface IdempotentRequest {
  /** The header's value; `undefined` when absent. */
  readonly key: string | undefined;
  /** Whose key it is (the token's `sub`, or an API key id). */
  readonly principal: string;
  /** What the request is: method and route pattern, e.g. `POST /transfers`. */
  readonly scope: string;
  /** Everything that makes two requests the same: path parameters and body. Canonical JSON is hashed. */
  readonly payload: unknown;
  /** Refuse the request without a key (IDEMPOTENCY_KEY_REQUIRED); without `required` a keyless request just runs. */
  readonly required?: boolean;
}

/** The outcome of {@link IdempotencyStore.run}. */
export interface IdempotentOutcome<Body> extends IdempotentAnswer<Body> {
  /** True when this is the stored answer of an earlier request. */
  readonly replayed: boolean;
}

/** Options of {@link createIdempotencyStore}. */
export interface IdempotencyStoreOptions {
  /** How long a duplicate waits for the first request before IDEMPOTENCY_IN_PROGRESS (default 5 s). */
  readonly waitMs?: number;
  /** How often a waiting duplicate looks again (default 25 ms). */
  readonly pollMs?: number;
  /**
   * An in-progress key older than this is taken over: the process that held it died (default 60 s). Handlers must
   * finish well within it.
   */
  readonly staleMs?: number;
  /** How long keys are kept (default 24 h). */
  readonly ttlMs?: number;
  /** The clock, for tests. */
  readonly now?: () => Date;
}

/** The per-service Idempotency-Key store. */
export interface IdempotencyStore {
  /** Runs `execute` once per key and request; see the file comment for every case. */
  run<Body>(
    request: IdempotentRequest,
    execute: () => Promise<IdempotentAnswer<Body>>,
  ): Promise<IdempotentOutcome<Body>>;
  /** Deletes up to `limit` expired keys; returns how many went. */
  purgeExpired(limit?: number): Promise<number>;
}

/** The table's name in each service's schema. */
export const IDEMPOTENCY_TABLE = 'idempotency_keys';

/** Creates the key table in the migration's schema; call it from one of the service's migrations. */
export async function createIdempotencyKeysTable(db: AnyKysely): Promise<void> {
  await sql`
    create table idempotency_keys (
      principal text not null,
      key text not null,
      scope text not null,
      fingerprint text not null,
      state text not null check (state in ('in_progress', 'completed')),
      status_code integer,
      body jsonb,
      locked_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (principal, key)
    );
    create index idempotency_keys_expiry on idempotency_keys (expires_at);
  `.execute(db);
}

interface KeyRow {
  scope: string;
  fingerprint: string;
  state: 'in_progress' | 'completed';
  status_code: number | null;
  body: unknown;
  locked_at: Date;
  expires_at: Date;
}

/** The store's database handle and its settings, defaults applied. */
interface StoreSettings {
  readonly db: AnyKysely;
  readonly waitMs: number;
  readonly pollMs: number;
  readonly staleMs: number;
  readonly ttlMs: number;
  readonly now: () => Date;
}

/** One use of a key: whose, which, for what request. */
interface KeyUse {
  readonly principal: string;
  readonly key: string;
  readonly scope: string;
  readonly fingerprint: string;
}

/** Builds the store over a service's database handle (`context.db`, bound to its schema). */
export function createIdempotencyStore(
  db: AnyKysely,
  options: IdempotencyStoreOptions = {},
): IdempotencyStore {
  const settings: StoreSettings = {
    db,
    waitMs: options.waitMs ?? 5000,
    pollMs: options.pollMs ?? 25,
    staleMs: options.staleMs ?? 60_000,
    ttlMs: options.ttlMs ?? IDEMPOTENCY_KEY_TTL_MS,
    now: options.now ?? (() => new Date()),
  };
  return {
    run: <Body>(request: IdempotentRequest, execute: () => Promise<IdempotentAnswer<Body>>) =>
      runOncePerKey(settings, request, execute),
    purgeExpired: (limit = 1000) => purgeExpiredKeys(settings, limit),
  };
}

/** {@link IdempotencyStore.run}: see the file comment for every case. */
async function runOncePerKey<Body>(
  settings: StoreSettings,
  request: IdempotentRequest,
  execute: () => Promise<IdempotentAnswer<Body>>,
): Promise<IdempotentOutcome<Body>> {
  if (request.key === undefined) {
    if (request.required === true) {
      throw new IdempotencyKeyRequiredError();
    }
    return { ...(await execute()), replayed: false };
  }
  const use: KeyUse = {
    principal: request.principal,
    key: checkedKey(request.key),
    scope: request.scope,
    fingerprint: fingerprintOf(request.scope, request.payload),
  };
  const deadline = Date.now() + settings.waitMs;
  for (;;) {
    if (await claimKey(settings, use)) {
      return {
        ...(await runHolding(
          execute,
          () => releaseKey(settings, use),
          (answer) => storeAnswer(settings, use, answer),
        )),
        replayed: false,
      };
    }
    const row = await readKey(settings, use);
    if (row === undefined) {
      continue; // Released between our claim and our read: claim again.
    }
    if (row.fingerprint !== use.fingerprint) {
      throw new IdempotencyKeyReusedError(undefined, { scope: row.scope });
    }
    if (row.state === 'completed' && row.status_code !== null) {
      return { statusCode: row.status_code, body: row.body as Body, replayed: true };
    }
    if (Date.now() >= deadline) {
      throw new IdempotencyInProgressError();
    }
    await new Promise((resolve) => setTimeout(resolve, settings.pollMs));
  }
}

/** Claims the key: true when this request now holds it (new key, expired key, or a stale holder taken over). */
async function claimKey({ db, ttlMs, staleMs, now }: StoreSettings, use: KeyUse): Promise<boolean> {
  const { principal, key, scope, fingerprint } = use;
  const at = now();
  const inserted = await db
    .insertInto(IDEMPOTENCY_TABLE)
    .values({
      principal,
      key,
      scope,
      fingerprint,
      state: 'in_progress',
      locked_at: at,
      expires_at: new Date(at.getTime() + ttlMs),
    })
    .onConflict((conflict) =>
      conflict
        .columns(['principal', 'key'])
        .doUpdateSet({
          scope,
          fingerprint,
          state: 'in_progress',
          status_code: null,
          body: null,
          locked_at: at,
          expires_at: new Date(at.getTime() + ttlMs),
        })
        // Only an expired key, or an in-progress one whose holder is gone, may be taken.
        .where((eb) =>
          eb.or([
            eb(`${IDEMPOTENCY_TABLE}.expires_at`, '<=', at),
            eb.and([
              eb(`${IDEMPOTENCY_TABLE}.state`, '=', 'in_progress'),
              eb(`${IDEMPOTENCY_TABLE}.locked_at`, '<=', new Date(at.getTime() - staleMs)),
            ]),
          ]),
        ),
    )
    .returning('principal')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function readKey({ db }: StoreSettings, { principal, key }: KeyUse): Promise<KeyRow | undefined> {
  return (await db
    .selectFrom(IDEMPOTENCY_TABLE)
    .select(['scope', 'fingerprint', 'state', 'status_code', 'body', 'locked_at', 'expires_at'])
    .where('principal', '=', principal)
    .where('key', '=', key)
    .executeTakeFirst()) as KeyRow | undefined;
}

function releaseKey({ db }: StoreSettings, { principal, key, fingerprint }: KeyUse) {
  return db
    .deleteFrom(IDEMPOTENCY_TABLE)
    .where('principal', '=', principal)
    .where('key', '=', key)
    .where('fingerprint', '=', fingerprint)
    .where('state', '=', 'in_progress')
    .execute();
}

async function storeAnswer<Body>(
  { db }: StoreSettings,
  { principal, key, fingerprint }: KeyUse,
  answer: IdempotentAnswer<Body>,
): Promise<void> {
  await db
    .updateTable(IDEMPOTENCY_TABLE)
    .set({ state: 'completed', status_code: answer.statusCode, body: JSON.stringify(answer.body) })
    .where('principal', '=', principal)
    .where('key', '=', key)
    .where('fingerprint', '=', fingerprint)
    .execute();
}

/** {@link IdempotencyStore.purgeExpired}. */
async function purgeExpiredKeys({ db, now }: StoreSettings, limit: number): Promise<number> {
  // Through the query builder, not raw SQL: `db` is bound to the service's schema with `withSchema`.
  const gone = await db
    .deleteFrom(IDEMPOTENCY_TABLE)
    .where((eb) =>
      eb(
        eb.refTuple('principal', 'key'),
        'in',
        eb
          .selectFrom(IDEMPOTENCY_TABLE)
          .select(['principal', 'key'])
          .where('expires_at', '<=', now())
          .limit(limit),
      ),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** Runs the handler while holding the key: stores a 2xx answer, releases the key on anything else. */
async function runHolding<Body>(
  execute: () => Promise<IdempotentAnswer<Body>>,
  release: () => Promise<unknown>,
  store: (answer: IdempotentAnswer<Body>) => Promise<void>,
): Promise<IdempotentAnswer<Body>> {
  let answer: IdempotentAnswer<Body>;
  try {
    answer = await execute();
  } catch (error) {
    await release();
    throw error;
  }
  if (answer.statusCode >= 200 && answer.statusCode < 300) {
    await store(answer);
  } else {
    await release();
  }
  return answer;
}

function checkedKey(key: string): string {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_LENGTH_MAX || !/^[\x21-\x7e]+$/.test(key)) {
    throw new IdempotencyKeyInvalidError();
  }
  return key;
}

/** SHA-256 of the scope and the payload's canonical JSON (object keys sorted), so key order does not matter. */
export function fingerprintOf(scope: string, payload: unknown): string {
  return createHash('sha256').update(scope).update('\n').update(canonicalJson(payload)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) {
    return 'null';
  }
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(typeof value === 'bigint' ? value.toString() : value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, inner]) => `${JSON.stringify(name)}:${canonicalJson(inner)}`).join(',')}}`;
}

/**
 * The Fastify side: reads the Idempotency-Key header, runs `handler` through `store`, sends its answer with
 * `Idempotent-Replayed: true` when replayed. `scope` defaults to the method and route pattern; the payload is
 * the path parameters and the body.
 * @example app.post('/transfers', (request, reply) => idempotent(store, request, reply, { principal, required: true }, () => ...))
 */
export async function idempotent<Body>(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { readonly principal: string; readonly required?: boolean; readonly scope?: string },
  handler: () => Promise<IdempotentAnswer<Body>>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  const outcome = await store.run(
    {
      key,
      principal: options.principal,
      scope: options.scope ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
      payload: { params: request.params ?? null, body: request.body ?? null },
      required: options.required ?? false,
    },
    handler,
  );
  if (outcome.replayed) {
    void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  }
  return reply.status(outcome.statusCode).send(outcome.body);
}
