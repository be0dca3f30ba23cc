/**
 * Issue #13, defect 8: two processes started together on an empty PostgreSQL database crashed in the demo seeds
 * (3 tries in 5): both found no demo data, both inserted it, and the second hit the first's unique keys. The seeds
 * now run under the migrations' advisory lock, so the later process finds the data in place.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoUsers } from '@tessera/service-identity';
import { type Database, loadConfig, openPostgres } from '@tessera/platform';
import { testDatabaseUrl } from '@tessera/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type TesseraServer } from './app.ts';
import { services } from './services.ts';

const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  TESSERA_MODE: 'demo',
});
const dist = mkdtempSync(join(tmpdir(), 'tessera-dist-'));

describe.skipIf(!testDatabaseUrl)('two processes starting together on an empty PostgreSQL database', () => {
  const name = `tessera_test_${Math.random().toString(16).slice(2, 14)}`;
  let admin: Database;
  const opened: Database[] = [];
  const servers: TesseraServer[] = [];

  async function openProcessDatabase(): Promise<Database> {
    const url = new URL(testDatabaseUrl ?? '');
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { poolMax: 5 });
    opened.push(database);
    return database;
  }

  beforeAll(async () => {
    admin = await openPostgres(testDatabaseUrl ?? '', { poolMax: 1 });
    await sql`create database ${sql.id(name)}`.execute(admin.db);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.app.close()));
    await Promise.all(opened.map((database) => database.close()));
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await admin.close();
  });

  it('both start, and the demo data is there once (the demo seeds crashed 3 tries in 5)', async () => {
    const start = async () => {
      const server = await buildServer({
        config,
        services,
        webDist: dist,
        consoleDist: dist,
        database: await openProcessDatabase(),
      });
      servers.push(server);
      return server;
    };
    const started = await Promise.allSettled([start(), start()]);
    const failures = started.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String((outcome.reason as Error).stack ?? outcome.reason)] : [],
    );
    expect(failures).toEqual([]);

    const { rows: users } = await sql<{ email: string; count: string }>`
      select email, count(*) as count from identity.users group by email order by email`.execute(
      servers[0]!.database.db,
    );
    expect(users.filter((user) => demoUsers.some((demo) => demo.email === user.email))).toHaveLength(
      demoUsers.length,
    );
    expect(users.every((user) => user.count === '1')).toBe(true);
    // Each demo wallet once: a second seeding would have refused or doubled ana.demo's opening balances.
    const { rows: wallets } = await sql<{ count: string }>`
      select count(*) as count from cash_operations.wallets group by user_id, asset, kind having count(*) > 1`.execute(
      servers[0]!.database.db,
    );
    expect(wallets).toEqual([]);
  }, 120_000);
});
