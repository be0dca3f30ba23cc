/**
 * Test support, exported as `@tessera/platform/testing`: never imported by runtime code.
 *
 * Every database suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL points at a server where the
 * user may create databases (each test database is `tessera_test_<random>`, dropped when closed). This file reads
 * TEST_DATABASE_URL itself: it is test-only, so config.ts stays the only runtime reader of the environment.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { afterAll, describe } from 'vitest';
import { createPgliteTemplate, inMemoryDataDir, openPglite, openPostgres } from './database/index.ts';
import type { Database, DatabaseKind } from './database/types.ts';

/** The PostgreSQL server for tests, if any (an admin URL; test databases are created on it). */
export const testDatabaseUrl: string | undefined = process.env['TEST_DATABASE_URL'] || undefined;

/** The engines the suites run on here: always PGlite, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: readonly DatabaseKind[] = testDatabaseUrl
  ? ['pglite', 'postgres']
  : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, empty database: in-memory PGlite (from a template cached in the temp directory, so it opens in well under
 * a second instead of running initdb), or a new database on
 * the TEST_DATABASE_URL server. `close()` releases it (and drops the PostgreSQL database).
 */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<Database> {
  if (kind === 'pglite') {
    pgliteTemplate ??= createPgliteTemplate({ cacheDirectory: tmpdir() });
    return openPglite(inMemoryDataDir, { loadDataDir: await pgliteTemplate });
  }
  if (!testDatabaseUrl) {
    throw new Error('Set TEST_DATABASE_URL to run tests on PostgreSQL.');
  }
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(testDatabaseUrl, (admin) => sql`create database ${sql.id(name)}`.execute(admin.db));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolMax: 5, statementTimeoutMs: 30_000 });
  let closing: Promise<void> | undefined;
  const dropDatabase = async () => {
    await database.close();
    await withAdmin(testDatabaseUrl, (admin) =>
      sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db),
    );
  };
  return { ...database, location: database.location, close: () => (closing ??= dropDatabase()) };
}

async function withAdmin<T>(url: string, run: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openPostgres(url, { poolMax: 1 });
  try {
    return await run(admin);
  } finally {
    await admin.close();
  }
}

/** What a suite of {@link describeEachDatabase} receives. */
export interface DatabaseSuiteContext {
  readonly kind: DatabaseKind;
  /** A fresh database of this kind, closed (and dropped) after the suite; closing it earlier is fine. */
  createDatabase(): Promise<Database>;
}

/**
 * Declares `suite` once per engine in {@link testDatabaseKinds}, named `name [pglite]` and `name [postgres]`.
 * @example describeEachDatabase('ledger transfers', ({ createDatabase }) => { it('...', async () => { ... }) })
 */
export function describeEachDatabase(name: string, suite: (context: DatabaseSuiteContext) => void): void {
  for (const kind of testDatabaseKinds) {
    describe(`${name} [${kind}]`, () => {
      const opened: Database[] = [];
      afterAll(async () => {
        await Promise.all(opened.map((database) => database.close()));
      });
      suite({
        kind,
        async createDatabase() {
          const database = await createTestDatabase(kind);
          opened.push(database);
          return database;
        },
      });
    });
  }
}
