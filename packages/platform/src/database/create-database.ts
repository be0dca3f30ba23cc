/**
 * Picks the engine from the config: PostgreSQL when DATABASE_URL is set, PGlite under DATA_DIR otherwise.
 */
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './types.ts';

/** The settings {@link createDatabase} reads; the process Config has them all. */
export interface DatabaseSettings {
  readonly databaseUrl?: string | undefined;
  /** PGlite's home (`${dataDir}/pglite`), or `memory://`. */
  readonly dataDir: string;
  readonly databasePoolMax?: number;
  readonly databaseStatementTimeoutMs?: number;
}

/** Options of {@link createDatabase} that are not configuration. */
export interface CreateDatabaseOptions {
  /** Receives errors of idle PostgreSQL connections (a restart of the server, a network cut). */
  onIdleError?: (error: Error) => void;
}

/** Opens the process's database. The same migrations and queries run on both engines. */
export async function createDatabase(
  settings: DatabaseSettings,
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  if (settings.databaseUrl) {
    return openPostgres(settings.databaseUrl, {
      ...(settings.databasePoolMax === undefined ? {} : { poolMax: settings.databasePoolMax }),
      ...(settings.databaseStatementTimeoutMs === undefined
        ? {}
        : { statementTimeoutMs: settings.databaseStatementTimeoutMs }),
      ...(options.onIdleError ? { onIdleError: options.onIdleError } : {}),
    });
  }
  return openPglite(settings.dataDir);
}
