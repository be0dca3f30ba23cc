/**
 * Authenticates the AccessToken of a self-service operation (GetUser, ChangePassword, ...). Unlike the shared
 * verifier, which trusts its revocation cache, this reads the session and the user from the database: the
 * identity service is the authority, so a revoked session or a disabled user is refused here at once, from any
 * process. Messages are Cognito's (spec section 8), which make the web app sign out.
 */
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { CognitoError, sessionMessages } from '../protocol/cognito-errors.ts';
import type { IdentityRuntime } from '../../runtime.ts';
import { USER_ADMIN_SCOPE } from '../../settings.ts';
import { assertUserMaySignIn, type SessionRow, type UserRow } from './tokens.service.ts';
import { localKeyResolver } from './verifier.ts';

/** The caller of a self-service operation. */
export interface AccessContext {
  readonly user: UserRow;
  readonly session: SessionRow;
  readonly claims: JWTPayload;
}

const keyResolvers = new WeakMap<object, ReturnType<typeof localKeyResolver>>();

async function verifySignature(rt: IdentityRuntime, token: string): Promise<JWTPayload> {
  let resolver = keyResolvers.get(rt.keys);
  if (!resolver) {
    resolver = localKeyResolver(rt.keys);
    keyResolvers.set(rt.keys, resolver);
  }
  try {
    const { payload } = await jwtVerify(token, resolver, {
      issuer: rt.settings.issuer,
      algorithms: ['RS256'],
      clockTolerance: 5,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new CognitoError('NotAuthorizedException', sessionMessages.accessExpired);
    }
    throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
}

/** Verifies an access token for a self-service operation; `requireScope` is false only for sign-out calls. */
export async function authenticateAccess(
  rt: IdentityRuntime,
  token: string,
  { requireScope = true }: { requireScope?: boolean } = {},
): Promise<AccessContext> {
  const claims = await verifySignature(rt, token);
  const clientId = claims['client_id'];
  if (
    claims['token_use'] !== 'access' ||
    typeof clientId !== 'string' ||
    !rt.settings.clientIds.includes(clientId)
  ) {
    throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
  const scopes = typeof claims['scope'] === 'string' ? claims['scope'].split(' ') : [];
  if (requireScope && !scopes.includes(USER_ADMIN_SCOPE)) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.missingScope);
  }
  const originJti = claims['origin_jti'];
  const session =
    typeof originJti === 'string' && /^[0-9a-f-]{36}$/.test(originJti)
      ? await rt.db.selectFrom('sessions').selectAll().where('origin_jti', '=', originJti).executeTakeFirst()
      : undefined;
  if (!session || session.user_id !== claims.sub) {
    throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
  if (session.revoked_at) {
    throw new CognitoError('NotAuthorizedException', sessionMessages.accessRevoked);
  }
  const user = await rt.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.user_id)
    .executeTakeFirst();
  assertUserMaySignIn(user);
  return { user, session, claims };
}
