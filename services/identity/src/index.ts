/**
 * @tessera/service-identity: users, credentials, MFA, devices, tokens and the hosted login, speaking Cognito's
 * user-pool protocol (docs/adr/0002-identity-protocol.md).
 */
export { createIdentityTokenVerifier, identityService } from './service.ts';
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
