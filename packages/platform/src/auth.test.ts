import { afterEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import {
  authenticate,
  createTokenVerifier,
  hasRecentSecondFactor,
  requireGroup,
  type TokenVerifierOptions,
} from './auth.ts';
import { createTestTokenIssuer } from './testing.ts';
import { errorHandlerPlugin } from './error-handler.ts';

describe('access-token verification', () => {
  it('accepts a token signed by the trusted issuer and reads its claims', async () => {
    const issuer = await createTestTokenIssuer();
    const token = await issuer.sign('user-1', { groups: ['support_agent'] });
    const principal = await issuer.verifier.verifyAccessToken(token);
    expect(principal).toMatchObject({ userId: 'user-1', groups: ['support_agent'], clientId: 'tessera-web' });
    expect(principal.scopes).toContain('aws.cognito.signin.user.admin');
  });

  it('counts a second factor for a money movement only when amr holds mfa and auth_time is within 5 minutes', async () => {
    const issuer = await createTestTokenIssuer();
    const nowS = Math.floor(Date.now() / 1000);
    const password = await issuer.verifier.verifyAccessToken(await issuer.sign('u'));
    expect(password.amr).toEqual(['pwd']);
    expect(hasRecentSecondFactor(password, nowS)).toBe(false);
    const fresh = await issuer.verifier.verifyAccessToken(
      await issuer.sign('u', { amr: ['pwd', 'mfa'], authTimeS: nowS - 299 }),
    );
    expect(hasRecentSecondFactor(fresh, nowS)).toBe(true);
    const stale = await issuer.verifier.verifyAccessToken(
      await issuer.sign('u', { amr: ['pwd', 'mfa'], authTimeS: nowS - 301 }),
    );
    expect(hasRecentSecondFactor(stale, nowS)).toBe(false);
  });

  it('refuses tokens from another key, expired tokens, id tokens and revoked sessions', async () => {
    const trusted = await createTestTokenIssuer();
    const stranger = await createTestTokenIssuer();
    await expect(trusted.verifier.verifyAccessToken(await stranger.sign('u'))).rejects.toThrow(
      'Invalid Access Token',
    );
    await expect(
      trusted.verifier.verifyAccessToken(await trusted.sign('u', { expiresInS: -60 })),
    ).rejects.toThrow('Access Token has expired');
    await expect(
      trusted.verifier.verifyAccessToken(await trusted.sign('u', { tokenUse: 'id' })),
    ).rejects.toThrow('Invalid Access Token');
    const token = await trusted.sign('u', { originJti: 'session-1' });
    trusted.revoke('session-1');
    await expect(trusted.verifier.verifyAccessToken(token)).rejects.toThrow('Access Token has been revoked');
    await expect(trusted.verifier.verifyAccessToken('not.a.jwt')).rejects.toThrow('Invalid Access Token');
  });

  it('answers 401 without a bearer token and 403 outside the required group', async () => {
    const issuer = await createTestTokenIssuer();
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get('/staff', async (request) => {
      const principal = await authenticate(request, issuer.verifier);
      requireGroup(principal, 'admin');
      return { ok: true };
    });
    const missing = await app.inject({ url: '/staff' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('UNAUTHENTICATED');
    const customer = await app.inject({
      url: '/staff',
      headers: { authorization: `Bearer ${await issuer.sign('c1')}` },
    });
    expect(customer.statusCode).toBe(403);
    const admin = await app.inject({
      url: '/staff',
      headers: { authorization: `Bearer ${await issuer.sign('a1', { groups: ['admin'] })}` },
    });
    expect(admin.json()).toEqual({ ok: true });
    await app.close();
  });
});

describe('the verified-token cache', () => {
  const issuer = 'https://identity.test/eu-west-1_cache';
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A verifier over one test key that counts the signature checks (each one resolves the key). */
  async function setUp(cache?: TokenVerifierOptions['cache']) {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const keySet = createLocalJWKSet({
      keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }],
    });
    const revoked = new Set<string>();
    let signatureChecks = 0;
    const keys: JWTVerifyGetKey = (header, token) => {
      signatureChecks += 1;
      return keySet(header, token);
    };
    const verifier = createTokenVerifier({
      issuer,
      keys,
      clientIds: ['tessera-web'],
      revocation: { isRevoked: (token) => Promise.resolve(revoked.has(token.originJti)) },
      ...(cache === undefined ? {} : { cache }),
    });
    const sign = (userId: string, originJti = `origin-${userId}`, expiresInS = 900) => {
      const nowS = Math.floor(Date.now() / 1000);
      return new SignJWT({
        token_use: 'access',
        client_id: 'tessera-web',
        username: userId,
        origin_jti: originJti,
        scope: 'aws.cognito.signin.user.admin',
        amr: ['pwd'],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt(nowS)
        .setJti(`jti-${userId}-${nowS}`)
        .setExpirationTime(nowS + expiresInS)
        .sign(privateKey);
    };
    return {
      verifier,
      sign,
      revoke: (originJti: string) => revoked.add(originJti),
      checks: () => signatureChecks,
    };
  }

  it('checks the signature of a token once, then answers repeats from the cache', async () => {
    const { verifier, sign, checks } = await setUp();
    const token = await sign('u1');
    const first = await verifier.verifyAccessToken(token);
    const again = await verifier.verifyAccessToken(token);
    expect(again).toEqual(first);
    expect(checks()).toBe(1);
    expect(Object.isFrozen(again) && Object.isFrozen(again.groups)).toBe(true);
  });

  it('refuses a cached token once its session is revoked', async () => {
    const { verifier, sign, revoke } = await setUp();
    const token = await sign('u1', 'session-1');
    await verifier.verifyAccessToken(token);
    revoke('session-1');
    await expect(verifier.verifyAccessToken(token)).rejects.toThrow('Access Token has been revoked');
  });

  it('refuses a cached token once it expires, with the expired message', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verifier, sign } = await setUp();
    const token = await sign('u1', 'session-1', 30);
    await verifier.verifyAccessToken(token);
    vi.setSystemTime(Date.now() + 34_000); // within the 5 s tolerance: still good
    await expect(verifier.verifyAccessToken(token)).resolves.toMatchObject({ userId: 'u1' });
    vi.setSystemTime(Date.now() + 2_000);
    await expect(verifier.verifyAccessToken(token)).rejects.toThrow('Access Token has expired');
    await expect(verifier.verifyAccessToken(token)).rejects.toThrow('Access Token has expired');
  });

  it('never serves a token from the cache that differs from a verified one, even by its signature', async () => {
    const { verifier, sign } = await setUp();
    const token = await sign('u1');
    await verifier.verifyAccessToken(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await expect(verifier.verifyAccessToken(forged)).rejects.toThrow('Invalid Access Token');
  });

  it('is bounded: the least recently used token is dropped first', async () => {
    const { verifier, sign, checks } = await setUp({ maxEntries: 2, maxAgeS: 60 });
    const [a, b, c] = await Promise.all([sign('a'), sign('b'), sign('c')]);
    await verifier.verifyAccessToken(a);
    await verifier.verifyAccessToken(b);
    await verifier.verifyAccessToken(a); // a is now the most recently used
    await verifier.verifyAccessToken(c); // drops b
    expect(checks()).toBe(3);
    await verifier.verifyAccessToken(a);
    expect(checks()).toBe(3);
    await verifier.verifyAccessToken(b);
    expect(checks()).toBe(4);
  });

  it('checks the signature again after the maximum age, so a withdrawn key stops vouching for cached tokens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verifier, sign, checks } = await setUp({ maxEntries: 10, maxAgeS: 60 });
    const token = await sign('u1');
    await verifier.verifyAccessToken(token);
    vi.setSystemTime(Date.now() + 59_000);
    await verifier.verifyAccessToken(token);
    expect(checks()).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    await verifier.verifyAccessToken(token);
    expect(checks()).toBe(2);
  });

  it('can be turned off', async () => {
    const { verifier, sign, checks } = await setUp(false);
    const token = await sign('u1');
    await verifier.verifyAccessToken(token);
    await verifier.verifyAccessToken(token);
    expect(checks()).toBe(2);
  });
});
