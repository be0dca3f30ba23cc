/**
 * Runs the one-process server. Compiled: `node server/dist/main.js` (scripts/build-server.mjs bundles this file and
 * the workspace packages; npm start builds what is missing, then runs it). From source: `npm run dev` (watch mode),
 * or `node --import tsx server/src/main.ts` (the browser journeys).
 * It says what it is doing, one line per stage, before the banner (a start on an empty database takes a while).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, type Config, loadConfig, loadEnvFileIfPresent } from '@tessera/platform';
import { createIdentityTokenVerifier, startTlsListener } from '@tessera/service-identity';
import { buildServer } from './app.ts';
import { formatBanner } from './banner.ts';
import { services } from './services.ts';
import { installGracefulShutdown } from './shutdown.ts';

/** Where `.env` is looked for: the working directory, as most tools do (the checkout's root under npm start). */
const envFilePath = resolve('.env');

function loadConfigOrExit(): Config {
  try {
    if (loadEnvFileIfPresent(envFilePath)) {
      console.log(`Configuration: read ${envFilePath} (variables set in the environment win)`);
    }
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Builds, listens and prints the banner; on failure closes what was opened and exits 1. */
async function start(): Promise<void> {
  const config = loadConfigOrExit();
  const startedAt = Date.now();
  console.log(
    `Preparing ${services.length} services: opening the database, applying migrations, seeding, mounting routes...`,
  );
  const server = await buildServer({
    config,
    services,
    webDist: config.webDistDir || fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
    consoleDist: config.consoleDistDir || fileURLToPath(new URL('../../apps/console/dist', import.meta.url)),
    prettyLogs: config.nodeEnv === 'development' && process.stdout.isTTY === true,
    createTokenVerifier: (database) => createIdentityTokenVerifier(config, database),
  });
  console.log(
    `Services ready in ${seconds(Date.now() - startedAt)} (${services.map((service) => service.name).join(', ')})`,
  );
  installGracefulShutdown({ app: server.app, readiness: server.readiness });
  let tlsPort: number | undefined;
  try {
    // The hosted login needs https (Amplify forces it): an optional second listener, see docs/operations.md.
    tlsPort = await startTlsListener(server.app, config);
    await server.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Close the database (and release the PGlite data directory) before leaving.
    await server.app.close();
    throw error;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  console.log(formatBanner(port, server.database, server.demoSignIns, config.mode));
  if (tlsPort !== undefined) {
    console.log(`Hosted login over TLS (self-signed in development) at https://localhost:${tlsPort}/`);
  }
}

function seconds(durationMs: number): string {
  return `${(durationMs / 1000).toFixed(1)} s`;
}

start().catch((error: unknown) => {
  console.error('Tessera could not start:', error);
  process.exit(1);
});
