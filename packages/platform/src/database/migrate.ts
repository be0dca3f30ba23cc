/**
 * Migrations: one schema per service, each with its own migration table, applied at start.
 *
 * Migrations are TypeScript modules passed in as a record (no directory scanning, so a bundle works), run in name
 * order inside one transaction by Kysely's Migrator. Each migration receives a Kysely bound to the service's schema
 * (`db.schema.createTable('accounts')` creates `ledger.accounts`), and raw SQL runs with `search_path` set to that
 * schema. Concurrent migrators (several processes starting at once on PostgreSQL) are serialised: schema creation
 * under `pg_advisory_xact_lock`, migrations under Kysely's own advisory lock, which {@link withMigrationLock} also
 * holds around a whole start-up (migrations, then demo seeds).
 */
import { type Migration as KyselyMigration, Migrator, sql } from 'kysely';
import type { AnyKysely, Database } from './types.ts';

/** One migration: `up` applies it; `down` (optional) reverts it, for development only. */
export interface Migration {
  up(db: AnyKysely): Promise<void>;
  down?(db: AnyKysely): Promise<void>;
}

/** Migrations by name; names sort in the order they run, e.g. `0001-create-accounts`. */
export type Migrations = Readonly<Record<string, Migration>>;

/** What {@link migrate} needs: the schema a service owns and its migrations. */
export interface MigrateOptions {
  schema: string;
  migrations: Migrations;
}

/** Thrown when a migration fails; the transaction is rolled back, so nothing of the run is kept. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  readonly schema: string;
  readonly migrationName: string | undefined;

  constructor(schema: string, migrationName: string | undefined, cause: unknown) {
    super(`Migrating schema ${schema} failed${migrationName ? ` at ${migrationName}` : ''}.`, { cause });
    this.schema = schema;
    this.migrationName = migrationName;
  }
}

const schemaPattern = /^[a-z][a-z0-9_]{0,62}$/;

/** A schema name is lower snake case (it becomes an unquoted identifier in raw SQL). */
export function assertSchemaName(schema: string): void {
  if (!schemaPattern.test(schema)) {
    throw new Error(`Schema name ${JSON.stringify(schema)} must match ${schemaPattern}.`);
  }
}

/** Creates the schema if missing and applies pending migrations; returns the names applied by this call. */
export async function migrate(
  db: AnyKysely,
  { schema, migrations }: MigrateOptions,
): Promise<{ applied: string[] }> {
  assertSchemaName(schema);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('tessera.create-schema'))`.execute(trx);
    await sql`create schema if not exists ${sql.id(schema)}`.execute(trx);
  });
  const migrator = new Migrator({
    db: db.withSchema(schema),
    migrationTableSchema: schema,
    provider: { getMigrations: async () => bindToSchema(schema, migrations) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    throw new MigrationError(schema, failed?.migrationName, error);
  }
  return {
    applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName),
  };
}

/** How long a process waits for another's migrations and seeds before giving up its start (PostgreSQL). */
export const MIGRATION_LOCK_WAIT_MS = 10 * 60 * 1000;

/**
 * Runs `work` holding the lock Kysely's migrator takes (its session-level advisory lock), so whatever `work` does
 * (a start-up's migrations and then its demo seeds) never interleaves with another process doing the same: a
 * process starting beside another on an empty database waits, then finds the schemas migrated and the seeds in
 * place. Seeds checking "is it there yet?" before inserting are only idempotent one at a time.
 *
 * `work` receives the Kysely to run {@link migrate} with: on PostgreSQL it is bound to the connection holding the
 * lock (advisory locks nest within a session, so the migrator takes the same lock again on it; from another
 * connection it would wait for itself); other queries of `work` use the pool as usual. On PGlite one process owns
 * the data directory (data-dir-lock.ts), so there is nobody to wait for: `work` gets `database.db` and no lock.
 * The wait is bounded by {@link MIGRATION_LOCK_WAIT_MS} rather than the pool's statement timeout. The lock keeps
 * one pool connection while `work` runs, so `work`'s other queries need a pool of at least two.
 */
export async function withMigrationLock<T>(
  database: Pick<Database, 'db' | 'kind'>,
  work: (db: AnyKysely) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    return work(database.db);
  }
  const { adapter } = database.db.getExecutor();
  const lockOptions = { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock' };
  return database.db.connection().execute(async (connection) => {
    await sql`select set_config('statement_timeout', ${String(MIGRATION_LOCK_WAIT_MS)}, false)`.execute(
      connection,
    );
    try {
      await adapter.acquireMigrationLock(connection, lockOptions);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
    try {
      return await work(connection);
    } finally {
      await adapter.releaseMigrationLock(connection, lockOptions);
    }
  });
}

function bindToSchema(schema: string, migrations: Migrations): Record<string, KyselyMigration> {
  const bound: Record<string, KyselyMigration> = {};
  for (const [name, migration] of Object.entries(migrations)) {
    const down = migration.down?.bind(migration);
    bound[name] = {
      up: async (trx) => {
        await enterSchema(trx, schema);
        await migration.up(trx);
      },
      ...(down ? { down: async (trx: AnyKysely) => (await enterSchema(trx, schema), down(trx)) } : {}),
    };
  }
  return bound;
}

/**
 * `set local` lasts until the migration transaction ends: unqualified names in raw SQL land in the schema, and a
 * long migration (an index on a big table) is not cut by the pool's statement timeout.
 */
async function enterSchema(trx: AnyKysely, schema: string): Promise<void> {
  await sql`set local search_path to ${sql.id(schema)}, public`.execute(trx);
  await sql`set local statement_timeout to 0`.execute(trx);
}
