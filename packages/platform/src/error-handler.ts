/**
 * The HTTP edge of error handling: every error leaves as `{ "error": { "code", "message", "details" } }`.
 *
 * AppErrors keep their code, status and details. Fastify's own request errors (schema validation, bad JSON, body
 * too large, unsupported content type) get the matching common code with our message, never Fastify's text.
 * Anything else is a programmer error: it is logged with its stack and answered with a generic 500 carrying the
 * request id, so a driver message or a stack never reaches a client (ARCHITECTURE.md, Interfaces).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import {
  AppError,
  ConflictError,
  type DefinedError,
  type ErrorDetails,
  ForbiddenError,
  InternalError,
  MethodNotAllowedError,
  NotFoundError,
  NotReadyError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationFailedError,
  validationFailed,
} from './errors.ts';
import { requestIdHeader } from './logging.ts';

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: string; message: string; details: ErrorDetails };
}

/** Builds the JSON body for an AppError. */
export function toErrorBody(error: AppError): ErrorBody {
  return { error: { code: error.code, message: error.message, details: error.details } };
}

const errorsByStatus: Record<number, DefinedError<string>> = {
  400: ValidationFailedError,
  401: UnauthenticatedError,
  403: ForbiddenError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  429: RateLimitedError,
  503: NotReadyError,
};

/**
 * Maps any thrown value to the AppError sent to the client, or `undefined` when it is unexpected (a 500).
 * Exported for tests and for websocket handlers that need the same mapping.
 */
export function toClientError(error: unknown): AppError | undefined {
  if (error instanceof AppError) {
    return error;
  }
  if (error instanceof ZodError) {
    return validationFailed(error);
  }
  if (!isFastifyRequestError(error)) {
    return undefined;
  }
  if (error.validation) {
    const issues = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
        .filter(Boolean)
        .join('.'),
      message: issue.message ?? 'is not valid',
    }));
    return new ValidationFailedError(undefined, { issues });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new ValidationFailedError('The request body is not valid JSON.');
  }
  const Defined = errorsByStatus[error.statusCode];
  return Defined ? new Defined() : undefined;
}

/**
 * A Fastify error about the request itself: a 4xx from Fastify or a plugin (`FST_*`, or an http-errors style error
 * that says it is safe to expose). Only its status is trusted; its message is replaced by ours.
 */
function isFastifyRequestError(error: unknown): error is FastifyError & { statusCode: number } {
  if (!(error instanceof Error)) {
    return false;
  }
  const { statusCode, code, expose } = error as Partial<FastifyError> & { expose?: boolean };
  const isClientStatus = typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
  return isClientStatus && ((typeof code === 'string' && code.startsWith('FST_')) || expose === true);
}

/** Sends an AppError as JSON with its status (and Retry-After for RATE_LIMITED when known). */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const retryAfterSeconds = error.details['retryAfterSeconds'];
  if (error.statusCode === 429 && typeof retryAfterSeconds === 'number') {
    void reply.header('retry-after', String(Math.ceil(retryAfterSeconds)));
  }
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(toErrorBody(error));
}

/** Answers NOT_FOUND as JSON; the not-found handler of APIs (`app.setNotFoundHandler(notFoundHandler)`). */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, new NotFoundError(`No route for ${request.method} ${request.url.split('?')[0]}.`));
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals, raised before any hook or error handler runs (a
 * path parameter that is not valid percent-encoding, FST_ERR_BAD_URL; one longer than the router's limit,
 * FST_ERR_MAX_PARAM_LENGTH), answered in our envelope as VALIDATION_FAILED instead of Fastify's own body.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long.'
      : 'A path parameter is not valid percent-encoding.';
  request.log.info({ code: error.code }, 'request rejected by the router');
  // No hook runs for these, so the request id the other answers carry is set here.
  void reply.header(requestIdHeader, request.id);
  void sendError(reply, new ValidationFailedError(undefined, { issues: [{ path: 'params', message }] }));
}

function handleError(this: FastifyInstance, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const clientError = toClientError(error);
  if (clientError && clientError.statusCode < 500) {
    request.log.info({ code: clientError.code, statusCode: clientError.statusCode }, 'request rejected');
    return sendError(reply, clientError);
  }
  if (clientError) {
    // A 5xx we defined ourselves (NOT_READY): its message is ours, so it is safe to send.
    request.log.warn({ code: clientError.code, err: error }, 'request failed');
    return sendError(reply, clientError);
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendError(reply, new InternalError(undefined, { requestId: request.id }));
}

/**
 * Installs the error handler on the root instance (it is not encapsulated, so every service inherits it).
 * Does not set a not-found handler: the server has its own (SPA fallback); a service run alone adds
 * {@link notFoundHandler}.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
  },
  { name: '@tessera/platform/error-handler', fastify: '5.x' },
);
