/**
 * PostgreSQL for the benchmarks that measure it: BENCH_DATABASE_URL or TEST_DATABASE_URL (a user that may create
 * databases), or else a throw-away cluster started with the machine's initdb (Debian's postgresql package) and
 * removed afterwards. The server must be durable (fsync, synchronous_commit and full_page_writes on): the figures
 * claim what a bank can use.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openPostgres } from '@tessera/platform';
import { sql } from 'kysely';

/**
 * The figures claim that every acknowledged transfer is durable: refuse a server that does not flush commits (a test
 * cluster started with fsync=off, or synchronous_commit=off).
 */
async function assertDurable(admin: Database, benchmark: string): Promise<void> {
  const { rows } = await sql<{ name: string; setting: string }>`select name, setting from pg_settings
    where name in ('fsync', 'synchronous_commit', 'full_page_writes')`.execute(admin.db);
  const unsafe = rows.filter((row) => row.setting === 'off');
  if (unsafe.length > 0) {
    throw new Error(
      `PostgreSQL for the ${benchmark} benchmark must be durable; ${unsafe.map((row) => `${row.name}=off`).join(', ')}. ` +
        'Point BENCH_DATABASE_URL at a durable server, or unset it and TEST_DATABASE_URL to use a throw-away one.',
    );
  }
  console.log(`  PostgreSQL: ${rows.map((row) => `${row.name}=${row.setting}`).join(', ')}`);
}

/** A PostgreSQL for the benchmark: the given URL, or a throw-away local cluster, or none (skipped). */
export async function postgresServer(): Promise<{ url: string; stop: () => void } | undefined> {
  const given = process.env['BENCH_DATABASE_URL'] || process.env['TEST_DATABASE_URL'];
  if (given) {
    return { url: given, stop: () => {} };
  }
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().pop() : undefined;
  if (!version) {
    return undefined;
  }
  const bin = join(root, version, 'bin');
  const directory = mkdtempSync(join(tmpdir(), 'tessera-bench-pg-'));
  const data = join(directory, 'data');
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  // initdb refuses to run as root: run the cluster as the postgres user then (CI and these machines are root).
  const run = (command: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'ignore' })
      : execFileSync(join(bin, command), args, { stdio: 'ignore' });
  try {
    execFileSync('chmod', ['777', directory]);
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
    // Durable as a bank runs it (fsync, synchronous_commit and full_page_writes keep their defaults: on), with
    // memory for a write-heavy load: a 64 MB WAL buffer holds a whole 8,189-transfer group's WAL. JIT off, as
    // docs/operations.md advises: a big group's statement is estimated costly enough to be compiled every time.
    const options = [
      `-p ${port} -k ${directory} -c max_connections=50 -c jit=off`,
      '-c shared_buffers=512MB -c wal_buffers=64MB -c max_wal_size=4GB -c checkpoint_timeout=15min',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(directory, 'log'), '-w', 'start']);
  } catch (error) {
    console.log(`  could not start a local PostgreSQL: ${String(error)}`);
    rmSync(directory, { recursive: true, force: true });
    return undefined;
  }
  const stop = () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    rmSync(directory, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/**
 * Runs `measure` with the URL of a fresh database on a durable PostgreSQL, dropped afterwards; 'skipped' when there
 * is no PostgreSQL to use (no URL given and no initdb).
 */
export async function withBenchDatabase(
  benchmark: string,
  measure: (url: string) => Promise<void>,
): Promise<'measured' | 'skipped'> {
  const server = await postgresServer();
  if (!server) {
    return 'skipped';
  }
  try {
    const name = `tessera_bench_${randomUUID().slice(0, 8)}`;
    const admin = await openPostgres(server.url, { poolMax: 1 });
    try {
      await assertDurable(admin, benchmark);
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      try {
        await measure(url.toString());
      } finally {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      }
    } finally {
      await admin.close();
    }
  } finally {
    server.stop();
  }
  return 'measured';
}
