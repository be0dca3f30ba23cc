/**
 * One process per PGlite data directory.
 *
 * PGlite has no postmaster to refuse a second opener: two processes writing one directory corrupt it. A lock file
 * holding the owner's pid makes the second `npm start` fail with a clear message instead.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

const openInThisProcess = new Set<string>();

/** Takes the lock on `dataDir` (which must exist); returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const directory = resolve(dataDir);
  const lockPath = join(directory, 'pglite.lock');
  if (openInThisProcess.has(directory)) {
    throw new Error(`The data directory ${dataDir} is already open in this process.`);
  }
  const owner = readOwner(lockPath);
  if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
    throw new Error(
      `The data directory ${dataDir} is in use by process ${owner}. Stop that process, or set DATA_DIR to another directory.`,
    );
  }
  // A lock left by a process that is gone (or by this pid in an earlier container run) is stale: take it over.
  const descriptor = openSync(lockPath, 'w');
  try {
    writeSync(descriptor, `${process.pid}\n`);
  } finally {
    closeSync(descriptor);
  }
  openInThisProcess.add(directory);
  return () => {
    openInThisProcess.delete(directory);
    if (readOwner(lockPath) === process.pid) {
      rmSync(lockPath, { force: true });
    }
  };
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
