// Type-checks every workspace that has a tsconfig.json, as many at once as the machine has cores (tsc is
// single-threaded), printing each workspace's errors together; fails if any workspace fails.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const roots = ['packages', 'services', 'apps'];
const dirs = roots.flatMap((root) =>
  existsSync(root) ? readdirSync(root).map((name) => join(root, name)) : [],
);
dirs.push('server', 'e2e', 'bench');
let failed = 0;
// The route tree is generated from the route files; a stale committed copy fails here.
try {
  execFileSync('node', ['scripts/generate-routes.mjs', '--check'], { stdio: 'inherit' });
} catch {
  failed += 1;
}
const queue = dirs.filter((d) => existsSync(join(d, 'tsconfig.json')));
const tsc = join('node_modules', 'typescript', 'bin', 'tsc');

async function worker() {
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
    try {
      await run(process.execPath, [tsc, '--noEmit', '-p', dir], { maxBuffer: 64 * 1024 * 1024 });
      console.log(`types ok: ${dir}`);
    } catch (error) {
      failed += 1;
      process.stdout.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
      console.error(`types failed: ${dir}`);
    }
  }
}

await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
process.exit(failed === 0 ? 0 : 1);
