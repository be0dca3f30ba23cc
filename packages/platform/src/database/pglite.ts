/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in this process.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type ParserOptions } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';
import { lockDataDir } from './data-dir-lock.ts';
import { PglitePool } from './pglite-pool.ts';
import { asText, parseByteaHex, parseTimestampAsUtc, typeOids } from './type-parsers.ts';
import { createKysely, type Database } from './types.ts';

/** The `dataDir` value that keeps PGlite in memory (tests, throwaway demos). */
export const inMemoryDataDir = 'memory://';

/** PGlite parsers giving the value types documented in type-parsers.ts (PGlite applies them to arrays too). */
export const pgliteParsers: ParserOptions = {
  [typeOids.int8]: asText,
  [typeOids.numeric]: asText,
  [typeOids.date]: asText,
  [typeOids.interval]: asText,
  [typeOids.timestamp]: parseTimestampAsUtc,
  [typeOids.bytea]: parseByteaHex,
};

/** Options of {@link openPglite}. */
export interface PgliteOptions {
  /** How long a query waits for the single connection before failing. */
  acquireTimeoutMs?: number;
  /** A data directory dump (from `dumpDataDir`) to start from instead of running initdb: much faster in tests. */
  loadDataDir?: Blob;
}

/**
 * Opens PGlite persisted at `${dataDir}/pglite` (created if missing, locked against a second process), or in
 * memory when `dataDir` is `memory://`.
 */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const inMemory = dataDir === inMemoryDataDir;
  let unlock = () => {};
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  try {
    const directory = inMemory ? undefined : join(dataDir, 'pglite');
    const pglite = await PGlite.create({
      ...(directory ? { dataDir: directory } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: pgliteParsers,
    });
    const pool = new PglitePool(pglite, {
      acquireTimeoutMs: options.acquireTimeoutMs ?? 30_000,
      waitersMax: 10_000,
      onEnd: async () => unlock(),
    });
    const db = createKysely(new PostgresDialect({ pool }));
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: 'pglite',
      location: directory ?? 'memory',
      // Kysely only ends a pool it has used; end it ourselves so a never-queried database is closed too.
      close: () => (closing ??= db.destroy().then(() => pool.end())),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Runs initdb once and returns the resulting data directory as a dump, so later in-memory instances start from it
 * with `loadDataDir` in a fraction of the time (initdb takes seconds; tests want many fresh databases).
 * With `cacheDirectory`, the dump is also kept there (keyed by PGlite's version) for other processes and later runs.
 */
export async function createPgliteTemplate({
  cacheDirectory,
}: { cacheDirectory?: string } = {}): Promise<Blob> {
  const cacheFile = cacheDirectory
    ? join(cacheDirectory, `tessera-pglite-template-${pgliteVersion()}.tar`)
    : undefined;
  const cached = cacheFile ? await readFile(cacheFile).catch(() => undefined) : undefined;
  if (cached && cached.byteLength > templateBytesMin) {
    return new Blob([cached]);
  }
  const pglite = await PGlite.create({ parsers: pgliteParsers });
  try {
    const dump = await pglite.dumpDataDir('none');
    if (cacheFile) {
      // Write then rename, so a process reading the cache never sees half a file.
      const partial = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, cacheFile);
    }
    return dump;
  } finally {
    await pglite.close();
  }
}

/** A freshly initialised data directory is tens of megabytes; anything much smaller is a damaged cache file. */
const templateBytesMin = 1024 * 1024;

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
