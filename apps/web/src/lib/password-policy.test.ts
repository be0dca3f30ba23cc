import { describe, expect, it } from 'vitest';
import { isPhoneNumber, passwordProblems } from './password-policy.ts';
import { authErrorKey } from './auth-errors.ts';

describe('password policy (spec section 5)', () => {
  it('accepts a password with every character class and at least 8 characters', () => {
    expect(passwordProblems('Tessera#2026')).toEqual([]);
  });

  it('names each broken rule', () => {
    expect(passwordProblems('abc')).toEqual([
      'auth:password.length',
      'auth:password.uppercase',
      'auth:password.digit',
      'auth:password.symbol',
    ]);
    expect(passwordProblems('ABCDEFGH1!')).toEqual(['auth:password.lowercase']);
  });

  it('accepts only E.164 phone numbers', () => {
    expect(isPhoneNumber('+33612345678')).toBe(true);
    expect(isPhoneNumber('0612345678')).toBe(false);
    expect(isPhoneNumber('+0612345678')).toBe(false);
  });
});

describe('authentication errors', () => {
  const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

  it("shows the spec's messages and never the server's raw text", () => {
    expect(authErrorKey(named('EmptySignInUsername'))).toBe('errors:auth.usernameEmpty');
    expect(authErrorKey(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'auth:errors.notAuthorized',
    );
    expect(authErrorKey(named('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'auth:errors.tooMany',
    );
    expect(authErrorKey(named('SomethingNew', 'stack trace here'))).toBe('errors:auth.authenticationError');
    expect(authErrorKey('nope')).toBe('errors:auth.authenticationError');
  });
});
