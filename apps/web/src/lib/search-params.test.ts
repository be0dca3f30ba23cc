import { describe, expect, it } from 'vitest';
import {
  boundedIndex,
  isSafeRedirect,
  markedString,
  markedStrings,
  oneOf,
  parseSearch,
  stringifySearch,
} from './search-params.ts';

describe('marked string parameters', () => {
  it('keeps a valid value and leaves an absent one absent', () => {
    expect(markedString({ username: 'ana@example.com' }, 'username')).toBe('ana@example.com');
    expect(markedString({}, 'username')).toBeUndefined();
  });

  it('turns each unacceptable parameter into its own marker', () => {
    expect(
      markedStrings({ redirect: 'https://evil.example', code: '', email: 'not-an-email' }, [
        'redirect',
        'code',
        'email',
      ]),
    ).toEqual({ redirect: 'invalid_redirect', code: 'invalid_code', email: 'invalid_email' });
    expect(markedString({ resendEmail: 42 }, 'resendEmail')).toBe('invalid_resendEmail');
    expect(markedString({ sendEmail: 'a\u0000b' }, 'sendEmail')).toBe('invalid_sendEmail');
    expect(markedString({ auth_code: 'x'.repeat(3000) }, 'auth_code')).toBe('invalid_auth_code');
    expect(markedString({ referral: ['a'] }, 'referral')).toBe('invalid_referral');
  });

  it('only accepts redirects that stay on this site', () => {
    expect(isSafeRedirect('/dashboard/wallets/?action=new')).toBe(true);
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'dashboard',
      'javascript:x',
    ]) {
      expect(isSafeRedirect(bad)).toBe(false);
    }
  });
});

describe('enumerations and indexes', () => {
  it('falls back to the default for unknown values', () => {
    expect(oneOf('transfer', ['new', 'transfer'], 'new')).toBe('transfer');
    expect(oneOf('delete', ['new', 'transfer'], 'new')).toBe('new');
    expect(oneOf(undefined, ['new', 'transfer'], 'new')).toBe('new');
  });

  it('accepts only small non-negative integers below the limit', () => {
    expect(boundedIndex('2', 3, 0)).toBe(2);
    for (const bad of ['3', '-1', '1.5', 'x', '', '1e2', undefined]) {
      expect(boundedIndex(bad, 3, 0)).toBe(0);
    }
  });
});

describe('search strings', () => {
  it('keeps numeric-looking codes as strings and round-trips', () => {
    const parsed = parseSearch('?code=012345&username=ana%40example.com');
    expect(parsed).toEqual({ code: '012345', username: 'ana@example.com' });
    expect(stringifySearch({ product: 'AAPL_cboe', to: 2, skip: undefined })).toBe('?product=AAPL_cboe&to=2');
    expect(stringifySearch({})).toBe('');
  });
});
