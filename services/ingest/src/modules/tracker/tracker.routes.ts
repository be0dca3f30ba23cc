/**
 * The tracker's routes (spec section 7, "Usability test and tracking"; docs/tracker-protocol.md), registered twice by
 * the service: under the ingest point `/ingest` (the tracker's default, `${location.origin}/ingest`) and at the root
 * as the spec writes them. Same-origin only: no CORS headers are added, so another site's page cannot send here
 * with the visitor's browser reading the answer.
 *
 * Every route but the start needs the session's bearer token (TRACKER_TOKEN_INVALID, 401, before anything else:
 * the tracker then starts a new session). Per client address and per session token, the calls are rate-limited
 * (TRACKER_RATE_LIMITED with Retry-After).
 */
import {
  INGEST_IMAGE_FILES_LIMIT,
  INGEST_IMAGE_SIZE_LIMIT,
  TRACKER_BATCH_BODY_LIMIT,
  TRACKER_BATCH_QUERY_PATTERN,
  featureFlagsRequestSchema,
  type TrackerCondition,
  trackerConditionSchema,
  trackerStartRequestSchema,
  trackerStartResponseSchema,
} from '@tessera/contracts';
import {
  BEARER_SECURITY,
  type Config,
  type ServiceContext,
  type ServiceRoutes,
  type ZodTypeProvider,
} from '@tessera/platform';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  TrackerBatchMismatchError,
  TrackerBatchTooLargeError,
  TrackerProjectUnknownError,
  TrackerRateLimitedError,
  TrackerTokenInvalidError,
  TrackerUserMismatchError,
  TrackerVersionUnsupportedError,
} from '../../errors.ts';
import type { IngestDatabase } from '../../tables.ts';
import { decodeBatchBytes, parseBatch } from './batch-body.ts';
import type { ImageStore } from './images.ts';
import type { RateWindows } from './rate-window.ts';
import { isSupportedTrackerVersion, type TokenSession, type TrackerService } from './tracker.service.ts';

export interface TrackerRoutesOptions {
  readonly [key: string]: unknown;
  readonly context: ServiceContext;
  readonly db: IngestDatabase;
  readonly tracker: TrackerService;
  readonly images: ImageStore;
  readonly perSession: RateWindows;
  readonly perAddress: RateWindows;
  readonly now: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the bearer session token (tracker routes after the start). */
    ingestSession: TokenSession | null;
  }
}

const SESSION_TOKEN_PATTERN = /^tst_[A-Za-z0-9_-]{43}$/;
const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const okSchema = z.object({
  ok: z.literal(true),
  quarantined: z.boolean().optional(),
  recorded: z.literal(false).optional(),
});
const tagsSchema = z.object({ tags: z.array(z.object({ id: z.number(), selector: z.string() })) });
const conditionsSchema = z.object({ conditions: z.array(trackerConditionSchema) });
const flagsSchema = z.object({
  flags: z.array(
    z.object({
      key: z.string(),
      is_persist: z.boolean(),
      value: z.union([z.string(), z.boolean()]),
      payload: z.string().nullable(),
    }),
  ),
});
const imagesSchema = z.object({ ok: z.literal(true), stored: z.array(z.string()) });
const batchQuerySchema = z.object({
  batch: z.string().regex(TRACKER_BATCH_QUERY_PATTERN).describe('`{page}_{n}`'),
});
const projectKeyParams = z.object({ projectKey: z.string().min(1).max(64) });

function takeAllowance(windows: RateWindows, key: string, reply: FastifyReply, now: Date): void {
  const retryAfterSeconds = windows.take(key, now.getTime());
  if (retryAfterSeconds !== undefined) {
    void reply.header('retry-after', String(retryAfterSeconds));
    throw new TrackerRateLimitedError(undefined, { retryAfterSeconds });
  }
}

function isExemptAddress(config: Config, request: FastifyRequest): boolean {
  // Demo mode is one person's machine (the journeys and suites send from loopback), as the platform's floor says.
  return config.mode === 'demo' && loopback.has(request.ip);
}

/** The session of the request's bearer session token, or TRACKER_TOKEN_INVALID. */
async function authenticateSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: TrackerRoutesOptions,
): Promise<void> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header)?.[1] : undefined;
  if (token === undefined || !SESSION_TOKEN_PATTERN.test(token)) {
    throw new TrackerTokenInvalidError();
  }
  const session = await options.tracker.sessionOfToken(token);
  if (session === undefined) {
    throw new TrackerTokenInvalidError();
  }
  takeAllowance(options.perSession, session.id, reply, options.now());
  request.ingestSession = session;
}

