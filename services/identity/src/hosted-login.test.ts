/**
 * The hosted login (authorization code + PKCE) as Amplify's signInWithRedirect drives it: the authorize page, the
 * form post with its anti-forgery token, an MFA code, the redirect with code and state, the token exchange, and
 * logout; plus the refusals that keep it from being an open redirector or a code oracle.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describeEachDatabase } from '@tessera/platform/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hotp, totpStep } from './modules/mfa/totp.ts';
import { type IdentityHarness, startIdentity, strongPassword, uniqueEmail } from './testing/harness.ts';

const redirectUri = 'https://app.example/';

describeEachDatabase('identity hosted login', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase(), {
      IDENTITY_OAUTH_REDIRECT_URIS: `${redirectUri},https://app.example/bye`,
    });
  });
  afterAll(async () => {
    await identity?.close();
  });

  function pkce() {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }

  function authorizeQuery(challenge: string, extra: Record<string, string> = {}) {
    return new URLSearchParams({
      client_id: identity.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'state-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      identity_provider: 'COGNITO',
      ...extra,
    }).toString();
  }

  /** Opens the page and returns its hidden fields and the anti-forgery cookie, as a browser would hold them. */
  async function openForm(challenge: string) {
    const page = await identity.app.inject({ url: `/oauth2/authorize?${authorizeQuery(challenge)}` });
    expect(page.statusCode).toBe(200);
    const fields = Object.fromEntries(
      [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    return { page, fields, cookie };
  }

  async function post(cookie: string, form: Record<string, string>) {
    return identity.app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams(form).toString(),
    });
  }

  async function exchange(code: string, verifier: string) {
    return identity.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://app.example' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: identity.clientId,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }).toString(),
    });
  }

  it('signs in on the hosted page and exchanges the code once, with PKCE', async () => {
    const email = uniqueEmail('hosted');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const { verifier, challenge } = pkce();
    const { page, fields, cookie } = await openForm(challenge);
    expect(page.body).toContain('<label for="email">');
    expect(page.body).not.toMatch(/<script|<style|style=/);
    expect(cookie).toMatch(/^tessera_login_csrf=/);

    const wrong = await post(cookie, { ...fields, username: email, password: 'Wr0ng-password!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('role="alert"');
    const nextCookie = String(wrong.headers['set-cookie']).split(';')[0]!;
    const nextFields = Object.fromEntries(
      [...wrong.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const signedIn = await post(nextCookie, { ...nextFields, username: email, password });
    expect(signedIn.statusCode).toBe(302);
    const location = new URL(String(signedIn.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code')!;

    expect((await exchange(code, pkce().verifier)).json()).toMatchObject({ error: 'invalid_grant' });
    // The failed attempt consumed the code: a stolen code cannot be tried with several verifiers.
    expect((await exchange(code, verifier)).json()).toMatchObject({ error: 'invalid_grant' });

    const second = await openForm(challenge);
    const again = await post(second.cookie, { ...second.fields, username: email, password });
    const secondCode = new URL(String(again.headers.location)).searchParams.get('code')!;
    const tokens = await exchange(secondCode, verifier);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.headers['access-control-allow-origin']).toBe('https://app.example');
    const body = tokens.json<{
      access_token: string;
      id_token: string;
      refresh_token: string;
      token_type: string;
      expires_in: number;
    }>();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(decodeJwt(body.access_token)['scope']).toBe('openid email profile');
    await expect(identity.verifier.verifyAccessToken(body.access_token)).resolves.toMatchObject({
      scopes: ['openid', 'email', 'profile'],
    });
    // Without the user-admin scope, self-service operations are refused (spec section 5).
    await expect(
      identity.client.send(new GetUserCommand({ AccessToken: body.access_token })),
    ).rejects.toMatchObject({
      message: 'Access Token does not have required scopes',
    });
    const refreshed = await identity.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: identity.clientId,
        refresh_token: body.refresh_token,
      }).toString(),
    });
    expect(refreshed.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
  });

  it('a replayed authorization code also revokes the tokens issued from its first exchange (RFC 6749 section 4.1.2)', async () => {
    const email = uniqueEmail('replay');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const { verifier, challenge } = pkce();
    const { fields, cookie } = await openForm(challenge);
    const signedIn = await post(cookie, { ...fields, username: email, password });
    const code = new URL(String(signedIn.headers.location)).searchParams.get('code')!;
    const first = await exchange(code, verifier);
    expect(first.statusCode).toBe(200);
    const tokens = first.json<{ access_token: string; refresh_token: string }>();
    await expect(identity.verifier.verifyAccessToken(tokens.access_token)).resolves.toBeDefined();

    // The code comes back (an attacker who saw it, or the victim's browser after the attacker): refused...
    const replay = await exchange(code, verifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    // ...and whatever the first exchange gave is dead: the refresh token and the access token.
    const refresh = await identity.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: identity.clientId,
        refresh_token: tokens.refresh_token,
      }).toString(),
    });
    expect(refresh.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Refresh Token has been revoked',
    });
    await expect(identity.verifier.verifyAccessToken(tokens.access_token)).rejects.toThrow();
    await expect(
      identity.client.send(new GetUserCommand({ AccessToken: tokens.access_token })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('a code exchanged twice at once leaves no live session from either exchange', async () => {
    const email = uniqueEmail('replay-race');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const { verifier, challenge } = pkce();
    const { fields, cookie } = await openForm(challenge);
    const signedIn = await post(cookie, { ...fields, username: email, password });
    const code = new URL(String(signedIn.headers.location)).searchParams.get('code')!;
    const answers = await Promise.all([exchange(code, verifier), exchange(code, verifier)]);
    expect(answers.some((answer) => answer.statusCode === 400)).toBe(true);
    for (const answer of answers.filter((each) => each.statusCode === 200)) {
      const { access_token } = answer.json<{ access_token: string }>();
      await expect(identity.verifier.verifyAccessToken(access_token)).rejects.toThrow();
    }
  });

  it('asks for the TOTP code of a user with MFA before redirecting', async () => {
    const email = uniqueEmail('hosted-mfa');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const access = (await identity.passwordAuth(email, password)).AuthenticationResult!.AccessToken;
    const { SecretCode } = await identity.client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: access }),
    );
    await identity.client.send(
      new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: hotp(SecretCode!, totpStep() - 1) }),
    );
    await identity.client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: access,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );

    const { challenge } = pkce();
    const { fields, cookie } = await openForm(challenge);
    const codeForm = await post(cookie, { ...fields, username: email, password });
    expect(codeForm.statusCode).toBe(200);
    expect(codeForm.body).toContain('autocomplete="one-time-code"');
    const codeFields = Object.fromEntries(
      [...codeForm.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const codeCookie = String(codeForm.headers['set-cookie']).split(';')[0]!;
    const wrong = await post(codeCookie, { ...codeFields, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const retryCookie = String(wrong.headers['set-cookie']).split(';')[0]!;
    const retryFields = Object.fromEntries(
      [...wrong.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const done = await post(retryCookie, { ...retryFields, code: hotp(SecretCode!, totpStep() + 1) });
    expect(done.statusCode).toBe(302);
    expect(new URL(String(done.headers.location)).searchParams.get('code')).toBeTruthy();
  });

  it('never redirects to an unlisted redirect_uri; other mistakes go back with error and state', async () => {
    const { challenge } = pkce();
    const unlisted = await identity.app.inject({
      url: `/oauth2/authorize?${authorizeQuery(challenge, { redirect_uri: 'https://evil.example/' })}`,
    });
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.headers.location).toBeUndefined();
    const noPkce = await identity.app.inject({
      url: `/oauth2/authorize?${authorizeQuery(challenge, { code_challenge_method: 'plain' })}`,
    });
    expect(noPkce.statusCode).toBe(302);
    const location = new URL(String(noPkce.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('state-123');
  });

  it('refuses a form posted without its anti-forgery token', async () => {
    const email = uniqueEmail('csrf');
    const password = strongPassword();
    await identity.signUpConfirmed(email, password);
    const { fields } = await openForm(pkce().challenge);
    const forged = await post('tessera_login_csrf=attacker', { ...fields, username: email, password });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
  });

  it('lets the form redirect to the app, and nothing else, under its Content Security Policy', async () => {
    const page = await identity.app.inject({ url: `/oauth2/authorize?${authorizeQuery(pkce().challenge)}` });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("form-action 'self' https://app.example");
    expect(policy).toContain("script-src 'self'");
  });

  it("answers the browser's preflight for Amplify's token request from the app's origin only", async () => {
    const preflight = (origin: string) =>
      identity.app.inject({
        method: 'OPTIONS',
        url: '/oauth2/token',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-user-agent',
        },
      });
    const allowed = await preflight('https://app.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    const headers = String(allowed.headers['access-control-allow-headers']).split(/,\s*/);
    expect(headers).toEqual(expect.arrayContaining(['content-type', 'x-amz-user-agent']));
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('speaks French when asked', async () => {
    const page = await identity.app.inject({
      url: `/oauth2/authorize?${authorizeQuery(pkce().challenge, { lang: 'fr' })}`,
    });
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Connexion à Tessera');
  });

  it('logs out to an allowed logout_uri only', async () => {
    const ok = await identity.app.inject({
      url: `/logout?client_id=${identity.clientId}&logout_uri=${encodeURIComponent('https://app.example/bye')}`,
    });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('https://app.example/bye');
    const refused = await identity.app.inject({
      url: `/logout?client_id=${identity.clientId}&logout_uri=${encodeURIComponent('https://evil.example/')}`,
    });
    expect(refused.statusCode).toBe(400);
  });
});
