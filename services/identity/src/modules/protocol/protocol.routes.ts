/**
 * POST /identity (and /identity/): Cognito's user-pool JSON protocol, so the unmodified aws-amplify and AWS SDK
 * work against this service (../shared/reference/identity-wire-protocol.md).
 *
 * Requests carry `x-amz-target: AWSCognitoIdentityProviderService.<Operation>` and an
 * `application/x-amz-json-1.1` body. Answers are JSON of the same type; errors are `{ __type, message }` with the
 * `x-amzn-errortype` header. CORS allows any origin: the endpoint takes no cookies (tokens travel in the body),
 * so a cross-origin caller gains nothing it could not do from its own server, and a managed Cognito pool
 * answers the same way.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, documentOnly } from '@tessera/platform';
import { z } from 'zod';
import { pickLocale } from '../outbox/messages.ts';
import type { IdentityRuntime } from '../../runtime.ts';
import { CognitoError } from './cognito-errors.ts';
import { operations } from './operations.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';

/** The request headers Amplify and the AWS SDK send (wire protocol, "Requests"). */
const allowedHeaders = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
  'cache-control',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'authorization',
  'user-agent',
].join(', ');

function setCorsHeaders(reply: FastifyReply): void {
  void reply.header('access-control-allow-origin', '*');
  void reply.header(
    'access-control-expose-headers',
    'x-amzn-errortype, x-amzn-requestid, x-amzn-errormessage, date',
  );
  // Helmet sets same-origin; a cross-origin caller of this API must be able to read the answer.
  void reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** Sends an error as Cognito does. */
export function sendCognitoError(reply: FastifyReply, error: CognitoError): FastifyReply {
  const retryAfterS = error.details['retryAfterSeconds'];
  if (typeof retryAfterS === 'number') {
    void reply.header('retry-after', String(Math.ceil(retryAfterS)));
  }
  return reply
    .status(error.statusCode)
    .header('x-amzn-errortype', `${error.code}:`)
    .header('x-amzn-errormessage', headerSafe(error.message))
    .type(AMZ_JSON)
    .send({ __type: error.code, message: error.message });
}

/**
 * A message as a header value: HTTP headers carry visible ASCII only (Node refuses anything else with an exception,
 * which was a 500 for a message echoing a client id such as 'client-€'). The body keeps the message as it is.
 */
function headerSafe(message: string): string {
  return message.replace(/[^\x20-\x7e]/g, '?');
}

/** A path step as the message shows it: a member name, an index, or `*` for a map key the caller chose. */
function pathStep(step: PropertyKey): string {
  return typeof step === 'number' || (typeof step === 'string' && /^[A-Za-z_][\w.-]{0,63}$/.test(step))
    ? String(step)
    : '*';
}

/** Turns a zod failure into InvalidParameterException naming the first bad member (never its value). */
function invalidParameter(error: z.ZodError): CognitoError {
  const issue = error.issues[0];
  const path = issue?.path.map(pathStep).join('.') || 'request';
  return new CognitoError(
    'InvalidParameterException',
    `1 validation error detected: Value at '${path}' failed to satisfy constraint: ${issue?.message ?? 'invalid'}`,
  );
}

/** Maps whatever an operation threw to the error the client sees; undefined means an unexpected failure. */
function toCognitoError(error: unknown): CognitoError | undefined {
  if (error instanceof CognitoError) {
    return error;
  }
  if (error instanceof z.ZodError) {
    return invalidParameter(error);
  }
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (
    error instanceof AppError ||
    (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
  ) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return new CognitoError('InvalidParameterException', 'The request body is too large.');
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return new CognitoError(
        'UnknownOperationException',
        'The content type must be application/x-amz-json-1.1.',
      );
    }
    return new CognitoError('SerializationException');
  }
  return undefined;
}

/** Runs the operation named by x-amz-target. */
async function handle(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  setCorsHeaders(reply);
  void reply.header('x-amzn-requestid', request.id ?? randomUUID());
  void reply.header('cache-control', 'no-store');
  const target = request.headers['x-amz-target'];
  const name =
    typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
  if (!operation) {
    throw new CognitoError('UnknownOperationException');
  }
  const parsed = operation.schema.safeParse(request.body ?? {});
  if (!parsed.success) {
    throw invalidParameter(parsed.error);
  }
  const info = { ip: request.ip, locale: pickLocale(request.headers['accept-language']) };
  const output = await operation.run(rt, parsed.data, info);
  return reply.type(AMZ_JSON).send(output);
}

/**
 * The endpoint's documentation. Nothing here is enforced by the platform: the operations check their own input and
 * answer bad input in Cognito's shape (`{ __type, message }`), which the AWS SDK and Amplify understand.
 */
const cognitoErrorSchema = z
  .object({ __type: z.string(), message: z.string() })
  .describe('A Cognito error; its type also in the x-amzn-errortype header');
const protocolSchema = {
  summary: "Cognito's user-pool protocol: the operation named by X-Amz-Target",
  description:
    'SignUp, ConfirmSignUp, InitiateAuth, RespondToAuthChallenge, GetUser, GlobalSignOut, ... as the AWS SDK sends ' +
    'them (application/x-amz-json-1.1). See ../shared/reference/identity-wire-protocol.md.',
  headers: documentOnly(
    z
      .object({ 'x-amz-target': z.string().describe('AWSCognitoIdentityProviderService.<Operation>') })
      .catchall(z.unknown()),
  ),
  body: documentOnly(
    z.record(z.string(), z.unknown()).describe("The operation's input, as Cognito takes it"),
  ),
  response: {
    200: z.record(z.string(), z.unknown()).describe("The operation's output, as Cognito gives it"),
    400: cognitoErrorSchema,
    500: cognitoErrorSchema,
  },
};
const preflightSchema = {
  summary: 'CORS preflight of the protocol endpoint',
  response: { 204: z.null().describe('The allowed methods and headers') },
};

/** Registers the protocol endpoint (an encapsulated plugin: its error handler applies to it only). */
export async function protocolRoutes(app: FastifyInstance, { runtime }: { runtime: IdentityRuntime }) {
  // Amplify and the SDK send JSON under Amazon's media type; plain JSON is accepted too (curl, tests).
  app.addContentTypeParser(AMZ_JSON, { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new CognitoError('SerializationException'), undefined);
    }
  });
  app.setErrorHandler((error, request, reply) => {
    setCorsHeaders(reply);
    const cognitoError = toCognitoError(error);
    if (cognitoError) {
      request.log.info({ code: cognitoError.code }, 'identity request rejected');
      return sendCognitoError(reply, cognitoError);
    }
    request.log.error({ err: error }, 'unexpected identity error');
    return sendCognitoError(reply, new CognitoError('InternalErrorException'));
  });
  for (const url of ['/identity', '/identity/']) {
    app.post(url, { schema: protocolSchema }, (request, reply) => handle(runtime, request, reply));
    app.options(url, { schema: preflightSchema }, async (_request, reply) => {
      setCorsHeaders(reply);
      return reply
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', allowedHeaders)
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    });
  }
}
