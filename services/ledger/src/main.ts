/**
 * Runs the ledger service alone: `node --import tsx services/ledger/src/main.ts` (PORT, DATABASE_URL, ...). Without
 * the identity service in the process, tokens are checked against the JWKS the identity service publishes.
 */
import { createDatabase, createRemoteJwks, createTokenVerifier, loadConfig } from '@tessera/platform';
import { buildLedgerApp } from './app.ts';

const config = loadConfig();
const database = await createDatabase(config);
const identity = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
const { app } = await buildLedgerApp({
  config,
  database,
  tokenVerifier: createTokenVerifier({
    issuer: `${identity}/identity/${config.identity.userPoolId}`,
    keys: createRemoteJwks(`${identity}/.well-known/jwks.json`),
    clientIds: [config.identity.userPoolClientId],
  }),
});
await app.listen({ port: config.port, host: config.host });
console.log(`Ledger service listening on port ${config.port}`);
