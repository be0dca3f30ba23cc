/**
 * Signing-key rotation and cross-process revocation, as other services' verifiers experience them.
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from '../../testing/harness.ts';
import { createIdentityTokenVerifier } from '../../index.ts';
import { createSigningKeyStore } from './signing-keys.ts';
import { REVOCATION_POLL_MS } from './verifier.ts';

describeEachDatabase('identity tokens', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  async function signedIn() {
    const email = uniqueEmail('tokens');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    return { email, password, tokens: (await identity.passwordAuth(email, password)).AuthenticationResult! };
  }

  it('rotates the signing key: the new key signs, the old one still verifies, the JWKS publishes both', async () => {
    const { tokens: before } = await signedIn();
    const oldKid = decodeProtectedHeader(before.AccessToken!).kid;
    const newKid = await createSigningKeyStore(identity.db).rotate();
    // What any process reads after the rotation (each caches its keys for at most a minute).
    const fresh = createSigningKeyStore(identity.db);
    expect((await fresh.signingKey()).kid).toBe(newKid);
    const published = (await fresh.publicJwks()).map((key) => key['kid']);
    expect(published).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect((await fresh.publicJwks()).every((key) => key['alg'] === 'RS256' && !('d' in key))).toBe(true);
    const otherProcess = createIdentityTokenVerifier(identity.config, {
      db: identity.db.withSchema('public') as never,
    });
    await expect(otherProcess.verifyAccessToken(before.AccessToken!)).resolves.toBeDefined();
    const jwks = (await identity.app.inject('/.well-known/jwks.json')).json<{ keys: { kid: string }[] }>();
    expect(jwks.keys.map((key) => key.kid)).toContain(oldKid);
  });

  it('another process sees a revocation through the database within the poll interval', async () => {
    const { tokens } = await signedIn();
    const otherProcess = createIdentityTokenVerifier(identity.config, {
      db: identity.db.withSchema('public') as never,
    });
    const principal = await otherProcess.verifyAccessToken(tokens.AccessToken!);
    // Revoked by "another process": written to the database only, not announced in this one.
    await identity.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('origin_jti', '=', principal.originJti)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_POLL_MS + 100));
    await expect(otherProcess.verifyAccessToken(tokens.AccessToken!)).rejects.toThrow(
      'Access Token has been revoked',
    );
  });
});
