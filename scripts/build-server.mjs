// The server's build step: esbuild bundles server/src/main.ts and the workspace packages it imports (@tessera/*,
// TypeScript) into server/dist/main.js, so `node server/dist/main.js` runs it with no tsx. Packages from
// node_modules stay external: Node loads them at run time as it would any dependency (argon2's native module,
// PGlite's wasm and data files, Swagger UI's static files stay where their packages expect them).
//
// What the server reads from disk is found from the compiled output through `import.meta.url`: each workspace file
// that uses it gets its own source file's URL (computed from the bundle's location, so the checkout or image can
// move), so `new URL('../../../content/', import.meta.url)` in the help service still finds services/help/content,
// and main.ts still finds apps/web/dist. The compiled server therefore runs from a checkout (or an image) holding
// those folders beside server/dist, as the Dockerfile's runtime stage does.
//
// A dependency that npm installed inside a workspace (packages/contracts/node_modules/@noble/hashes: another
// version than the root's) is bundled, so the compiled server needs the root node_modules only (the image copies
// that and no workspace folder's).
//
// `node scripts/build-server.mjs` builds; `--if-stale` builds only when serverBuildReason() finds a reason.
// server/dist/meta.json (esbuild's metafile) lists the inputs: the build is stale when one of them is newer than
// the bundle or gone (a moved file), or when the lockfile or a package.json changed.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = join(root, 'server/dist');
export const serverEntry = join(root, 'server/src/main.ts');
export const serverBundle = join(serverOutDir, 'main.js');
const metaFile = join(serverOutDir, 'meta.json');

/** Whether a path lies inside a node_modules folder (a dependency, not workspace source). */
function inNodeModules(path) {
  return path.split(sep).includes('node_modules');
}

/** The package name of a bare import ('@scope/name/sub' -> '@scope/name'). */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The first node_modules folder holding `name`, looking up from `fromDir` as Node does. */
function nodeModulesHolding(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name))) {
      return join(dir, 'node_modules');
    }
    if (dirname(dir) === dir) {
      return undefined;
    }
  }
}

/** A path as an import specifier relative to the bundle's folder, with '/' separators. */
function fromBundle(path) {
  const relativePath = relative(serverOutDir, path).split(sep).join('/');
  return relativePath.startsWith('.') ? relativePath : `./${relativePath}`;
}

/**
 * Workspace packages are bundled; every other bare import is external when the root node_modules holds the copy its
 * importer resolves, and bundled when a workspace has its own copy (another version than the root's).
 */
const externalDependencies = {
  name: 'tessera:external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@tessera/')) {
        return undefined;
      }
      const holder = nodeModulesHolding(packageName(args.path), args.resolveDir);
      if (holder === undefined || holder === join(root, 'node_modules')) {
        return { path: args.path, external: true };
      }
      return undefined; // bundled from the importer's own node_modules
    });
  },
};

/** Gives each workspace file that reads `import.meta.url` its own source URL rather than the bundle's. */
const sourceFileUrls = {
  name: 'tessera:source-file-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
      if (inNodeModules(args.path)) {
        return undefined;
      }
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) {
        return undefined;
      }
      const ownUrl = `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`;
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
      return { contents: source.replaceAll('import.meta.url', ownUrl), loader };
    });
  },
};

/** Builds server/dist/main.js (with its source map and meta.json); throws on a build error. */
export async function buildServerBundle() {
  // Imported here, not at the top: `npm start` on an up-to-date build never needs esbuild (a devDependency).
  const esbuild = await import('esbuild');
  const result = await esbuild
    .build({
      entryPoints: [serverEntry],
      outfile: serverBundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      // Stack traces keep the source's file names through the source map; names stay readable in profiles too.
      minify: false,
      metafile: true,
      logLevel: 'warning',
      plugins: [externalDependencies, sourceFileUrls],
    })
    // esbuild's service process would otherwise live on beside the server npm start runs next.
    .finally(() => esbuild.stop());
  writeFileSync(metaFile, JSON.stringify(result.metafile));
  // The bundle is an ES module wherever server/dist is copied (the image copies it without server/package.json).
  writeFileSync(join(serverOutDir, 'package.json'), '{ "type": "module" }\n');
  return result;
}

/** Files whose change means the dependencies may have changed (an external moved, a version changed). */
function dependencyManifests() {
  return [join(root, 'package-lock.json'), join(root, 'package.json')];
}

/** Why the server needs a build, or undefined when server/dist/main.js is up to date with every input. */
export function serverBuildReason() {
  if (!existsSync(serverBundle) || !existsSync(metaFile)) {
    return 'no build yet';
  }
  const builtAt = statSync(serverBundle).mtimeMs;
  let inputs;
  try {
    inputs = Object.keys(JSON.parse(readFileSync(metaFile, 'utf8')).inputs);
  } catch {
    return 'its build record is unreadable';
  }
  for (const input of [...inputs.map((path) => join(root, path)), ...dependencyManifests()]) {
    if (!existsSync(input)) {
      return `${relative(root, input)} is gone since the last build`;
    }
    if (statSync(input).mtimeMs > builtAt) {
      return `${relative(root, input)} changed since the last build`;
    }
  }
  return undefined;
}

/** Builds (or, with `ifStale`, builds only when needed) and prints one line; resolves to false on failure. */
export async function buildServerStep({ ifStale = false } = {}) {
  const reason = ifStale ? serverBuildReason() : 'build requested';
  if (reason === undefined) {
    return true;
  }
  const startedAt = Date.now();
  console.log(`Building the server (${reason})...`);
  try {
    const result = await buildServerBundle();
    const inputs = Object.keys(result.metafile.inputs).length;
    console.log(
      `Built the server in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (${inputs} files into ${relative(root, serverBundle)}).`,
    );
    return true;
  } catch (error) {
    // esbuild has already printed its errors with their locations.
    console.error(`Building the server failed${error?.errors ? '' : `: ${error}`}.`);
    return false;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ok = await buildServerStep({ ifStale: process.argv.includes('--if-stale') });
  process.exit(ok ? 0 : 1);
}
