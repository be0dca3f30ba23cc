/**
 * A durable job queue on the service's own database (PGlite or PostgreSQL), docs/adr/0006-rails-and-job-queue.md.
 *
 * Semantics:
 * - Durable: a job is a row; it survives restarts. Enqueue inside the caller's transaction (`{ db: trx }`) to make
 *   "record the operation" and "schedule its follow-up" one atomic step.
 * - Idempotent enqueue: a (queue, key) pair names at most one job; enqueueing it again returns the first job.
 * - At least once, effectively once: a worker claims a job with a lease (`locked_until`). If it finishes, the job is
 *   `succeeded`; if it throws, the job goes back to `queued` with an exponential backoff, until `maxAttempts`, then
 *   `failed`. If the worker dies, the lease runs out and another worker claims the job again. So a handler may run
 *   more than once for one job (a crash after its effect, before `complete`): HANDLERS MUST BE IDEMPOTENT (derive
 *   ids from the job, use the ledger's idempotent transfer ids). Two live workers never hold the same job at once:
 *   claiming is one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` statement, and completion is fenced by
 *   (worker, attempt), so a worker whose lease was taken over cannot overwrite the new holder's outcome.
 * - Time is the queue's clock (`now`, injectable for tests); processes sharing a database should have synchronised
 *   clocks (NTP), as leases compare against them.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AnyKysely } from '../database/types.ts';
import type { JobRow, JobStatus, JobTables } from './jobs-table.ts';

/** Bounds (TigerStyle: a limit on everything). */
export const JOB_QUEUE_NAME_PATTERN = /^[a-z][a-z0-9._-]{0,63}$/;
export const JOB_KEY_LENGTH_MAX = 200;
export const JOB_PAYLOAD_BYTES_MAX = 64 * 1024;
export const JOB_ATTEMPTS_MAX = 100;
export const JOB_CLAIM_LIMIT_MAX = 100;
export const JOB_ERROR_CHARS_MAX = 1000;

/** A job as read back. */
export interface Job<Payload = unknown> {
  readonly id: string;
  readonly queue: string;
  readonly key: string | null;
  readonly payload: Payload;
  readonly status: JobStatus;
  readonly runAt: Date;
  /** Claims so far; while a handler runs, this is its attempt number (1 for the first run). */
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly lockedBy: string | null;
  readonly lockedUntil: Date | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly finishedAt: Date | null;
}

/** What to enqueue. The payload is JSON (amounts as decimal strings, never bigint or number). */
export interface EnqueueInput<Payload> {
  readonly queue: string;
  readonly payload: Payload;
  /** Idempotency key within the queue: the same key again returns the first job instead of adding one. */
  readonly key?: string;
  /** When it may run first (default: now). */
  readonly runAt?: Date;
  /** Or: how long from now it should wait first. */
  readonly delayMs?: number;
  /** Claims before it is given up as `failed` (default 10). */
  readonly maxAttempts?: number;
}

/** Options of {@link JobQueue}. */
export interface JobQueueOptions {
  /** The service's Kysely, bound to its schema (the one its jobs table lives in). */
  readonly db: AnyKysely;
  /** The clock; tests inject one to move time without waiting. */
  readonly now?: () => Date;
}

/** Options of {@link JobQueue.claim}. */
export interface ClaimOptions {
  readonly queues: readonly string[];
  readonly workerId: string;
  readonly limit: number;
  readonly leaseMs: number;
}

/** What {@link JobQueue.fail} did with a job. `lost`: the worker no longer held it (its lease was taken over). */
export type FailOutcome = 'retrying' | 'failed' | 'lost';

export const JOB_MAX_ATTEMPTS_DEFAULT = 10;

/** The durable queue: enqueue, claim, complete, fail. Workers ({@link JobWorker}) drive it. */
export class JobQueue {
  readonly #db: Kysely<JobTables>;
  readonly now: () => Date;
  readonly #listeners = new Set<(queue: string) => void>();

