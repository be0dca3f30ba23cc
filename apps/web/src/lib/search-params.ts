import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * Search-parameter parsing with the fallbacks of spec section 5. A string parameter that is present but not
 * acceptable becomes a marker string `invalid_<parameter>` (so a page can tell "absent" from "tampered with");
 * enumerations fall back to their defaults.
 */

/** The string parameters of the root-level routes, each with its own marker. */
export const MARKERS = {
  redirect: 'invalid_redirect',
  referral: 'invalid_referral',
  auth_code: 'invalid_auth_code',
  email: 'invalid_email',
  username: 'invalid_username',
  resendEmail: 'invalid_resendEmail',
  code: 'invalid_code',
  sendEmail: 'invalid_sendEmail',
} as const;

export type MarkedParameter = keyof typeof MARKERS;
export type Raw = Record<string, unknown>;

const MAX_LENGTH = 2048;
// Control characters never belong in a search value a page will echo or send on.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A redirect target must stay on this site: a path starting with one '/' and no backslash, so
 * `?redirect=//evil.example` or `https://evil.example` cannot send a signed-in customer elsewhere.
 */
export function isSafeRedirect(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    !CONTROL_CHARACTERS.test(value)
  );
}

function isAcceptable(name: MarkedParameter, value: string): boolean {
  if (value.length === 0 || value.length > MAX_LENGTH || CONTROL_CHARACTERS.test(value)) {
    return false;
  }
  if (name === 'redirect') {
    return isSafeRedirect(value);
  }
  if (name === 'email') {
    return EMAIL_PATTERN.test(value);
  }
  return true;
}

/** Parses one optional string parameter: absent stays absent, unacceptable becomes its marker. */
export function markedString(raw: Raw, name: MarkedParameter): string | undefined {
  const value = raw[name];
  if (value === undefined) {
    return undefined;
  }
  return typeof value === 'string' && isAcceptable(name, value) ? value : MARKERS[name];
}

/** Parses the named optional string parameters of a route. */
export function markedStrings<K extends MarkedParameter>(
  raw: Raw,
  names: readonly K[],
): { [P in K]?: string } {
  const result: { [P in K]?: string } = {};
  for (const name of names) {
    const value = markedString(raw, name);
    if (value !== undefined) {
      result[name] = value;
    }
  }
  return result;
}

/** True when a parsed value is a real value rather than absent or a marker. */
export function isProvided(value: string | undefined): value is string {
  return value !== undefined && !(Object.values(MARKERS) as string[]).includes(value);
}

/** Parses an enumeration, falling back to `fallback` for anything not listed. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** Parses a non-negative integer below `limit`, falling back to `fallback`. */
export function boundedIndex(value: unknown, limit: number, fallback: number): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,3}$/.test(text)) {
    return fallback;
  }
  const index = Number.parseInt(text, 10);
  return index < limit ? index : fallback;
}

/**
 * Search strings are read and written as plain strings (no JSON coercion), so `?code=123456` stays the string
 * a confirmation e-mail sent and `?product=AAPL_cboe` reads the same in the address bar.
 */
export function parseSearch(search: string): Raw {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const result: Raw = {};
  for (const [key, value] of params) {
    result[key] = value;
  }
  return result;
}

/** The inverse of {@link parseSearch}: undefined values are left out. */
export function stringifySearch(search: Raw): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The input type of every route's validateSearch: every parameter optional, so links to a route need not name
 * them (the validator supplies the fallbacks).
 */
export type SearchInput = Raw & SearchSchemaInput;
