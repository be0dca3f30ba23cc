/**
 * The identity service's Fastify plugin: the Cognito protocol endpoint, the JWKS, the hosted login, the dev
 * mailbox, and the e-mail delivery job when SMTP is configured.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext, ServicePluginOptions } from '@tessera/platform';
import type { IdentityDb } from './database.ts';
import { hostedLoginRoutes } from './modules/hosted-login/hosted-login.routes.ts';
import { stylesheetRoute } from './modules/hosted-login/html.ts';
import { startDelivery } from './modules/outbox/delivery.ts';
import { mailboxRoutes } from './modules/outbox/mailbox.routes.ts';
import { jwksRoutes } from './modules/tokens/jwks.routes.ts';
import { createSigningKeyStore } from './modules/tokens/signing-keys.ts';
import { TokenService } from './modules/tokens/tokens.service.ts';
import { protocolRoutes } from './protocol/protocol.routes.ts';
import type { IdentityRuntime } from './runtime.ts';
import { identitySettings } from './settings.ts';

/** Builds the runtime of one identity instance from its service context. */
export function createRuntime(context: ServiceContext): IdentityRuntime {
  const db = context.db as IdentityDb;
  const settings = identitySettings(context.config);
  const keys = createSigningKeyStore(db);
  return { db, settings, keys, tokens: new TokenService(db, keys, settings), log: context.log };
}

/** Registers every route of the service (its prefix is '': it owns root paths such as /oauth2 and /.well-known). */
export const identityPlugin: FastifyPluginAsync<ServicePluginOptions> = async (app, { context }) => {
  const runtime = createRuntime(context);
  // Creates the first signing key now rather than on the first sign-in.
  await runtime.keys.signingKey();
  await app.register(protocolRoutes, { runtime });
  await app.register(jwksRoutes, { runtime });
  await app.register(mailboxRoutes, { runtime });
  await app.register(stylesheetRoute);
  await app.register(hostedLoginRoutes, { runtime });
  const { smtpUrl, mailFrom } = context.config;
  if (smtpUrl) {
    const stop = startDelivery({ db: runtime.db, smtpUrl, from: mailFrom, log: context.log });
    app.addHook('onClose', stop);
  }
};