  constructor(options: JobQueueOptions) {
    this.#db = options.db as Kysely<JobTables>;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Adds a job, or returns the one already enqueued with the same (queue, key). With `{ db: trx }` it is written in
   * the caller's transaction (on PGlite a transaction must not use the outer db, so pass the transaction).
   */
  async enqueue<Payload>(
    input: EnqueueInput<Payload>,
    options: { db?: AnyKysely } = {},
  ): Promise<{ job: Job<Payload>; created: boolean }> {
    const db = (options.db as Kysely<JobTables> | undefined) ?? this.#db;
    const row = this.#newRow(input);
    const inserted = await db
      .insertInto('jobs')
      .values({ ...row, payload: JSON.stringify(input.payload) })
      .onConflict((conflict) => conflict.columns(['queue', 'key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      if (options.db === undefined) {
        this.#notify(input.queue);
      }
      return { job: toJob<Payload>(inserted), created: true };
    }
    const existing = await db
      .selectFrom('jobs')
      .selectAll()
      .where('queue', '=', input.queue)
      .where('key', '=', input.key!)
      .executeTakeFirstOrThrow();
    return { job: toJob<Payload>(existing), created: false };
  }

  #newRow(input: EnqueueInput<unknown>): Omit<JobRow, 'payload'> {
    if (!JOB_QUEUE_NAME_PATTERN.test(input.queue)) {
      throw new RangeError(
        `Job queue name ${JSON.stringify(input.queue)} must match ${JOB_QUEUE_NAME_PATTERN}.`,
      );
    }
    if (input.key !== undefined && (input.key.length === 0 || input.key.length > JOB_KEY_LENGTH_MAX)) {
      throw new RangeError(`A job key has 1 to ${JOB_KEY_LENGTH_MAX} characters.`);
    }
    const maxAttempts = input.maxAttempts ?? JOB_MAX_ATTEMPTS_DEFAULT;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > JOB_ATTEMPTS_MAX) {
      throw new RangeError(`maxAttempts is an integer from 1 to ${JOB_ATTEMPTS_MAX}.`);
    }
    const payloadBytes = Buffer.byteLength(JSON.stringify(input.payload) ?? '');
    if (input.payload === undefined || payloadBytes > JOB_PAYLOAD_BYTES_MAX) {
      throw new RangeError(`A job payload is JSON of at most ${JOB_PAYLOAD_BYTES_MAX} bytes.`);
    }
    const now = this.now();
    const runAt = input.runAt ?? new Date(now.getTime() + Math.max(0, input.delayMs ?? 0));
    return {
      id: randomUUID(),
      queue: input.queue,
      key: input.key ?? null,
      status: 'queued',
      run_at: runAt,
      attempts: 0,
      max_attempts: maxAttempts,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    };
  }

