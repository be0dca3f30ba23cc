// `npm start`: builds the web app and the console when their build is missing or stale, then runs the server in
// demo mode (TESSERA_MODE=demo: the demo users and their published passwords, the dev mailbox and the payment
// simulators, loopback callers only). Demo mode is what a newcomer needs, so npm start asks for it; the server on
// its own never assumes it (a deployment that sets nothing runs in production mode, docs/operations.md). An
// operator's own TESSERA_MODE wins, and NODE_ENV=production with demo mode stops the server with one message.
//
// A build is stale when dist/index.html is older than any file it is built from (the app's src/, public/,
// index.html, vite config, and the design system in packages/ui/src). Comparing mtimes is simple and errs on the
// side of rebuilding. The server runs as a child; SIGINT/SIGTERM are forwarded once and its exit code is ours.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const apps = [
  { name: 'web app', workspace: '@tessera/web', dir: join(root, 'apps/web') },
  { name: 'console', workspace: '@tessera/console', dir: join(root, 'apps/console') },
];

/** The newest modification time under `path` (a file or a directory, recursively); 0 when it does not exist. */
function newestMtimeMs(path) {
  if (!existsSync(path)) {
    return 0;
  }
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let newest = stat.mtimeMs; // a deleted file changes its directory's mtime
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') {
      newest = Math.max(newest, newestMtimeMs(join(path, entry)));
    }
  }
  return newest;
}

function sourcesOf(appDir) {
  const viteConfigs = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs'];
  return [
    join(appDir, 'src'),
    join(appDir, 'public'),
    join(appDir, 'index.html'),
    ...viteConfigs.map((file) => join(appDir, file)),
    join(root, 'packages/ui/src'),
  ];
}

/** Why the app needs a build, or undefined when its dist is up to date (or it has no sources yet). */
function buildReason(app) {
  if (!existsSync(join(app.dir, 'index.html'))) {
    return undefined; // not scaffolded yet: the server shows a "not built" page
  }
  const builtIndex = join(app.dir, 'dist/index.html');
  if (!existsSync(builtIndex)) {
    return 'no build yet';
  }
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = sourcesOf(app.dir).find((source) => newestMtimeMs(source) > builtAt);
  return changed ? `${changed.slice(root.length + 1)} changed since the last build` : undefined;
}

for (const app of apps) {
  const reason = buildReason(app);
  if (reason === undefined) {
    continue;
  }
  console.log(`Building the ${app.name} (${reason})...`);
  const build = spawnSync('npm', ['run', 'build', '-w', app.workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`Building the ${app.name} failed; fix the errors above and run npm start again.`);
    process.exit(build.status ?? 1);
  }
}

// Own process group: a Ctrl-C in the terminal reaches only this script, which forwards it once, so the server
// does not mistake the copies sent by the terminal and npm for the "second signal" that forces an exit.
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
  env: { ...process.env, TESSERA_MODE: process.env.TESSERA_MODE || 'demo' },
});

server.on('error', (error) => {
  console.error('Could not start the server:', error);
  process.exit(1);
});

let lastForwardedAt = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // npm forwards the terminal's signal to us as well: copies within one second count as one.
    const now = Date.now();
    if (now - lastForwardedAt > 1_000) {
      lastForwardedAt = now;
      server.kill(signal);
    }
  });
}

server.on('exit', (code, signal) => {
  const signalNumbers = { SIGINT: 2, SIGTERM: 15, SIGKILL: 9 };
  process.exit(code ?? 128 + (signalNumbers[signal] ?? 1));
});
