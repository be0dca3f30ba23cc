/**
 * A pool-like adapter so Kysely's PostgresDialect can drive PGlite.
 *
 * PGlite is a single connection: two interleaved transactions would share one session and corrupt each other. So
 * `connect()` takes a mutex and `release()` frees it; Kysely holds a connection for a whole transaction, so only one
 * transaction (or one standalone query) runs at a time. Consequence: inside a transaction, every query must go
 * through the transaction object; a query on the outer `db` waits for the transaction and times out.
 */
import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { ArrayParameter } from './array-parameter.ts';
import { Mutex, type MutexOptions } from './mutex.ts';

type Command = PostgresQueryResult<unknown>['command'];

/** Maps a PGlite result to the `{ rows, rowCount, command }` shape Kysely reads from pg. */
export function toPostgresResult<R>(result: Results<R>): PostgresQueryResult<R> {
  return {
    command: (result.command ?? 'SELECT') as Command,
    rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
    rows: result.rows,
  };
}

class PglitePoolClient implements PostgresPoolClient {
  readonly #pglite: PGlite;
  readonly #release: () => void;

  constructor(pglite: PGlite, release: () => void) {
    this.#pglite = pglite;
    this.#release = release;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      throw new Error('Streaming with a cursor is not supported on PGlite.');
    }
    return this.#run<R>(sqlOrCursor, parameters);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (parameters.length > 0) {
      // PGlite takes parameters as text: array parameters go as array literals (pg sends them in binary).
      const values = parameters.map((value) => (value instanceof ArrayParameter ? value.toLiteral() : value));
      return toPostgresResult(await this.#pglite.query<R>(sql, values));
    }
    // Without parameters pg uses the simple protocol, which allows several statements (a migration's raw SQL).
    // PGlite's exec() is the same; like pg, several statements give no rows back.
    const results = (await this.#pglite.exec(sql)) as Results<R>[];
    const [only] = results;
    return results.length === 1 && only
      ? toPostgresResult(only)
      : { command: 'SELECT', rowCount: 0, rows: [] };
  }

  release(): void {
    this.#release();
  }
}

/** The PostgresPool Kysely needs, over one PGlite instance guarded by a mutex. */
export class PglitePool implements PostgresPool {
  readonly #pglite: PGlite;
  readonly #mutex: Mutex;
  readonly #onEnd: () => Promise<void>;
  #ended = false;

  constructor(pglite: PGlite, options: MutexOptions & { onEnd?: () => Promise<void> }) {
    this.#pglite = pglite;
    this.#mutex = new Mutex(options);
    this.#onEnd = options.onEnd ?? (async () => {});
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) {
      throw new Error('The database is closed.');
    }
    const release = await this.#mutex.acquire();
    if (this.#ended) {
      release();
      throw new Error('The database is closed.');
    }
    return new PglitePoolClient(this.#pglite, release);
  }

  /** Waits for the running transaction (if any), then closes PGlite. */
  async end(): Promise<void> {
    if (this.#ended) {
      return;
    }
    this.#ended = true;
    const release = await this.#mutex.acquire().catch(() => undefined);
    try {
      await this.#pglite.close();
      await this.#onEnd();
    } finally {
      release?.();
    }
  }
}
