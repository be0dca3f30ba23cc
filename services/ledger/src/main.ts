/**
 * Runs the ledger service alone: `node --import tsx services/ledger/src/main.ts` (PORT, DATABASE_URL, ...). Without
 * the identity service in the process, tokens are checked against the JWKS the identity service publishes.
 */
import { createRemoteJwks, createTokenVerifier, runServiceAlone } from '@tessera/platform';
import { ledgerService } from './service.ts';

await runServiceAlone({
  services: [ledgerService],
  displayName: 'Ledger service',
  auth: (config) => {
    const identity = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
    return createTokenVerifier({
      issuer: `${identity}/identity/${config.identity.userPoolId}`,
      keys: createRemoteJwks(`${identity}/.well-known/jwks.json`),
      clientIds: [config.identity.userPoolClientId],
    });
  },
});
