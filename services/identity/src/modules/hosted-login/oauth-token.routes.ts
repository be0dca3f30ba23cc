/**
 * POST /oauth2/token: the authorization-code exchange with PKCE (RFC 6749 section 4.1.3, RFC 7636 section 4.6)
 * and the refresh grant. A code is single-use, bound to its client and redirect_uri, and valid 5 minutes; the
 * code_verifier must hash (S256) to the code_challenge. A code presented again revokes the session its first
 * exchange started (RFC 6749 section 4.1.2). Errors are RFC 6749's `{ error, error_description }`
 * (also as `error_message`, which Amplify reads).
 *
 * Amplify calls this endpoint from the web app's origin, so it answers CORS for the origins of the allow-listed
 * redirect URIs only.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { isSafeText } from '@tessera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentOnly } from '@tessera/platform';
import { sql } from 'kysely';
import { z } from 'zod';
import { CognitoError } from '../protocol/cognito-errors.ts';
import type { IdentityRuntime } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import { digest } from '../tokens/tokens.service.ts';
import { findUserById } from '../users/users.repository.ts';

function oauthError(reply: FastifyReply, error: string, description: string, status = 400) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description, error_message: description });
}

function pkceMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
    return false;
  }
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

function setCors(runtime: IdentityRuntime, request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  const allowed = new Set(runtime.settings.redirectUris.map((uri) => new URL(uri).origin));
  if (typeof origin === 'string' && allowed.has(origin)) {
    void reply.header('access-control-allow-origin', origin);
    void reply.header('vary', 'origin');
    void reply.header('cross-origin-resource-policy', 'cross-origin');
  }
}

const invalidCode = 'The authorization code is invalid, expired, used, or does not match.';

/**
 * A code that was already exchanged came back: RFC 6749 section 4.1.2 says deny it and revoke what its first
 * exchange issued. Someone other than the client saw the code (a leaked redirect, a log, browser history), and
 * one of the two holders is not its owner: ending the session costs the owner one sign-in and the thief
 * everything. The mark also reaches a first exchange that is still issuing (see `exchangeCode`).
 */
async function revokeReplayedCode(runtime: IdentityRuntime, codeHash: Buffer): Promise<void> {
  const replayed = await runtime.db
    .updateTable('authorization_codes')
    .set({ replayed_at: new Date() })
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is not', null)
    .returning(['origin_jti', 'user_id'])
    .executeTakeFirst();
  if (!replayed) {
    return;
  }
  if (replayed.origin_jti) {
    await runtime.tokens.revokeSessions([replayed.origin_jti]);
  }
  await audit(runtime.db, {
    userId: replayed.user_id,
    event: 'authorization_code_replay',
    outcome: 'refused',
  });
}

async function exchangeCode(runtime: IdentityRuntime, form: Record<string, unknown>, reply: FastifyReply) {
  const code = typeof form['code'] === 'string' ? form['code'] : '';
  const verifier = typeof form['code_verifier'] === 'string' ? form['code_verifier'] : '';
  const codeHash = digest(code);
  const originJti = randomUUID();
  // Consumed in the same statement that reads it: two concurrent exchanges of one code cannot both succeed. The
  // session id is fixed now, so a replay arriving from here on knows which session to revoke.
  const row = await runtime.db
    .updateTable('authorization_codes')
    .set({ consumed_at: new Date(), origin_jti: originJti })
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    await revokeReplayedCode(runtime, codeHash);
    return oauthError(reply, 'invalid_grant', invalidCode);
  }
  if (
    row.client_id !== form['client_id'] ||
    row.redirect_uri !== form['redirect_uri'] ||
    !pkceMatches(verifier, row.code_challenge)
  ) {
    return oauthError(reply, 'invalid_grant', invalidCode);
  }
  const user = await findUserById(runtime.db, row.user_id);
  if (!user?.enabled) {
    return oauthError(reply, 'invalid_grant', 'User is disabled.');
  }
  const result = await runtime.tokens.startSession({
    user,
    clientId: row.client_id,
    amr: row.amr,
    scope: row.scope,
    originJti,
  });
  // A replay that came while the session was being created found nothing to revoke yet: it left its mark.
  const after = await runtime.db
    .selectFrom('authorization_codes')
    .select('replayed_at')
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  if (after?.replayed_at) {
    await runtime.tokens.revokeSessions([originJti]);
    return oauthError(reply, 'invalid_grant', invalidCode);
  }
  return reply.header('cache-control', 'no-store').send({
    access_token: result.AccessToken,
    id_token: result.IdToken,
    refresh_token: result.RefreshToken,
    token_type: 'Bearer',
    expires_in: result.ExpiresIn,
  });
}

