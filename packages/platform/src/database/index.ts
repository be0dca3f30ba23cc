/**
 * The database module: the only place that imports PGlite or pg.
 */
export {
  type ArrayElement,
  type ArrayElementType,
  ArrayParameter,
  arrayParameter,
  compileAhead,
  encodeBinaryArray,
} from './array-parameter.ts';
export { createDatabase, type CreateDatabaseOptions, type DatabaseSettings } from './create-database.ts';
export {
  assertSchemaName,
  migrate,
  MIGRATION_LOCK_WAIT_MS,
  MigrationError,
  withMigrationLock,
  type MigrateOptions,
  type Migration,
  type Migrations,
} from './migrate.ts';
export { createPgliteTemplate, inMemoryDataDir, openPglite, type PgliteOptions } from './pglite.ts';
export { openPostgres, redactDatabaseUrl, type PostgresOptions } from './postgres.ts';
export type { AnyKysely, Database, DatabaseKind } from './types.ts';
