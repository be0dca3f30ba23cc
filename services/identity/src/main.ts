/**
 * Runs the identity service alone: `node --import tsx services/identity/src/main.ts` (PORT, DATABASE_URL, ...). It
 * is the Cognito endpoint (POST /identity), the JWKS (/.well-known/jwks.json) and the hosted login (/oauth2/...),
 * verifying its own tokens with its keys in the database.
 */
import { runServiceAlone } from '@tessera/platform';
import { createIdentityTokenVerifier, identityService } from './service.ts';

await runServiceAlone({
  services: [identityService],
  displayName: 'Identity service',
  auth: (config, database) => createIdentityTokenVerifier(config, database),
});
