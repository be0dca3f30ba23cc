/**
 * Logging: pino options with redaction, and request ids that follow a request through every log line.
 *
 * A caller (a load balancer, the web app) may send `x-request-id`; we keep it when it is safe to log, otherwise we
 * make a UUID. Either way it goes back in the response header, and a 500 carries it in its details, so a customer
 * can quote it to support and support can find the log lines.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** The request header that carries the request id, in and out. */
export const requestIdHeader = 'x-request-id';

const safeRequestId = /^[A-Za-z0-9-]{8,64}$/;

/** Keeps a safe incoming `x-request-id` (8 to 64 letters, digits, dashes); otherwise makes a UUID. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate !== undefined && safeRequestId.test(candidate) ? candidate : randomUUID();
}

/** Field names whose values are secrets wherever they appear in a logged object (up to two levels deep). */
export const secretFieldNames = [
  'password',
  'newPassword',
  'oldPassword',
  'previousPassword',
  'proposedPassword',
  'secret',
  'clientSecret',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'apiKey',
  'privateKey',
  'otp',
  'confirmationCode',
] as const;

/** Paths pino replaces with `[redacted]`: credentials in headers, and password-like fields. */
export const redactedPaths: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  'databaseUrl',
  ...secretFieldNames.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
];

/** pino options for a process: level from config, redaction, and pretty output when asked (a developer's TTY). */
export function createLoggerOptions(
  config: Pick<Config, 'logLevel'>,
  { pretty = false } = {},
): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: [...redactedPaths], censor: '[redacted]' },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/** Paths probed every few seconds by load balancers: logging each request would drown the useful lines. */
const quietPaths = new Set(['/healthz', '/readyz']);

/** The Fastify options that wire the logger and request ids: spread them into `Fastify({...})`. */
export function createFastifyLoggingOptions(
  config: Pick<Config, 'logLevel'>,
  { pretty = false } = {},
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    logger: createLoggerOptions(config, { pretty }),
    genReqId: (request: IncomingMessage) => requestIdFrom(request.headers[requestIdHeader]),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: (request: { url?: string }) => quietPaths.has(request.url ?? ''),
    }),
  };
}

/** Echoes the request id in the `x-request-id` response header of every reply, errors included. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      void reply.header(requestIdHeader, request.id);
    });
  },
  { name: '@tessera/platform/request-id', fastify: '5.x' },
);