  /**
   * Leases up to `limit` due jobs of `queues` to `workerId`, oldest due first: queued jobs whose `run_at` passed,
   * and running jobs whose lease ran out (their worker died). One statement: rows another worker is claiming at the
   * same moment are skipped, never double-claimed. Each claim counts as an attempt.
   */
  async claim(options: ClaimOptions): Promise<Array<Job<unknown>>> {
    const limit = Math.min(Math.max(1, Math.floor(options.limit)), JOB_CLAIM_LIMIT_MAX);
    if (options.queues.length === 0) {
      return [];
    }
    const now = this.now();
    const due = this.#db
      .selectFrom('jobs')
      .select('id')
      .where('queue', 'in', [...options.queues])
      .where((where) =>
        where.or([
          where.and([where('status', '=', 'queued'), where('run_at', '<=', now)]),
          where.and([where('status', '=', 'running'), where('locked_until', '<=', now)]),
        ]),
      )
      .orderBy('run_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const rows = await this.#db
      .updateTable('jobs')
      .set((update) => ({
        status: 'running',
        attempts: update('attempts', '+', 1),
        locked_by: options.workerId,
        locked_until: new Date(now.getTime() + options.leaseMs),
        updated_at: now,
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return rows.map((row) => toJob(row)).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
  }

  /** Marks a claimed job succeeded; false when this worker no longer held it (its lease was taken over). */
  async complete(job: Job<unknown>, workerId: string): Promise<boolean> {
    const now = this.now();
    const result = await this.#fenced(job, workerId)
      .set({ status: 'succeeded', locked_by: null, locked_until: null, updated_at: now, finished_at: now })
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Records a failed attempt: back to `queued` at `retryAt` when attempts remain and `retryAt` is given, else
   * `failed` for good. The error text is kept (bounded) for operators.
   */
  async fail(
    job: Job<unknown>,
    workerId: string,
    errorText: string,
    retryAt: Date | null,
  ): Promise<FailOutcome> {
    const now = this.now();
    const retrying = retryAt !== null && job.attempts < job.maxAttempts;
    const result = await this.#fenced(job, workerId)
      .set({
        status: retrying ? 'queued' : 'failed',
        run_at: retrying ? retryAt : job.runAt,
        locked_by: null,
        locked_until: null,
        last_error: errorText.slice(0, JOB_ERROR_CHARS_MAX),
        updated_at: now,
        finished_at: retrying ? null : now,
      })
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) {
      return 'lost';
    }
    return retrying ? 'retrying' : 'failed';
  }

  /** Extends the lease of a job this worker holds (a heartbeat for long handlers); false when it was lost. */
  async extendLease(job: Job<unknown>, workerId: string, leaseMs: number): Promise<boolean> {
    const now = this.now();
    const result = await this.#fenced(job, workerId)
      .set({ locked_until: new Date(now.getTime() + leaseMs), updated_at: now })
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** An update limited to the job as this worker claimed it: same id, still running, same holder, same attempt. */
  #fenced(job: Job<unknown>, workerId: string) {
    return this.#db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', workerId)
      .where('attempts', '=', job.attempts);
  }

  /** A job by id. */
  async get<Payload = unknown>(id: string): Promise<Job<Payload> | undefined> {
    const row = await this.#db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toJob<Payload>(row) : undefined;
  }

  /** The job enqueued with this (queue, key), if any. */
  async getByKey<Payload = unknown>(queue: string, key: string): Promise<Job<Payload> | undefined> {
    const row = await this.#db
      .selectFrom('jobs')
      .selectAll()
      .where('queue', '=', queue)
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? toJob<Payload>(row) : undefined;
  }

  /** Jobs of a queue (newest first, at most 100), optionally of one status: for operators and tests. */
  async list(query: { queue: string; status?: JobStatus; limit?: number }): Promise<Array<Job<unknown>>> {
    let select = this.#db.selectFrom('jobs').selectAll().where('queue', '=', query.queue);
    if (query.status) {
      select = select.where('status', '=', query.status);
    }
    const rows = await select
      .orderBy('created_at', 'desc')
      .limit(Math.min(query.limit ?? 100, 100))
      .execute();
    return rows.map((row) => toJob(row));
  }

  /** Deletes finished jobs (succeeded or failed) that finished before `before`; returns how many. */
  async purgeFinished(before: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom('jobs')
      .where('status', 'in', ['succeeded', 'failed'])
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Calls `listener(queue)` after each enqueue made outside a transaction (workers use it to wake early). */
  onEnqueued(listener: (queue: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells local workers a job may be due now (after a transaction that enqueued committed). */
  notify(queue: string): void {
    this.#notify(queue);
  }

  #notify(queue: string): void {
    for (const listener of this.#listeners) {
      listener(queue);
    }
  }
}

function toJob<Payload>(row: JobRow): Job<Payload> {
  return {
    id: row.id,
    queue: row.queue,
    key: row.key,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Payload,
    status: row.status,
    runAt: row.run_at,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}
