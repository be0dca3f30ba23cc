// `npm run dev`: the server in watch mode and Vite's dev server for the web app, together, in demo mode.
//
// - The server runs its TypeScript through `tsx watch` (server/src/main.ts): an edit to any file it imports, in
//   server/, services/ or packages/, restarts it. tsx waits for the old process to exit before starting the new one,
//   so the PGlite data folder is released in between.
// - Vite serves apps/web with hot reload and proxies /api (websockets included), the identity endpoints, /dev/ and
//   the server's other routes to the server (apps/web/vite.config.ts, TESSERA_SERVER_URL). Open Vite's address.
//
// PORT is the server's port (3000 unless set); Vite keeps its own (5173, or the next free one). An operator's own
// TESSERA_MODE and NODE_ENV win, as under npm start. Ctrl-C stops both; when one stops, the other is stopped too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The path of a package's command-line script (its package.json `bin`), run with this node. */
function binOf(packageName, command) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin[command]);
}

const serverPort = process.env.PORT || '3000';
const env = {
  ...process.env,
  PORT: serverPort,
  TESSERA_MODE: process.env.TESSERA_MODE || 'demo',
  NODE_ENV: process.env.NODE_ENV || 'development',
  TESSERA_SERVER_URL: process.env.TESSERA_SERVER_URL || `http://127.0.0.1:${serverPort}`,
};

/** Starts one child in its own process group (a Ctrl-C reaches this script only, which stops each child once). */
function run(name, args, cwd) {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.on('error', (error) => {
    console.error(`Could not start the ${name}:`, error);
    stopAll('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(`The ${name} stopped (${signal ?? `exit code ${code}`}); stopping the other.`);
      stopAll('SIGTERM', code ?? 1);
    }
  });
  return { name, child };
}

let stopping = false;
let exitCode = 0;

/** Sends `signal` to every child's process group once, then exits when they all have. */
function stopAll(signal, code) {
  if (stopping) {
    return;
  }
  stopping = true;
  exitCode = code;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  }
}

console.log(
  `Development: the server (watch mode) at ${env.TESSERA_SERVER_URL}, the web app with hot reload at Vite's ` +
    'address printed below (it proxies the API to the server).',
);
const children = [
  run(
    'server',
    [binOf('tsx', 'tsx'), 'watch', '--clear-screen=false', join(root, 'server/src/main.ts')],
    root,
  ),
  run('web app (Vite)', [binOf('vite', 'vite')], join(root, 'apps/web')),
];

let lastSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // npm forwards the terminal's signal as well: copies within one second count as one.
    const now = Date.now();
    if (now - lastSignalAt > 1_000) {
      lastSignalAt = now;
      stopAll(signal, 0);
    }
  });
}

let running = children.length;
for (const { child } of children) {
  child.on('exit', () => {
    running -= 1;
    if (running === 0) {
      process.exit(exitCode);
    }
  });
}
