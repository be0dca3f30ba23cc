// Type-checks every workspace that has a tsconfig.json, failing on the first error set.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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
for (const dir of dirs.filter((d) => existsSync(join(d, 'tsconfig.json')))) {
  try {
    execFileSync('npx', ['tsc', '--noEmit', '-p', dir], { stdio: 'inherit' });
    console.log(`types ok: ${dir}`);
  } catch {
    failed += 1;
    console.error(`types failed: ${dir}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
