// `npm start`: builds the web app, the console and the server when their build is missing or stale, then runs the
// compiled server (server/dist/main.js, see scripts/build-server.mjs) with plain node, in demo mode
// (TESSERA_MODE=demo: the demo users and their published passwords, the dev mailbox and the payment simulators,
// loopback callers only). Demo mode is what a newcomer needs, so npm start asks for it; the server on its own never
// assumes it (a deployment that sets nothing runs in production mode, docs/operations.md). An operator's own
// TESSERA_MODE wins, and NODE_ENV=production with demo mode stops the server with one message.
//
// An app's build is stale when dist/index.html is older than any file it is built from (the app's src/, public/,
// index.html, vite config, and the design system in packages/ui/src). Comparing mtimes is simple and errs on the
// side of rebuilding. The server's build is stale when one of the files esbuild bundled is newer or gone
// (build-server.mjs). A build prints one line per stage (Vite's "built in", the pre-render's summary) and a line
// every 15 s while it runs, not Vite's line per emitted file; a failed build prints its whole output.
// The server runs as a child; SIGINT/SIGTERM are forwarded once and its exit code is ours.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerStep, serverBundle } from './build-server.mjs';

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

/** Lines of a build's output worth showing as progress: the stages, not a line per emitted file. */
const progressLine = /(built in|Pre-render|error|warn)/i;
/** How often a long build says it is still running (the pre-render takes about two minutes on a busy machine). */
const heartbeatMs = 15_000;
/** The most output kept for a failed build's report; the end of the output is what explains a failure. */
const keptOutputCharsMax = 200_000;

/** Builds one app, printing a line per stage and a heartbeat; resolves to the exit status. */
function buildApp(app, reason) {
  const startedAt = Date.now();
  const elapsed = () => `${Math.round((Date.now() - startedAt) / 1000)} s`;
  console.log(`Building the ${app.name} (${reason})...`);
  return new Promise((resolveStatus) => {
    const build = spawn('npm', ['run', 'build', '-w', app.workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let pending = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      output = (output + text).slice(-keptOutputCharsMax);
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (progressLine.test(line)) {
          console.log(`  ${app.name}: ${line.trim()}`);
        }
      }
    };
    build.stdout.on('data', onData);
    build.stderr.on('data', onData);
    const heartbeat = setInterval(
      () => console.log(`  ${app.name}: still building (${elapsed()})...`),
      heartbeatMs,
    );
    build.on('error', (error) => {
      clearInterval(heartbeat);
      console.error(`Could not run the ${app.name}'s build:`, error);
      resolveStatus(1);
    });
    build.on('close', (status) => {
      clearInterval(heartbeat);
      if (status === 0) {
        console.log(`Built the ${app.name} in ${elapsed()}.`);
      } else {
        process.stderr.write(output);
      }
      resolveStatus(status ?? 1);
    });
  });
}

for (const app of apps) {
  const reason = buildReason(app);
  if (reason === undefined) {
    continue;
  }
  const status = await buildApp(app, reason);
  if (status !== 0) {
    console.error(`Building the ${app.name} failed; fix the errors above and run npm start again.`);
    process.exit(status);
  }
}

if (!(await buildServerStep({ ifStale: true }))) {
  console.error('Building the server failed; fix the errors above and run npm start again.');
  process.exit(1);
}

// Own process group: a Ctrl-C in the terminal reaches only this script, which forwards it once, so the server
// does not mistake the copies sent by the terminal and npm for the "second signal" that forces an exit.
// Source maps: a stack trace names the TypeScript file and line, not the bundle's.
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
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
