/**
 * The participant's calls (spec section 7, "Usability test and tracking"; docs/tracker-protocol.md), registered
 * with the tracker's routes under the ingest point `/ingest` and at the root. Each needs the tracker session's
 * bearer token (TRACKER_TOKEN_INVALID, 401) except the recording PUT, which the signed URL authorises
 * (UXT_UPLOAD_URL_INVALID, _EXPIRED, _USED; Content-Type video/webm, UXT_RECORDING_TYPE; size,
 * UXT_RECORDING_TOO_LARGE). The calls count in the tracker's rate windows (TRACKER_RATE_LIMITED).
 */
import {
  UXT_RECORDING_CONTENT_TYPE,
  UXT_RECORDING_SIZE_LIMIT,
  uxtSusSignalSchema,
  uxtTaskSignalSchema,
  uxtTestIdSchema,
  uxtTestSignalSchema,
  uxtUploadUrlQuerySchema,
} from '@tessera/contracts';
import { BEARER_SECURITY, type ServiceRoutes, type ZodTypeProvider } from '@tessera/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TrackerRateLimitedError, TrackerTokenInvalidError } from '../../errors.ts';
import type { RateWindows } from '../tracker/rate-window.ts';
import type { TrackerService } from '../tracker/tracker.service.ts';
import { UxtRecordingTooLargeError, UxtRecordingTypeError } from './uxt.errors.ts';
import type { UxtService, UxtSession } from './uxt.service.ts';

/** The first bytes of every WebM file (EBML). */
const WEBM_SIGNATURE = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export interface UxtParticipantRoutesOptions {
  readonly [key: string]: unknown;
  readonly tracker: TrackerService;
  readonly uxt: UxtService;
  /** The tracker's rate windows, shared: a participant's calls count as tracker calls. */
  readonly perSession: RateWindows;
  readonly perAddress: RateWindows;
  readonly now: () => Date;
  readonly isDemo: boolean;
}

const SESSION_TOKEN_PATTERN = /^tst_[A-Za-z0-9_-]{43}$/;
const okSchema = z.object({ ok: z.literal(true) });
const testParams = z.object({ id: uxtTestIdSchema });
const taskSchema = z.object({
  task_id: z.number(),
  title: z.string(),
  description: z.string(),
  allow_typing: z.boolean(),
});
const testSchema = z.object({
  test: z.object({
    title: z.string(),
    description: z.string(),
    startingPath: z.string(),
    status: z.string(),
    reqMic: z.boolean(),
    reqCamera: z.boolean(),
    guidelines: z.string(),
    conclusion: z.string(),
    sus: z.boolean(),
    tasks: z.array(taskSchema),
  }),
});
const uploadUrlSchema = z.object({ url: z.string(), expiresAt: z.string() });
const recordingParams = z.object({ signed: z.string().max(200) });
const recordingSchema = z.object({ ok: z.literal(true), recordingId: z.string(), size: z.number() });

