// Regenerates apps/web/src/route-tree.gen.ts from the route files (the Vite plugin does the same during a
// build). With --check it fails when the committed file differs, so a stale route tree cannot land.
import { Generator, getConfig } from '@tanstack/router-generator';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../apps/web');
const target = resolve(root, 'src/route-tree.gen.ts');
const before = safeRead(target);
const config = getConfig(
  {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/routes',
    generatedRouteTree: './src/route-tree.gen.ts',
    quoteStyle: 'single',
  },
  root,
);
await new Generator({ config, root }).run();
if (process.argv.includes('--check') && safeRead(target) !== before) {
  console.error('apps/web/src/route-tree.gen.ts was stale: it has been regenerated, commit it.');
  process.exit(1);
}

function safeRead(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
