/**
 * Starts the real one-process server for a benchmark: a fresh database folder, a port of the caller's choosing,
 * and readiness awaited on /readyz (start-up seeds demo data, so it can take tens of seconds on a busy machine).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
/** Demo mode (lighthouse) seeds every service first: about two minutes on a busy machine. */
const READY_TIMEOUT_MS = 300_000;

/** Starts the server and resolves to a function that stops it. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<() => void> {
  const child = spawn('node', ['--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-bench-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
        return () => child.kill('SIGTERM');
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}
