/**
 * Access-token verification for every service (ARCHITECTURE.md, "Interfaces"). Tokens are RS256 JWTs with
 * Cognito's claims, issued by the identity service (or a managed Cognito pool: issuer and JWKS are configurable).
 * A service trusts a request only after the signature, issuer, expiry, `token_use`, `client_id` and revocation
 * (through `origin_jti`) all check out. See ../shared/reference/identity-wire-protocol.md, "Tokens".
 */
import { createHash } from 'node:crypto';
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
  /**
   * Set when someone other than the account's owner in person acts on it (access.ts, docs/adr/0018): a delegate
   * (`x-act-as`) or an API key. `userId` is then the owner's id, so every service's own scoping stays as it is.
   */
  readonly actor?: PrincipalActor;
}

/** What one may do on another customer's account: read, trade, move money (docs/adr/0018). */
export type AccessPermission = 'read' | 'trade' | 'transfer';

/** Who acts on the owner's account, and what they may do there. */
export interface PrincipalActor {
  readonly kind: 'delegate' | 'api_key';
  /** The delegate's user id, or the API key's id. */
  readonly id: string;
  /** A delegate's role (`viewer`, `trader`, `full`); absent for a key. */
  readonly role?: string;
  readonly permissions: readonly AccessPermission[];
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
  /**
   * The delegations and API keys behind `x-act-as` and `tsk_` keys (access.ts), when a service of this process
   * offers them (user-management); the composition root sets it on every service's context.
   */
  readonly accessResolver?: () => AccessResolver | undefined;
}

/** An API key as the platform checks it (user-management stores them hashed: docs/adr/0018). */
export interface ApiKeyGrant {
  readonly keyId: string;
  readonly ownerUserId: string;
  readonly scopes: readonly AccessPermission[];
  /** CIDR blocks (IPv4 or IPv6); empty: any address. */
  readonly allowedIps: readonly string[];
  readonly status: 'active' | 'revoked' | 'expired';
}

/** One use of an API key or one action of a delegate, as the services report it. */
export interface AccessUseRecord {
  readonly method: string;
  readonly path: string;
  readonly statusCode: number;
  readonly ip: string;
}

/**
 * Looks up delegations and API keys and records their use: offered by user-management in-process (ACCESS_CLIENT
 * in @tessera/contracts has this shape). Never cached: a revoked delegation or key stops at the next request.
 */
export interface AccessResolver {
  /** The grant of a presented key (`tsk_<id>_<secret>`), or `null` when the id is unknown or the secret wrong. */
  resolveApiKey(presented: string): Promise<ApiKeyGrant | null>;
  /** The active role of `delegateUserId` on `ownerUserId`'s account, or `null` (none, pending, revoked, left). */
  resolveDelegation(delegateUserId: string, ownerUserId: string): Promise<string | null>;
  recordApiKeyUse(keyId: string, use: AccessUseRecord): Promise<void>;
  recordDelegateAction(
    record: AccessUseRecord & { ownerUserId: string; delegateUserId: string; role: string },
  ): Promise<void>;
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
  /**
   * The cache of verified tokens (on by default): a client sends the same access token with every call for up to
   * 15 minutes, and the RSA check is most of a verification's cost. `false` turns it off.
   */
  readonly cache?: VerifiedTokenCacheOptions | false;
}

/** Bounds of the verified-token cache. */
export interface VerifiedTokenCacheOptions {
  /** Tokens kept at most; the least recently used is dropped first. */
  readonly maxEntries: number;
  /**
   * How long a signature check is trusted. Keys are re-read about every minute (JWKS cache, identity key store),
   * so a key withdrawn from the key set stops vouching for cached tokens on the same time scale.
   */
  readonly maxAgeS: number;
}

/** The default cache: about 10,000 × 0.5 KB at most, signatures re-checked every minute. */
export const VERIFIED_TOKEN_CACHE: VerifiedTokenCacheOptions = { maxEntries: 10_000, maxAgeS: 60 };

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

function freezePrincipal(principal: Principal): Principal {
  Object.freeze(principal.groups);
  Object.freeze(principal.scopes);
  Object.freeze(principal.amr);
  return Object.freeze(principal);
}

/**
 * Tokens whose signature and claims were verified, by SHA-256 of the token (the cache never holds a bearer token
 * itself), least recently used first. Only what cannot change is cached: expiry and revocation are checked on
 * every use, hit or miss.
 */
function createVerifiedTokenCache(options: VerifiedTokenCacheOptions) {
  const entries = new Map<string, { principal: Principal; checkedUntilMs: number }>();
  return {
    key: (token: string) => createHash('sha256').update(token).digest('base64url'),
    get(key: string, nowMs: number): Principal | undefined {
      const entry = entries.get(key);
      if (!entry) {
        return undefined;
      }
      entries.delete(key);
      if (entry.checkedUntilMs <= nowMs) {
        return undefined;
      }
      entries.set(key, entry);
      return entry.principal;
    },
    set(key: string, principal: Principal, nowMs: number): void {
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) {
          entries.delete(oldest.value);
        }
      }
      entries.set(key, { principal, checkedUntilMs: nowMs + options.maxAgeS * 1000 });
    },
    forget(key: string): void {
      entries.delete(key);
    },
  };
}

/** Builds a verifier for RS256 access tokens of one issuer. */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const toleranceS = options.clockToleranceS ?? 5;
  const cacheOptions = options.cache === undefined ? VERIFIED_TOKEN_CACHE : options.cache;
  const cache =
    cacheOptions && cacheOptions.maxEntries > 0 ? createVerifiedTokenCache(cacheOptions) : undefined;

  /** The full check: signature (RS256, the issuer's keys), issuer, expiry, token_use and client. */
  const verifySignatureAndClaims = async (token: string): Promise<Principal> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        algorithms: ['RS256'],
        clockTolerance: toleranceS,
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
    const principal = freezePrincipal(toPrincipal(payload));
    if (options.clientIds.length > 0 && !options.clientIds.includes(principal.clientId)) {
      throw unauthenticated('Invalid Access Token');
    }
    return principal;
  };

  return {
    async verifyAccessToken(token) {
      const nowMs = Date.now();
      const key = cache?.key(token);
      let principal = key === undefined ? undefined : cache?.get(key, nowMs);
      if (principal) {
        // The same rule as jose's: expired once `exp` is more than the tolerance in the past.
        if (principal.expiresAtS <= Math.floor(nowMs / 1000) - toleranceS) {
          cache?.forget(key!);
          throw unauthenticated('Access Token has expired');
        }
      } else {
        principal = await verifySignatureAndClaims(token);
        if (key !== undefined) {
          cache?.set(key, principal, nowMs);
        }
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
