/**
 * Errors with stable codes, defined once per service and mapped once at the HTTP edge.
 *
 * Each code is a promise to clients (the web app shows `t('errors.<code>')`), so codes never change meaning and
 * every defined code is listed in docs/api.md from {@link listErrorDefinitions}.
 */
import type { z } from 'zod';

/** Extra, client-safe facts about an error (never a stack or a driver message). */
export type ErrorDetails = Readonly<Record<string, unknown>>;

/** An expected failure with a stable `code`, an HTTP `statusCode` and client-safe `details`. */
export class AppError<Code extends string = string> extends Error {
  override readonly name: string = 'AppError';
  readonly code: Code;
  readonly statusCode: number;
  readonly details: ErrorDetails;

  constructor(
    code: Code,
    statusCode: number,
    message: string,
    details: ErrorDetails = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.code = code;
    this.statusCode = statusCode;
    this.details = details;
  }
}

/** What {@link defineError} records about a code, for documentation. */
export interface ErrorDefinition {
  readonly code: string;
  readonly statusCode: number;
  readonly defaultMessage: string;
}

/** The constructor returned by {@link defineError}: `new X(message?, details?)`, plus its code and status. */
export interface DefinedError<Code extends string> {
  new (message?: string, details?: ErrorDetails, options?: ErrorOptions): AppError<Code>;
  readonly code: Code;
  readonly statusCode: number;
  readonly defaultMessage: string;
  /** True when `error` is an instance of this error (same code). */
  is(error: unknown): error is AppError<Code>;
}

const registry = new Map<string, ErrorDefinition>();

const codePattern = /^[A-Z][A-Z0-9_]{1,63}$/;

/**
 * Defines an error code once. Codes are SCREAMING_SNAKE_CASE and unique across the process; defining the same
 * code twice with a different status or message throws, so two services cannot give one code two meanings.
 */
export function defineError<const Code extends string>(
  code: Code,
  statusCode: number,
  defaultMessage: string,
): DefinedError<Code> {
  if (!codePattern.test(code)) {
    throw new Error(`Error code ${code} must be SCREAMING_SNAKE_CASE.`);
  }
  if (!Number.isInteger(statusCode) || statusCode < 400 || statusCode > 599) {
    throw new Error(`Error ${code} needs a 4xx or 5xx status, got ${statusCode}.`);
  }
  const existing = registry.get(code);
  if (existing && (existing.statusCode !== statusCode || existing.defaultMessage !== defaultMessage)) {
    throw new Error(`Error code ${code} is already defined with another status or message.`);
  }
  registry.set(code, { code, statusCode, defaultMessage });

  const errorName = `${toPascalCase(code)}Error`;
  const Defined = class extends AppError<Code> {
    static readonly code = code;
    static readonly statusCode = statusCode;
    static readonly defaultMessage = defaultMessage;
    override readonly name = errorName;

    constructor(message: string = defaultMessage, details: ErrorDetails = {}, options?: ErrorOptions) {
      super(code, statusCode, message, details, options);
    }

    static is(error: unknown): error is AppError<Code> {
      return error instanceof AppError && error.code === code;
    }
  };
  Object.defineProperty(Defined, 'name', { value: errorName });
  return Defined;
}

/** Every code defined so far in this process, sorted by code (for docs/api.md). */
export function listErrorDefinitions(): ErrorDefinition[] {
  return [...registry.values()].sort((a, b) => a.code.localeCompare(b.code));
}

function toPascalCase(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

// The codes every service shares. Services define their own with a prefix (LEDGER_INSUFFICIENT_FUNDS).

/** 400: the request does not match its schema; details.issues lists `{ path, message }`. */
export const ValidationFailedError = defineError('VALIDATION_FAILED', 400, 'The request is not valid.');
/** 401: no valid credentials were presented. */
export const UnauthenticatedError = defineError('UNAUTHENTICATED', 401, 'Sign in to continue.');
/** 403: the caller is known but may not do this. */
export const ForbiddenError = defineError('FORBIDDEN', 403, 'You are not allowed to do this.');
/** 404: the route or resource does not exist (or is not visible to the caller). */
export const NotFoundError = defineError('NOT_FOUND', 404, 'Not found.');
/** 405: the route exists but not for this method. */
export const MethodNotAllowedError = defineError(
  'METHOD_NOT_ALLOWED',
  405,
  'This method is not allowed here.',
);
/** 409: the request conflicts with the current state of the resource. */
export const ConflictError = defineError('CONFLICT', 409, 'The request conflicts with the current state.');
/** 413: the request body is larger than the limit. */
export const PayloadTooLargeError = defineError('PAYLOAD_TOO_LARGE', 413, 'The request body is too large.');
/** 415: the request body's content type is not accepted. */
export const UnsupportedMediaTypeError = defineError(
  'UNSUPPORTED_MEDIA_TYPE',
  415,
  'This content type is not supported.',
);
/** 422: an Idempotency-Key was reused with a different request. */
export const IdempotencyKeyReusedError = defineError(
  'IDEMPOTENCY_KEY_REUSED',
  422,
  'This idempotency key was already used for a different request.',
);
/** 429: too many requests; details may carry `retryAfterSeconds`. */
export const RateLimitedError = defineError('RATE_LIMITED', 429, 'Too many requests. Try again later.');
/** 500: an unexpected failure; details.requestId identifies it in the logs. */
export const InternalError = defineError('INTERNAL', 500, 'Something went wrong');
/** 503: the process cannot serve requests yet or any more (starting, shutting down, database down). */
export const NotReadyError = defineError('NOT_READY', 503, 'The service is not ready.');

/** One problem found by validation: where (a dotted path) and what. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/** Turns zod issues into client-safe `{ path, message }` pairs (no received values, no internals). */
export function toValidationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** A VALIDATION_FAILED error from a zod error, with `details.issues`. */
export function validationFailed(error: z.ZodError): AppError<'VALIDATION_FAILED'> {
  return new ValidationFailedError(undefined, { issues: toValidationIssues(error) });
}

/** Parses `value` with `schema` or throws VALIDATION_FAILED, for validation at the HTTP edge. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw validationFailed(result.error);
  }
  return result.data;
}
