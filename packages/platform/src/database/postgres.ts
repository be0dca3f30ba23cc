/**
 * PostgreSQL through a pg Pool, for production and scale-out.
 */
import { PostgresDialect } from 'kysely';
import pg from 'pg';
import { BinaryArraysPostgresAdapter } from './array-parameter.ts';
import { asText, parseTimestampAsUtc, typeOids } from './type-parsers.ts';
import { createKysely, type Database } from './types.ts';

/** Options of {@link openPostgres}. */
export interface PostgresOptions {
  /** Connections in the pool, per process. */
  poolMax?: number;
  /** Server-side limit on one statement; 0 means none. */
  statementTimeoutMs?: number;
  /** How long a query waits for a free connection. */
  acquireTimeoutMs?: number;
  /** Where errors of idle connections go (a pg Pool without an error listener crashes the process). */
  onIdleError?: (error: Error) => void;
}

type TextParser = (value: string) => unknown;
const getBuiltinParser = pg.types.getTypeParser as (oid: number, format: 'text' | 'binary') => TextParser;
const textArrayOid = 1009;
const textArray = getBuiltinParser(textArrayOid, 'text') as (value: string) => Array<string | null>;

const textParsers: Record<number, TextParser> = {
  [typeOids.int8]: asText,
  [typeOids.numeric]: asText,
  [typeOids.date]: asText,
  [typeOids.interval]: asText,
  [typeOids.timestamp]: parseTimestampAsUtc,
  [typeOids.int8Array]: textArray,
  [typeOids.numericArray]: textArray,
  [typeOids.dateArray]: textArray,
  [typeOids.intervalArray]: textArray,
  [typeOids.timestampArray]: (value) =>
    textArray(value).map((item) => (item === null ? null : parseTimestampAsUtc(item))),
};

/** pg type parsers giving the value types documented in type-parsers.ts, for this pool only (no global change). */
export const pgTypes = {
  getTypeParser(oid: number, format: 'text' | 'binary' = 'text') {
    const parser = format === 'text' ? textParsers[oid] : undefined;
    return parser ?? getBuiltinParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** The URL without its password, for logs and the start-up banner. */
export function redactDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString().replace(/:@/, '@');
}

/** Kysely's dialect for pg, marked as sending array parameters in binary (array-parameter.ts). */
class BinaryArraysPostgresDialect extends PostgresDialect {
  override createAdapter() {
    return new BinaryArraysPostgresAdapter();
  }
}

/** Opens a pool on `url` (postgres:// or postgresql://). */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    idle_in_transaction_session_timeout: 60_000,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 30_000,
    application_name: 'tessera',
    types: pgTypes,
  });
  pool.on('error', options.onIdleError ?? (() => {}));
  const db = createKysely(new BinaryArraysPostgresDialect({ pool }));
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    location: redactDatabaseUrl(url),
    // Kysely only ends a pool it has used; end it ourselves so a never-queried database is closed too.
    close: () => (closing ??= db.destroy().then(() => (pool.ended ? undefined : pool.end()))),
  };
}
