/**
 * The identity service as the server mounts it: users, credentials, MFA, devices, tokens and the hosted login,
 * speaking Cognito's user-pool protocol (docs/adr/0002-identity-protocol.md). Its plugin serves the Cognito protocol
 * endpoint, the JWKS, the hosted login, the dev mailbox, and runs the e-mail delivery job when SMTP is configured.
 */
import {
  type Config,
  type Database,
  defineService,
  type ServicePluginOptions,
  type TokenVerifier,
  type TokenVerifierOptions,
} from '@tessera/platform';
import type { FastifyPluginAsync } from 'fastify';
import { IDENTITY_SCHEMA, type IdentityDb } from './database.ts';
import { identityInitialMigration } from './migrations/0001-identity.ts';
import { authorizationCodeReplayMigration } from './migrations/0002-authorization-code-replay.ts';
import { staffAuditLogMigration } from './migrations/0003-staff-audit-log.ts';
import { createIdentityDirectory } from './modules/directory/directory.ts';
import { hostedLoginRoutes } from './modules/hosted-login/hosted-login.routes.ts';
import { stylesheetRoute } from './modules/hosted-login/html.ts';
import { startDelivery } from './modules/outbox/delivery.ts';
import { mailboxRoutes } from './modules/outbox/mailbox.routes.ts';
import { jwksRoutes } from './modules/tokens/jwks.routes.ts';
import { createSigningKeyStore } from './modules/tokens/signing-keys.ts';
import { buildTokenVerifier } from './modules/tokens/verifier.ts';
import { protocolRoutes } from './modules/protocol/protocol.routes.ts';
import { customerLookupRoutes } from './modules/staff/customers.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createRuntime } from './runtime.ts';
import { demoUsers, seedDemoUsers } from './seed.ts';

/** Registers every route of the service (its prefix is '': it owns root paths such as /oauth2 and /.well-known). */
const identityPlugin: FastifyPluginAsync<ServicePluginOptions> = async (app, { context }) => {
  const runtime = createRuntime(context);
  // Creates the first signing key now rather than on the first sign-in.
  await runtime.keys.signingKey();
  await app.register(protocolRoutes, { runtime });
  await app.register(jwksRoutes, { runtime });
  await app.register(mailboxRoutes, { runtime });
  await app.register(stylesheetRoute);
  await app.register(hostedLoginRoutes, { runtime });
  await app.register(staffRoutes, { runtime, context });
  await app.register(customerLookupRoutes, { runtime, context });
  const { smtpUrl, mailFrom } = context.config;
  if (smtpUrl) {
    const stop = startDelivery({ db: runtime.db, smtpUrl, from: mailFrom, log: context.log });
    app.addHook('onClose', stop);
  }
};

let demoSeeded = false;

/** The identity service as the server mounts it. */
export const identityService = defineService({
  name: 'identity',
  schema: IDENTITY_SCHEMA,
  prefix: '',
  migrations: {
    '0001-identity': identityInitialMigration,
    '0002-authorization-code-replay': authorizationCodeReplayMigration,
    '0003-staff-audit-log': staffAuditLogMigration,
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
