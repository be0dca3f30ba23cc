/**
 * Runs the user-management service alone: `node --import tsx services/user-management/src/main.ts` (PORT,
 * DATABASE_URL, ...). Without the identity service in the process, tokens are checked against the JWKS the identity
 * service publishes, and level 1 does not follow e-mail and phone verification (no identity directory).
 */
import { createRemoteJwks, createTokenVerifier, runServiceAlone } from '@tessera/platform';
import { userManagementService } from './service.ts';

await runServiceAlone({
  services: [userManagementService],
  displayName: 'User management service',
  auth: (config) => {
    const identity = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
    return createTokenVerifier({
      issuer: `${identity}/identity/${config.identity.userPoolId}`,
      keys: createRemoteJwks(`${identity}/.well-known/jwks.json`),
      clientIds: [config.identity.userPoolClientId],
    });
  },
});
