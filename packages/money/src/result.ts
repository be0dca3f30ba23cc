import { MoneyError } from './money-error.ts';
import type { MoneyErrorCode } from './money-error.ts';

/** A successful outcome. */
export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

/**
 * A named rejection: `code` is stable (translate it with `t('errors.<code>')`), `message` is English for logs
 * and the HTTP envelope, `details` carries the limit that was broken when one helps the user.
 */
export interface Rejection<C extends string> {
  readonly ok: false;
  readonly code: C;
  readonly message: string;
  readonly details?: Readonly<Record<string, string | number>>;
}

/** The outcome of validating untrusted input: a value, or a rejection with a named code. */
export type Result<T, C extends string> = Ok<T> | Rejection<C>;

/** Builds a successful {@link Result}. */
export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

/** Builds a {@link Rejection}. */
export function reject<C extends string>(
  code: C,
  message: string,
  details?: Readonly<Record<string, string | number>>,
): Rejection<C> {
  return details === undefined ? { ok: false, code, message } : { ok: false, code, message, details };
}

/**
 * Returns the value of a result known to succeed (seed data, constants); throws a {@link MoneyError} with the
 * rejection's code otherwise. Never use it on customer input: branch on `ok` there.
 */
export function unwrap<T, C extends MoneyErrorCode>(result: Result<T, C>): T {
  if (result.ok) {
    return result.value;
  }
  throw new MoneyError(result.code, result.message);
}