async function refreshGrant(runtime: IdentityRuntime, form: Record<string, unknown>, reply: FastifyReply) {
  const clientId = typeof form['client_id'] === 'string' ? form['client_id'] : '';
  const refreshToken = typeof form['refresh_token'] === 'string' ? form['refresh_token'] : '';
  try {
    const result = await runtime.tokens.refresh(refreshToken, clientId, false);
    return reply.header('cache-control', 'no-store').send({
      access_token: result.AccessToken,
      id_token: result.IdToken,
      token_type: 'Bearer',
      expires_in: result.ExpiresIn,
    });
  } catch (error) {
    if (error instanceof CognitoError) {
      return oauthError(reply, 'invalid_grant', error.message);
    }
    throw error;
  }
}

/** Headers a browser may send with a cross-origin token request (Amplify adds x-amz-user-agent). */
export const TOKEN_REQUEST_HEADERS = 'content-type, authorization, x-amz-user-agent, cache-control';

const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
  error_message: z.string(),
});

/** The token request: a form, answered in OAuth 2.0's own shapes (never VALIDATION_FAILED). */
const tokenSchema = {
  summary: 'Exchanges an authorization code (PKCE) or a refresh token for tokens (OAuth 2.0)',
  body: documentOnly(
    z
      .object({
        grant_type: z.enum(['authorization_code', 'refresh_token']),
        client_id: z.string(),
        code: z.string().optional(),
        code_verifier: z.string().optional(),
        redirect_uri: z.string().optional(),
        refresh_token: z.string().optional(),
      })
      .catchall(z.string()),
  ),
  response: {
    200: z
      .object({
        access_token: z.string(),
        id_token: z.string(),
        refresh_token: z.string().optional(),
        token_type: z.literal('Bearer'),
        expires_in: z.number(),
      })
      .describe('The tokens'),
    400: oauthErrorSchema.describe('An OAuth 2.0 error'),
    401: oauthErrorSchema.describe('invalid_client'),
  },
};

const tokenPreflightSchema = {
  summary: 'CORS preflight of the token request',
  response: { 204: z.null().describe('The allowed methods and headers') },
};

/** Registers /oauth2/token (inside the hosted login plugin, which parses forms). */
export async function oauthTokenRoutes(app: FastifyInstance, { runtime }: { runtime: IdentityRuntime }) {
  // Amplify's token request from the app's page carries its user-agent header, so the browser asks first.
  app.options('/oauth2/token', { schema: tokenPreflightSchema }, async (request, reply) => {
    setCors(runtime, request, reply);
    return reply
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', TOKEN_REQUEST_HEADERS)
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });
  app.post('/oauth2/token', { schema: tokenSchema }, async (request, reply) => {
    setCors(runtime, request, reply);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!Object.values(form).every((value) => typeof value !== 'string' || isSafeText(value))) {
      // A NUL or a lone surrogate (issue #13, defect 3): no code, token or client id ever holds one.
      return oauthError(reply, 'invalid_request', 'A parameter holds characters that are not allowed.');
    }
    if (typeof form['client_id'] !== 'string' || !runtime.settings.clientIds.includes(form['client_id'])) {
      return oauthError(reply, 'invalid_client', 'Unknown client.', 401);
    }
    if (form['grant_type'] === 'authorization_code') {
      return exchangeCode(runtime, form, reply);
    }
    if (form['grant_type'] === 'refresh_token') {
      return refreshGrant(runtime, form, reply);
    }
    return oauthError(
      reply,
      'unsupported_grant_type',
      'grant_type must be authorization_code or refresh_token.',
    );
  });
}
