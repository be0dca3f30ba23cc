import { describe, expect, it } from 'vitest';
import { hasStoredSession, isHostedLoginReturn, secureCookies } from './amplify.ts';
import { hostedLoginDestination, isInvalidSession, SIGNED_IN_HOME } from './auth.ts';
import { authErrorKey } from './auth-errors.ts';

describe('the return from the hosted login', () => {
  it('is the site root with a code (or an error) and the state', () => {
    expect(isHostedLoginReturn({ pathname: '/', search: '?code=abc&state=xyz' })).toBe(true);
    expect(isHostedLoginReturn({ pathname: '/', search: '?error=invalid_request&state=xyz' })).toBe(true);
    // A confirmation link on /login also carries `code`, but never a state: it is not a hosted-login return.
    expect(isHostedLoginReturn({ pathname: '/login', search: '?code=123456&username=a@b.c' })).toBe(false);
    expect(isHostedLoginReturn({ pathname: '/', search: '?code=abc' })).toBe(false);
    expect(isHostedLoginReturn({ pathname: '/', search: '' })).toBe(false);
  });

  it('continues to the page the sign-in was for, only on this site', () => {
    expect(hostedLoginDestination({ ok: true, customState: '/dashboard/market/' })).toEqual({
      href: '/dashboard/market/',
    });
    expect(hostedLoginDestination({ ok: true, customState: undefined })).toEqual({ href: SIGNED_IN_HOME });
    for (const offSite of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      expect(hostedLoginDestination({ ok: true, customState: offSite })).toEqual({ href: SIGNED_IN_HOME });
    }
  });

  it('goes back to /login with the spec message for a state this browser did not send', () => {
    const stateError = Object.assign(new Error('An error occurred while validating the state.'), {
      name: 'OAuthSignInException',
    });
    expect(hostedLoginDestination({ ok: false, error: stateError })).toEqual({
      href: '/login',
      errorKey: 'errors:auth.oauthState',
    });
    const refused = Object.assign(new Error('invalid_grant'), { name: 'OAuthSignInException' });
    expect(hostedLoginDestination({ ok: false, error: refused }).errorKey).toBe('auth:errors.hostedLogin');
    expect(authErrorKey(new Error('OAuth wait time-out'))).toBe('auth:errors.hostedLogin');
  });
});

describe('sessions', () => {
  it('recognises the invalid-session messages of spec section 8, and only those', () => {
    expect(isInvalidSession(new Error('Access Token has been revoked'))).toBe(true);
    expect(isInvalidSession('Refresh Token has expired')).toBe(true);
    expect(isInvalidSession(new Error('Incorrect username or password.'))).toBe(false);
  });

  it('keeps cookies Secure except on plain http to this machine', () => {
    expect(secureCookies({ protocol: 'https:', hostname: 'bank.example' })).toBe(true);
    expect(secureCookies({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(true);
    expect(secureCookies({ protocol: 'http:', hostname: 'bank.example' })).toBe(false);
  });
});

describe('a stored session, read without loading Amplify', () => {
  const prefix = 'CognitoIdentityServiceProvider.tessera-web.ana.demo%40tessera.test';

  it("is there when Amplify's token cookies are", () => {
    expect(hasStoredSession(`lng=fr; ${prefix}.accessToken=eyJ.a.b; ${prefix}.refreshToken=r`)).toBe(true);
    expect(hasStoredSession(`${prefix}.refreshToken=r`)).toBe(true);
  });

  it('is not there for a visitor who never signed in or signed out (a remembered device is no session)', () => {
    expect(hasStoredSession('')).toBe(false);
    expect(hasStoredSession('lng=en')).toBe(false);
    expect(
      hasStoredSession(`${prefix}.deviceKey=k; CognitoIdentityServiceProvider.tessera-web.LastAuthUser=a`),
    ).toBe(false);
    expect(hasStoredSession(`${prefix}.accessToken=; x=1`)).toBe(false);
    expect(hasStoredSession(`x${prefix}.accessToken=a`)).toBe(false);
  });
});
