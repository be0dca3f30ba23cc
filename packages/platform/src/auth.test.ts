import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { authenticate, hasRecentSecondFactor, requireGroup } from './auth.ts';
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
