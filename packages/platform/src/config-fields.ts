/**
 * Building blocks for configuration variables: each parses one environment string with a clear, value-free message.
 * The platform's own variables use them, and a service declares its config section with them.
 */
import { z } from 'zod';

/** An integer in [min, max] given as a decimal string, with a default when unset. */
export function envInteger(defaultValue: number, { min, max }: { min: number; max: number }) {
  return z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    )
    .default(defaultValue);
}

/** A boolean given as true/false, 1/0, yes/no or on/off (any case), with a default when unset. */
export function envBoolean(defaultValue: boolean) {
  return z
    .stringbool({
      truthy: ['true', '1', 'yes', 'on'],
      falsy: ['false', '0', 'no', 'off'],
      case: 'insensitive',
      error: 'must be true or false',
    })
    .default(defaultValue);
}

const PROXY_ADDRESS = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:\/[0-9]{1,3})?$/;

/**
 * TRUST_PROXY: a boolean word as {@link envBoolean}, or a comma-separated list of the balancers' IPv4/IPv6 addresses
 * or CIDR blocks (kept as a string for Fastify's trustProxy), default false.
 */
export function envTrustProxy() {
  return z
    .string()
    .transform((value, context) => {
      const word = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(word)) {
        return true;
      }
      if (['false', '0', 'no', 'off'].includes(word)) {
        return false;
      }
      const parts = value.split(',').map((part) => part.trim());
      if (parts.length > 0 && parts.length <= 64 && parts.every((part) => PROXY_ADDRESS.test(part))) {
        return parts.join(',');
      }
      context.addIssue({
        code: 'custom',
        message: 'must be true, false or a list of proxy addresses or CIDR blocks',
      });
      return z.NEVER;
    })
    .default(false);
}

/** One of a fixed list of words, with a default when unset. */
export function envEnum<const T extends readonly [string, ...string[]]>(values: T, defaultValue: T[number]) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` }).default(defaultValue as never);
}

/** An absolute http(s) URL without a trailing slash (so `${url}/path` is always right). */
export function envHttpUrl() {
  return z
    .string()
    .refine((value) => isHttpUrl(value), { error: 'must be an absolute http:// or https:// URL' })
    .transform((value) => value.replace(/\/+$/, ''));
}

/** A base URL for a service: an absolute http(s) URL or a path on this origin starting with `/`. */
export function envBaseUrl(defaultValue: string) {
  return z
    .string()
    .refine((value) => /^\/[A-Za-z0-9._~!$&'()*+,;=:@/-]*$/.test(value) || isHttpUrl(value), {
      error: 'must be a path starting with / or an absolute http(s) URL',
    })
    .transform((value) => (value.length > 1 ? value.replace(/\/+$/, '') : value))
    .default(defaultValue);
}

/** A non-empty string of at most `maxLength` characters, with a default when unset. */
export function envString(defaultValue: string, maxLength = 256) {
  return z
    .string()
    .max(maxLength, { error: `must be at most ${maxLength} characters` })
    .default(defaultValue);
}

/** True for an absolute http:// or https:// URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** True for a postgres:// or postgresql:// URL with a host. */
export function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(value)) {
    return false;
  }
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}
