/**
 * GlobalSignOut (every session of the user) and RevokeToken (the session of one refresh token). Both take effect
 * at once in this process's verifiers and within the revocation poll interval in every other process.
 */
import type { z } from 'zod';
import type { accessTokenSchema, revokeTokenSchema } from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import { authenticateAccess } from '../tokens/access-token.ts';
import { assertClient } from '../users/sign-up.service.ts';

/** GlobalSignOut: needs a valid access token (any scope: signing out must always be possible). */
export async function globalSignOut(
  rt: IdentityRuntime,
  input: z.output<typeof accessTokenSchema>,
  request: RequestInfo,
) {
  const { user } = await authenticateAccess(rt, input.AccessToken, { requireScope: false });
  await rt.tokens.revokeUserSessions(user.id);
  await audit(rt.db, { userId: user.id, event: 'global_sign_out', outcome: 'success', ip: request.ip });
  return {};
}

/** RevokeToken: an unknown or already revoked token answers the same (RFC 7009 section 2.2). */
export async function revokeToken(
  rt: IdentityRuntime,
  input: z.output<typeof revokeTokenSchema>,
  request: RequestInfo,
) {
  assertClient(rt, input.ClientId);
  await rt.tokens.revokeRefreshToken(input.Token, input.ClientId);
  await audit(rt.db, { event: 'revoke_token', outcome: 'success', ip: request.ip });
  return {};
}