function sessionOf(request: FastifyRequest): TokenSession {
  const session = request.ingestSession;
  if (session === null || session === undefined) {
    throw new Error('The tracker route is not behind the session token hook.');
  }
  return session;
}

export const trackerRoutes: ServiceRoutes<TrackerRoutesOptions> = async (app, options) => {
  const { context, tracker, now } = options;
  if (!app.hasRequestDecorator('ingestSession')) {
    app.decorateRequest('ingestSession', null);
  }
  app.addHook('onRequest', async (request, reply) => {
    if (!isExemptAddress(context.config, request)) {
      takeAllowance(options.perAddress, request.ip, reply, now());
    }
  });

  app.post(
    '/v1/web/start',
    {
      schema: {
        summary: 'Starts (or resumes) a recorded session and gives its bearer token',
        description:
          'A `userID` needs `Authorization: Bearer <customer access token>` whose subject it is ' +
          '(TRACKER_USER_MISMATCH otherwise); an anonymous session sends null. A live `token` of the same project, ' +
          'user and recording choice resumes that session. `doNotRecord: true` (or `assistOnly: true`) starts an ' +
          'assist-only session (answer `assistOnly: true`): its batches and snapshots are answered and never ' +
          'stored. TRACKER_PROJECT_UNKNOWN, TRACKER_VERSION_UNSUPPORTED.',
        body: trackerStartRequestSchema,
        response: { 200: trackerStartResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const project = await tracker.findProject(body.projectKey);
      if (project === undefined) {
        throw new TrackerProjectUnknownError();
      }
      if (!isSupportedTrackerVersion(body.trackerVersion)) {
        throw new TrackerVersionUnsupportedError();
      }
      let customerId: string | null = null;
      if (body.userID !== null) {
        const header = request.headers.authorization;
        const accessToken =
          typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header)?.[1] : undefined;
        const principal =
          accessToken === undefined
            ? undefined
            : await context.auth.verifyAccessToken(accessToken).catch(() => undefined);
        if (principal === undefined || principal.userId !== body.userID) {
          throw new TrackerUserMismatchError();
        }
        customerId = principal.userId;
      }
      const answer = await tracker.start({
        project,
        trackerVersion: body.trackerVersion,
        clientTimestamp: body.timestamp,
        previousToken: body.token !== null && SESSION_TOKEN_PATTERN.test(body.token) ? body.token : null,
        customerId,
        userAgent: request.headers['user-agent'],
        width: body.width,
        height: body.height,
        timezone: body.timezone,
        href: body.href,
        referrer: body.referrer,
        // doNotRecord means what assistOnly means: a session for live assist whose events are never stored.
        assistOnly: body.assistOnly || body.doNotRecord,
      });
      void reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request, reply) => authenticateSession(request, reply, options));
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ [BEARER_SECURITY]: [] }] };
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/v1/web/tags',
      {
        schema: {
          summary: "The project's tags (element selectors the tracker watches for)",
          response: { 200: tagsSchema },
        },
      },
      async (request) => {
        const rows = await options.db
          .selectFrom('tag')
          .select(['id', 'selector'])
          .where('project_id', '=', sessionOf(request).projectId)
          .orderBy('id')
          .execute();
        return { tags: rows };
      },
    );

    typed.get(
      '/v1/web/conditions/:projectKey',
      {
        schema: {
          summary: "The project's conditional-recording rules (empty: recording starts at once)",
          description: "TRACKER_PROJECT_UNKNOWN when the key is not the session's project.",
          params: projectKeyParams,
          response: { 200: conditionsSchema },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        if (request.params.projectKey !== session.projectId) {
          throw new TrackerProjectUnknownError();
        }
        const rows = await options.db
          .selectFrom('condition')
          .selectAll()
          .where('project_id', '=', session.projectId)
          .orderBy('id')
          .execute();
        return {
          conditions: rows.map((row) => ({
            id: row.id,
            name: row.name,
            type: row.type as TrackerCondition['type'],
            operator: row.operator as TrackerCondition['operator'],
            value: row.value,
          })),
        };
      },
    );

    typed.post(
      '/v1/web/feature-flags',
      {
        schema: {
          summary: "The project's feature flags for this session",
          description: "TRACKER_PROJECT_UNKNOWN when projectID is not the session's project.",
          body: featureFlagsRequestSchema,
          response: { 200: flagsSchema },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        if (request.body.projectID !== session.projectId) {
          throw new TrackerProjectUnknownError();
        }
        const rows = await options.db
          .selectFrom('feature_flag')
          .selectAll()
          .where('project_id', '=', session.projectId)
          .orderBy('key')
          .execute();
        return {
          flags: rows.map((row) => ({
            key: row.key,
            is_persist: row.is_persist,
            value: row.value === 'true' ? true : row.value === 'false' ? false : row.value,
            payload: row.payload,
          })),
        };
      },
    );

    // The batch body is bytes (application/octet-stream, gzip or not), read raw whatever its declared type.
    await scope.register(async (raw: FastifyInstance) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: TRACKER_BATCH_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      raw.withTypeProvider<ZodTypeProvider>().post(
        '/v1/web/i',
        {
          bodyLimit: TRACKER_BATCH_BODY_LIMIT,
          // Bytes, maybe gzip: the platform's text guard has nothing to read in them; the tripwire reads the text.
          config: { textGuard: false },
          schema: {
            summary:
              'Receives one batch of recorded events (stored once; quarantined if the PII tripwire trips)',
            description:
              'Body: the batch envelope `{ v, sessionID, tabId, page, n, events }` as JSON bytes, gzip with ' +
              '`Content-Encoding: gzip`; at most 1000000 bytes as sent and 10000000 decompressed ' +
              '(TRACKER_BATCH_TOO_LARGE). TRACKER_BATCH_ENCODING, TRACKER_BATCH_INVALID, TRACKER_BATCH_MISMATCH. ' +
              'A batch holding an IBAN, a card number or an e-mail address is not stored: `{ ok, quarantined }`; ' +
              'nor is a batch of an assist-only (doNotRecord) session: `{ ok, recorded: false }`.',
            querystring: batchQuerySchema,
            response: { 200: okSchema },
          },
          preParsing: async (request, _reply, payload) => {
            const length = Number(request.headers['content-length'] ?? '0');
            if (length > TRACKER_BATCH_BODY_LIMIT) {
              throw new TrackerBatchTooLargeError(undefined, { maxBytes: TRACKER_BATCH_BODY_LIMIT });
            }
            return payload;
          },
        },
        async (request, reply) => {
          const session = sessionOf(request);
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const encoding = request.headers['content-encoding'];
          const batch = parseBatch(
            decodeBatchBytes(body, Array.isArray(encoding) ? encoding.join(',') : encoding),
          );
          const [, page, n] = TRACKER_BATCH_QUERY_PATTERN.exec(request.query.batch)!;
          if (batch.sessionID !== session.id || batch.page !== Number(page) || batch.n !== Number(n)) {
            throw new TrackerBatchMismatchError();
          }
          const outcome = await tracker.acceptBatch(session, batch);
          void reply.header('cache-control', 'no-store');
          if (outcome === 'quarantined') {
            return { ok: true as const, quarantined: true };
          }
          return outcome === 'not-recorded'
            ? { ok: true as const, recorded: false as const }
            : { ok: true as const };
        },
      );
    });

    // Canvas snapshots: multipart/form-data with 'snapshot' files.
    await scope.register(async (form: FastifyInstance) => {
      await form.register(multipart, {
        limits: {
          fileSize: INGEST_IMAGE_SIZE_LIMIT,
          files: INGEST_IMAGE_FILES_LIMIT,
          fields: 10,
          fieldSize: 1000,
          parts: INGEST_IMAGE_FILES_LIMIT + 10,
          headerPairs: 100,
        },
      });
      form.withTypeProvider<ZodTypeProvider>().post(
        '/v1/web/images',
        {
          bodyLimit: INGEST_IMAGE_SIZE_LIMIT * INGEST_IMAGE_FILES_LIMIT,
          config: { textGuard: false },
          schema: {
            summary: 'Receives canvas snapshots of the session (multipart, "snapshot" files)',
            description:
              'Each file WebP, PNG or JPEG (checked by its first bytes), at most 2000000 bytes, 20 per request, ' +
              'named 1 to 100 of `A-Z a-z 0-9 . _ -`; stored under the session (same name again replaces it). ' +
              'TRACKER_IMAGE_INVALID, PAYLOAD_TOO_LARGE.',
            response: { 200: imagesSchema },
          },
        },
        async (request, reply) => {
          const session = sessionOf(request);
          const stored = await options.images.receive(session, request);
          void reply.header('cache-control', 'no-store');
          return { ok: true as const, stored };
        },
      );
    });
  });
};