/** The ingest prefix the request came through ('' or '/ingest'), for same-origin URLs in answers. */
function prefixOf(request: FastifyRequest): string {
  return request.url.startsWith('/ingest/') ? '/ingest' : '';
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const uxtParticipantRoutes: ServiceRoutes<UxtParticipantRoutesOptions> = async (app, options) => {
  const { tracker, uxt } = options;
  const take = (windows: RateWindows, key: string, reply: FastifyReply) => {
    const retryAfterSeconds = windows.take(key, options.now().getTime());
    if (retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(retryAfterSeconds));
      throw new TrackerRateLimitedError(undefined, { retryAfterSeconds });
    }
  };
  // Per client address, as the tracker's calls (demo mode does not count loopback callers).
  app.addHook('onRequest', async (request, reply) => {
    if (!(options.isDemo && loopback.has(request.ip))) {
      take(options.perAddress, request.ip, reply);
    }
  });

  await app.register(async (scope: FastifyInstance) => {
    const sessions = new WeakMap<FastifyRequest, UxtSession>();
    scope.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      const token = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header)?.[1] : undefined;
      const session =
        token !== undefined && SESSION_TOKEN_PATTERN.test(token)
          ? await tracker.sessionOfToken(token)
          : undefined;
      if (session === undefined) {
        throw new TrackerTokenInvalidError();
      }
      take(options.perSession, session.id, reply);
      // A participant thinking over a task sends no batch for a while: its calls keep the token alive too.
      await tracker.touch(session.id);
      sessions.set(request, session);
    });
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ [BEARER_SECURITY]: [] }] };
    });
    const sessionOf = (request: FastifyRequest) => sessions.get(request)!;
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/v1/web/uxt/test/:id',
      {
        schema: {
          summary: 'A published usability test for the participant (title, guidelines, tasks)',
          description:
            'UXT_TEST_NOT_FOUND (unknown, a draft, or of another project); UXT_TEST_NOT_AVAILABLE (409, ' +
            '`details.status` paused or ended).',
          params: testParams,
          response: { 200: testSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return { test: await uxt.publishedTest(sessionOf(request), request.params.id) };
      },
    );

    typed.post(
      '/v1/web/uxt/signals/test',
      {
        schema: {
          summary: "A participant's test signal: begin, done or skipped (abort)",
          description:
            'begin makes this session a participant (only while published; a retry changes nothing); done and ' +
            'skipped end it (a retry of the same status changes nothing; the other one is UXT_TEST_FINISHED). ' +
            'UXT_TEST_NOT_FOUND, UXT_TEST_NOT_AVAILABLE, UXT_TEST_NOT_BEGUN.',
          body: uxtTestSignalSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await uxt.testSignal(sessionOf(request), request.body);
        return { ok: true as const };
      },
    );

    typed.post(
      '/v1/web/uxt/signals/task',
      {
        schema: {
          summary: "A participant's task signal: begin, done or skipped, with the typed answer",
          description:
            'taskAnswer is kept only when the task allows typing (and not on begin). A retry (same task and ' +
            'status) changes nothing. UXT_TASK_UNKNOWN, UXT_TEST_NOT_FOUND, UXT_TEST_NOT_AVAILABLE, ' +
            'UXT_TEST_NOT_BEGUN, UXT_TEST_FINISHED.',
          body: uxtTaskSignalSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await uxt.taskSignal(sessionOf(request), request.body);
        return { ok: true as const };
      },
    );

    typed.post(
      '/v1/web/uxt/signals/sus',
      {
        schema: {
          summary: "A participant's 10 System Usability Scale answers (1 to 5 each)",
          description:
            'Only for a test with sus; the first answers stay. UXT_SUS_NOT_ASKED, UXT_TEST_NOT_FOUND, ' +
            'UXT_TEST_NOT_AVAILABLE, UXT_TEST_NOT_BEGUN.',
          body: uxtSusSignalSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await uxt.susSignal(sessionOf(request), request.body);
        return { ok: true as const };
      },
    );

    typed.get(
      '/v1/web/uxt/upload-url',
      {
        schema: {
          summary: 'A signed, single-use URL to PUT the webcam recording to (video/webm, 5 minutes)',
          description:
            "For the test in `testId` (or the session's latest one), which the session must have begun " +
            '(UXT_TEST_NOT_BEGUN). The URL is a path on this origin.',
          querystring: uxtUploadUrlQuerySchema,
          response: { 200: uploadUrlSchema },
        },
      },
      async (request, reply) => {
        const { token, expiresAt } = await uxt.uploadToken(sessionOf(request), request.query.testId);
        void reply.header('cache-control', 'no-store');
        return {
          url: `${prefixOf(request)}/v1/web/uxt/recordings/${token}`,
          expiresAt: expiresAt.toISOString(),
        };
      },
    );
  });

  // The recording: raw bytes, authorised by the signed URL alone.
  await app.register(async (raw: FastifyInstance) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UXT_RECORDING_SIZE_LIMIT },
      (_request, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().put(
      '/v1/web/uxt/recordings/:signed',
      {
        bodyLimit: UXT_RECORDING_SIZE_LIMIT,
        config: { textGuard: false },
        schema: {
          summary: "Stores a participant's recording (the URL from upload-url; once)",
          description:
            'Content-Type video/webm and a WebM body (UXT_RECORDING_TYPE, 415), at most 52428800 bytes (UXT_RECORDING_TOO_LARGE, ' +
            '413). UXT_UPLOAD_URL_INVALID (403), UXT_UPLOAD_URL_EXPIRED (410), UXT_UPLOAD_URL_USED (409).',
          params: recordingParams,
          response: { 200: recordingSchema },
        },
        preParsing: async (request, _reply, payload) => {
          const length = Number(request.headers['content-length'] ?? '0');
          if (length > UXT_RECORDING_SIZE_LIMIT) {
            throw new UxtRecordingTooLargeError(undefined, { maxBytes: UXT_RECORDING_SIZE_LIMIT });
          }
          const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          if (type !== UXT_RECORDING_CONTENT_TYPE) {
            throw new UxtRecordingTypeError();
          }
          // The signed URL is checked before the body is read: nobody makes the server hold 50 MB for a forged one.
          await uxt.checkUploadToken((request.params as { signed?: string }).signed ?? '');
          return payload;
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (body.byteLength > UXT_RECORDING_SIZE_LIMIT) {
          throw new UxtRecordingTooLargeError(undefined, { maxBytes: UXT_RECORDING_SIZE_LIMIT });
        }
        // A WebM file begins with the EBML signature; anything else (or nothing) is not a recording.
        if (body.byteLength < WEBM_SIGNATURE.byteLength || !body.subarray(0, 4).equals(WEBM_SIGNATURE)) {
          throw new UxtRecordingTypeError();
        }
        const stored = await uxt.storeRecording(request.params.signed, body);
        void reply.header('cache-control', 'no-store');
        return { ok: true as const, recordingId: stored.id, size: stored.size };
      },
    );
  });
};
