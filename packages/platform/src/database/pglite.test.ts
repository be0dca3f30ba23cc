import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';
import { openPglite } from './pglite.ts';

const directories: string[] = [];
function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'tessera-pglite-'));
  directories.push(directory);
  return directory;
}

afterEach(() => {
  for (const directory of directories.splice(0)) {
    rmSync(directory, { recursive: true, force: true });
  }
});

describe('PGlite on disk', () => {
  it('persists data under <dataDir>/pglite across close and reopen', async () => {
    const dataDir = join(temporaryDirectory(), 'data');
    const first = await openPglite(dataDir);
    expect(first.location).toBe(join(dataDir, 'pglite'));
    await sql`create table kept (value text)`.execute(first.db);
    await sql`insert into kept values ('still here')`.execute(first.db);
    await first.close();
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    const second = await openPglite(dataDir);
    const { rows } = await sql<{ value: string }>`select value from kept`.execute(second.db);
    expect(rows).toEqual([{ value: 'still here' }]);
    await second.close();
  });
});

describe('data directory lock', () => {
  it('refuses a second opener in the same process until the first releases', () => {
    const dataDir = temporaryDirectory();
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/already open in this process/);
    release();
    lockDataDir(dataDir)();
  });

  it('refuses a directory locked by another running process', () => {
    const dataDir = temporaryDirectory();
    writeFileSync(join(dataDir, 'pglite.lock'), `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it('takes over a lock left by a process that has exited', () => {
    const dataDir = temporaryDirectory();
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dataDir, 'pglite.lock'), `${exited.stdout.toString()}\n`);
    lockDataDir(dataDir)();
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });
});
