/**
 * The public keys (JWKS) and an OpenID Connect discovery document, at the root (ARCHITECTURE.md) and under the
 * issuer path (`<issuer>/.well-known/...`, where Cognito publishes them), so any JWKS client finds them.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IdentityRuntime } from '../../runtime.ts';

const jwksSchema = z.object({
  keys: z.array(
    z.object({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string() }).catchall(z.unknown()),
  ),
});
const discoverySchema = z
  .object({ issuer: z.string(), jwks_uri: z.string(), token_endpoint: z.string() })
  .catchall(z.unknown())
  .describe('OpenID Connect discovery: the issuer, its keys and the hosted login endpoints');

/** Registers the JWKS and discovery routes. */
export async function jwksRoutes(app: FastifyInstance, { runtime }: { runtime: IdentityRuntime }) {
  const issuerPath = new URL(runtime.settings.issuer).pathname.replace(/\/+$/, '');
  const prefixes = [...new Set(['', issuerPath])];
  for (const prefix of prefixes) {
    app.get(
      `${prefix}/.well-known/jwks.json`,
      { schema: { summary: 'The public keys that verify the tokens (JWKS)', response: { 200: jwksSchema } } },
      async (_request, reply) => {
        // Short caching: verifiers re-read soon after a rotation, and also re-read on an unknown kid.
        void reply.header('cache-control', 'public, max-age=300');
        void reply.header('access-control-allow-origin', '*');
        return { keys: await runtime.keys.publicJwks() };
      },
    );
    app.get(
      `${prefix}/.well-known/openid-configuration`,
      { schema: { summary: 'OpenID Connect discovery document', response: { 200: discoverySchema } } },
      async (_request, reply) => {
        void reply.header('access-control-allow-origin', '*');
        const origin = runtime.settings.publicOrigin;
        return {
          issuer: runtime.settings.issuer,
          jwks_uri: `${runtime.settings.issuer}/.well-known/jwks.json`,
          authorization_endpoint: `${origin}/oauth2/authorize`,
          token_endpoint: `${origin}/oauth2/token`,
          end_session_endpoint: `${origin}/logout`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          scopes_supported: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['none'],
        };
      },
    );
  }
}
