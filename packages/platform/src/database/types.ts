/**
 * Types shared by the database module and its callers.
 */
import { type Dialect, Kysely } from 'kysely';

/**
 * A Kysely instance over any schema. Each service narrows it with its own table types
 * (`ctx.db as Kysely<LedgerTables>`); the platform cannot know them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the platform is schema-agnostic by design.
export type AnyKysely = Kysely<any>;

/** Which engine is behind a {@link Database}. */
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * An open database: Kysely on PGlite or PostgreSQL, with the same value types on both.
 *
 * Value types (decided once for both drivers, see type-parsers.ts): int8 and numeric come back as strings (convert
 * with `BigInt()` or a decimal library, never `Number()`), date as 'YYYY-MM-DD', interval as text, timestamptz and
 * timestamp as `Date` (timestamp read as UTC), json/jsonb parsed, bytea as a `Buffer`.
 */
export interface Database {
  readonly db: AnyKysely;
  readonly kind: DatabaseKind;
  /** Where the data lives, for humans: a directory, `memory`, or the URL without its password. */
  readonly location: string;
  /** Closes the connections (and, for PGlite, flushes and releases the data directory). Safe to call twice. */
  close(): Promise<void>;
}

/** Creates the schema-agnostic Kysely for a dialect. */
export function createKysely(dialect: Dialect): AnyKysely {
  return new Kysely<Record<string, never>>({ dialect }) as AnyKysely;
}
