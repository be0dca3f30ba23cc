/**
 * @tessera/service-identity: users, credentials, MFA, devices, tokens and the hosted login, speaking Cognito's
 * user-pool protocol (docs/adr/0002-identity-protocol.md).
 */
import {
  type Config,
  type Database,
  defineService,
  type TokenVerifier,
  type TokenVerifierOptions,
} from '@tessera/platform';
import { identityPlugin } from './app.ts';
import { IDENTITY_SCHEMA, type IdentityDb } from './database.ts';
import { identityInitialMigration } from './migrations/0001-identity.ts';
import { authorizationCodeReplayMigration } from './migrations/0002-authorization-code-replay.ts';
import { createIdentityDirectory } from './modules/directory/directory.ts';
import { createSigningKeyStore } from './modules/tokens/signing-keys.ts';
import { buildTokenVerifier } from './modules/tokens/verifier.ts';
import { demoUsers, seedDemoUsers } from './seed.ts';

export { demoUsers } from './seed.ts';
export { createIdentityDirectory } from './modules/directory/directory.ts';
export { startTlsListener } from './modules/hosted-login/tls.ts';
export { STEP_UP_VALIDITY_S } from './settings.ts';
export {
  ARGON2_CONCURRENCY,
  argon2Options,
  hashPassword,
  verifyPassword,
} from './modules/users/passwords.ts';
export { signJwt } from './modules/tokens/tokens.service.ts';

let demoSeeded = false;

/** The identity service as the server mounts it. */
export const identityService = defineService({
  name: 'identity',
  schema: IDENTITY_SCHEMA,
  prefix: '',
  migrations: {
    '0001-identity': identityInitialMigration,
    '0002-authorization-code-replay': authorizationCodeReplayMigration,
  },
  plugin: identityPlugin,
  /** The directory other services use (IDENTITY_CLIENT of @tessera/contracts). */
  createClient: async (context) => createIdentityDirectory(context.db as IdentityDb),
  async seed(context) {
    // Published passwords exist in demo mode only (TESSERA_MODE, packages/platform config.ts).
    if (context.config.mode !== 'demo') {
      return;
    }
    await seedDemoUsers(context.db as IdentityDb);
    demoSeeded = true;
  },
  demoSignIns: () =>
    demoSeeded ? demoUsers.map(({ email, password, role }) => ({ email, password, role })) : [],
});

/**
 * The TokenVerifier the server passes to every service: this service's keys and issuer read from `database`
 * (in process), or a managed Cognito pool when IDENTITY_JWKS_URL (and IDENTITY_ISSUER) are configured; revocation
 * from GlobalSignOut and RevokeToken is seen at once in this process and within a second from others. Verified
 * tokens are cached (expiry and revocation still checked on every use); `options.cache: false` turns that off.
 */
export function createIdentityTokenVerifier(
  config: Config,
  database: Pick<Database, 'db'>,
  options: Pick<TokenVerifierOptions, 'cache'> = {},
): TokenVerifier {
  const db = database.db.withSchema(IDENTITY_SCHEMA) as unknown as IdentityDb;
  return buildTokenVerifier(config, db, createSigningKeyStore(db), options);
}
