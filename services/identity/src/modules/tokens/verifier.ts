/**
 * The TokenVerifier every service uses (ARCHITECTURE.md, Interfaces), built from this service's own keys in
 * process, or from a managed Cognito pool's JWKS when IDENTITY_JWKS_URL is configured.
 *
 * Revocation: a session revoked in this process (GlobalSignOut, RevokeToken) is refused at once through the
 * in-process feed; one revoked by another process is seen at the next poll of the sessions table, at most
 * REVOCATION_POLL_MS later. The poll runs on demand (the first verification after the interval waits for it), so
 * there is no timer to stop, and a database that cannot be read fails verification closed rather than open.
 */
import type { Config, RevocationCheck, TokenVerifier, TokenVerifierOptions } from '@tessera/platform';
import { createRemoteJwks, createTokenVerifier } from '@tessera/platform';
import { errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import type { IdentityDb } from '../../database.ts';
import { ACCESS_TOKEN_TTL_S, identitySettings } from '../../settings.ts';
import { onRevocations } from './revocation-feed.ts';
import type { SigningKeyStore } from './signing-keys.ts';

/** How often other processes' revocations are read from the database. */
export const REVOCATION_POLL_MS = 1_000;
/** Each poll re-reads this much history, so a revocation whose transaction committed late is not missed. */
const POLL_OVERLAP_MS = 30_000;
/** A revoked session's access tokens all expire within this time; after it the entry can be forgotten. */
const REMEMBER_REVOCATION_MS = (ACCESS_TOKEN_TTL_S + 60) * 1000;

/** Resolves a token's key from the identity schema's key store (unknown kid: re-read, rate-limited). */
export function localKeyResolver(keys: SigningKeyStore): JWTVerifyGetKey {
  return async (header) => {
    const key = header.kid ? await keys.publicKey(header.kid) : undefined;
    if (!key) {
      throw new joseErrors.JWKSNoMatchingKey();
    }
    return key;
  };
}

/** The revocation check: the in-process feed plus a bounded-staleness poll of the sessions table. */
export function createRevocationCheck(db: IdentityDb): RevocationCheck & { close(): void } {
  const revoked = new Map<string, number>();
  let lastPollStartMs = 0;
  let polling: Promise<void> | undefined;
  const remember = (originJti: string, atMs: number) => revoked.set(originJti, atMs + REMEMBER_REVOCATION_MS);
  const unsubscribe = onRevocations((originJtis) => {
    for (const originJti of originJtis) {
      remember(originJti, Date.now());
    }
  });

  const poll = async () => {
    const startedMs = Date.now();
    // The first poll reads every revocation whose tokens may still be alive.
    const sinceMs =
      lastPollStartMs === 0 ? startedMs - REMEMBER_REVOCATION_MS : lastPollStartMs - POLL_OVERLAP_MS;
    const rows = await db
      .selectFrom('sessions')
      .select(['origin_jti', 'revoked_at'])
      .where('revoked_at', '>', new Date(sinceMs))
      .execute();
    for (const row of rows) {
      remember(row.origin_jti, row.revoked_at!.getTime());
    }
    for (const [originJti, forgetAtMs] of revoked) {
      if (forgetAtMs < startedMs) {
        revoked.delete(originJti);
      }
    }
    lastPollStartMs = startedMs;
  };

  return {
    async isRevoked(token) {
      if (Date.now() - lastPollStartMs > REVOCATION_POLL_MS) {
        polling ??= poll().finally(() => {
          polling = undefined;
        });
        await polling;
      }
      return revoked.has(token.originJti);
    },
    close: unsubscribe,
  };
}

/**
 * Builds the platform TokenVerifier for the server: this service's keys and issuer in process (`keys`), or the
 * managed pool of IDENTITY_ISSUER / IDENTITY_JWKS_URL. Revocation is checked against this schema either way.
 * Verified tokens are cached by default (platform `VERIFIED_TOKEN_CACHE`); `options.cache` changes that.
 */
export function buildTokenVerifier(
  config: Config,
  db: IdentityDb,
  keys: SigningKeyStore,
  options: Pick<TokenVerifierOptions, 'cache'> = {},
): TokenVerifier & { close(): void } {
  const settings = identitySettings(config);
  const revocation = createRevocationCheck(db);
  const external = config.identity.jwksUrl;
  const verifier = createTokenVerifier({
    issuer: settings.issuer,
    keys: external ? createRemoteJwks(external) : localKeyResolver(keys),
    clientIds: settings.clientIds,
    revocation,
    ...options,
  });
  return { verifyAccessToken: (token) => verifier.verifyAccessToken(token), close: revocation.close };
}
