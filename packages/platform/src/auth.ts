/**
 * Access-token verification for every service (ARCHITECTURE.md, "Interfaces"). Tokens are RS256 JWTs with
 * Cognito's claims, issued by the identity service (or a managed Cognito pool: issuer and JWKS are configurable).
 * A service trusts a request only after the signature, issuer, expiry, `token_use`, `client_id` and revocation
 * (through `origin_jti`) all check out. See ../shared/reference/identity-wire-protocol.md, "Tokens".
 */
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Cognito's scope for self-service operations on one's own user (GetUser, ChangePassword, …). */
export const USER_ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

/** Staff groups carried in the `cognito:groups` claim. */
export const STAFF_GROUPS = ['support_agent', 'kyc_reviewer', 'ux_researcher', 'admin'] as const;
export type StaffGroup = (typeof STAFF_GROUPS)[number];

/** Who is calling, as a verified access token says. */
export interface Principal {
  /** The user's stable id (`sub`). */
  readonly userId: string;
  readonly username: string;
  readonly groups: readonly string[];
  readonly scopes: readonly string[];
  readonly clientId: string;
  /** The id of the sign-in session the token belongs to; revoking it revokes every token of that session. */
  readonly originJti: string;
  readonly tokenId: string;
  readonly issuedAtS: number;
  readonly expiresAtS: number;
  readonly authTimeS: number;
  /** How the session's holder authenticated (`pwd`, and `mfa` once a second factor was proven). */
  readonly amr: readonly string[];
}

/** How long a proven second factor counts for a money movement (PSD2 strong customer authentication). */
export const STEP_UP_MAX_AGE_S = 5 * 60;

/**
 * Whether the token proves a second factor within the last `maxAgeS` seconds (docs/api.md, "Step-up for money
 * movements"): `amr` holds `mfa` and `auth_time` is recent. Services that move money ask this.
 */
export function hasRecentSecondFactor(
  principal: Principal,
  nowS: number = Math.floor(Date.now() / 1000),
  maxAgeS: number = STEP_UP_MAX_AGE_S,
): boolean {
  return (
    principal.amr.includes('mfa') && nowS - principal.authTimeS <= maxAgeS && principal.authTimeS <= nowS + 60
  );
}

/** Answers whether a session (or all of a user's sessions issued before a time) has been revoked. */
export interface RevocationCheck {
  isRevoked(token: { userId: string; originJti: string; issuedAtS: number }): Promise<boolean>;
}

/** Verifies bearer access tokens. */
export interface TokenVerifier {
  /** Resolves the principal, or throws AppError UNAUTHENTICATED with the reason Cognito would give. */
  verifyAccessToken(token: string): Promise<Principal>;
}

/** Options of {@link createTokenVerifier}. */
export interface TokenVerifierOptions {
  readonly issuer: string;
  /** The keys: `createRemoteJwks(url)` for a JWKS endpoint, or a local key set in tests. */
  readonly keys: JWTVerifyGetKey;
  /** App clients whose tokens are accepted; empty accepts any client of the issuer. */
  readonly clientIds: readonly string[];
  readonly revocation?: RevocationCheck;
  readonly clockToleranceS?: number;
}

const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', 401, message);

/** A JWKS fetched from `url`, cached (keys are re-read at most every 30 s when an unknown key id appears). */
export function createRemoteJwks(url: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: 30_000,
    timeoutDuration: 5000,
  });
}

function stringClaim(payload: JWTPayload, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw unauthenticated('Invalid Access Token');
  }
  return value;
}

function toPrincipal(payload: JWTPayload): Principal {
  const groups = payload['cognito:groups'];
  const scope = payload['scope'];
  return {
    userId: stringClaim(payload, 'sub'),
    username: stringClaim(payload, 'username'),
    groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
    scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
    clientId: stringClaim(payload, 'client_id'),
    originJti: stringClaim(payload, 'origin_jti'),
    tokenId: stringClaim(payload, 'jti'),
    issuedAtS: payload.iat ?? 0,
    expiresAtS: payload.exp ?? 0,
    authTimeS: typeof payload['auth_time'] === 'number' ? payload['auth_time'] : (payload.iat ?? 0),
    amr: Array.isArray(payload['amr'])
      ? payload['amr'].filter((m): m is string => typeof m === 'string')
      : [],
  };
}

/** Builds a verifier for RS256 access tokens of one issuer. */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  return {
    async verifyAccessToken(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          algorithms: ['RS256'],
          clockTolerance: options.clockToleranceS ?? 5,
          requiredClaims: ['exp', 'iat', 'sub'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          throw unauthenticated('Access Token has expired');
        }
        throw unauthenticated('Invalid Access Token');
      }
      if (payload['token_use'] !== 'access') {
        throw unauthenticated('Invalid Access Token');
      }
      const principal = toPrincipal(payload);
      if (options.clientIds.length > 0 && !options.clientIds.includes(principal.clientId)) {
        throw unauthenticated('Invalid Access Token');
      }
      if (options.revocation && (await options.revocation.isRevoked(principal))) {
        throw unauthenticated('Access Token has been revoked');
      }
      return principal;
    },
  };
}

/** Reads `Authorization: Bearer <token>` and verifies it; throws UNAUTHENTICATED when missing or invalid. */
export async function authenticate(request: FastifyRequest, verifier: TokenVerifier): Promise<Principal> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
  if (!match?.[1]) {
    throw unauthenticated('User is not authenticated');
  }
  return verifier.verifyAccessToken(match[1]);
}

/** Throws FORBIDDEN unless the principal belongs to one of `groups`. */
export function requireGroup(principal: Principal, ...groups: readonly string[]): void {
  if (!groups.some((group) => principal.groups.includes(group))) {
    throw new AppError('FORBIDDEN', 403, 'You may not do this');
  }
}
