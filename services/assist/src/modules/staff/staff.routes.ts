/**
 * The staff live-assist API under /api/assist/staff (docs/api.md, "Live assist"): the live sessions, one session's
 * audited actions with the hash chain checked, recordings (upload, list, stream) and time statistics (JSON and CSV).
 * Support agents and admins only (FORBIDDEN before anything else), each call with the `x-staff-reason` case
 * reference (STAFF_REASON_REQUIRED) and written to the staff audit log (identity's) before the answer.
 */
import { randomUUID } from 'node:crypto';
import {
  ASSIST_AUDIT_ACTIONS,
  ASSIST_RECORDING,
  ASSIST_RECORDING_SIZE_LIMIT,
  ASSIST_STATS_CSV_HEADER,
  type AssistRecording,
  type AssistStats,
  assistStatsQuerySchema,
  IDENTITY_CLIENT,
  staffCaseReferenceOf,
  staffReasonHeadersSchema,
} from '@tessera/contracts';
import {
  auditStaffAccess,
  documentOnly,
  type ObjectStore,
  principalOf,
  requireGroup,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
  type StaffAuditLog,
  StaffReasonRequiredError,
  type ZodTypeProvider,
} from '@tessera/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AssistNotJoinedError,
  AssistRecordingNotConsentedError,
  AssistRecordingInvalidError,
  AssistRecordingNotFoundError,
  AssistRecordingTooLargeError,
  AssistStatsRangeInvalidError,
} from '../../errors.ts';
import type { AssistDatabase } from '../../tables.ts';
import type { ActionLog } from '../live/audit.ts';
import type { AgentTime } from '../live/agent-time.ts';
import type { HelpRequests } from '../help/help-requests.ts';
import { agentIdOf, ASSIST_GROUPS, type LiveHub } from '../live/hub.ts';

const reasonHeaders = documentOnly(staffReasonHeadersSchema);
const sessionParams = z.object({ sessionId: z.uuid() });
const recordingParams = z.object({ sessionId: z.uuid(), recordingId: z.uuid() });
const durationHeaders = z.object({
  'x-recording-duration-ms': z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000)
    .optional(),
});
/** The longest statistics range. */
const STATS_RANGE_MAX_MS = 366 * 24 * 3600 * 1000;

const recordingSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  agentId: z.string(),
  size: z.number(),
  durationMs: z.number(),
  contentType: z.string(),
  createdAt: z.string(),
});

const tabSchema = z.object({ tabId: z.string(), peerId: z.string(), visible: z.boolean() });
const liveSchema = z.object({
  sessions: z.array(
    z.object({
      sessionId: z.string(),
      projectKey: z.string(),
      customerId: z.string().nullable(),
      startedAt: z.string(),
      device: z.string(),
      browser: z.string(),
      os: z.string(),
      tabs: z.array(tabSchema.extend({ connectedAt: z.string() })),
      agents: z.array(
        z.object({ agentId: z.string(), name: z.string(), peerId: z.string(), joinedAt: z.string() }),
      ),
      helpRequest: z
        .object({
          intent: z.string().nullable(),
          language: z.string(),
          transcript: z.array(
            z.object({ role: z.enum(['customer', 'assistant']), text: z.string(), at: z.string() }),
          ),
          requestedAt: z.string(),
        })
        .nullable(),
    }),
  ),
});
const actionsSchema = z.object({
  actions: z.array(
    z.object({
      seq: z.number(),
      sessionId: z.string(),
      agentId: z.string(),
      staffUserId: z.string(),
      kind: z.string(),
      outcome: z.string(),
      detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
      at: z.string(),
      prevHash: z.string(),
      hash: z.string(),
    }),
  ),
  chain: z.object({ valid: z.boolean(), brokenAt: z.number().nullable() }),
});
const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  agents: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      liveSeconds: z.number(),
      callSeconds: z.number(),
      controlSeconds: z.number(),
    }),
  ),
});

export interface StaffRoutesOptions {
  readonly [key: string]: unknown;
  readonly context: ServiceContext;
  readonly db: AssistDatabase;
  readonly hub: LiveHub;
  readonly actions: ActionLog;
  readonly time: AgentTime;
  readonly store: ObjectStore;
  readonly helpRequests: HelpRequests;
}

function csvField(value: string | number): string {
  const text = String(value);
  // Formula injection: a leading =, +, - or @ is neutralised; quotes double.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const staffRoutes: ServiceRoutes<StaffRoutesOptions> = async (
  app,
  { context, db, hub, actions, time, store, helpRequests },
) => {
  const auditLog: StaffAuditLog = {
    async record(entry) {
      const record = context.clients?.find(IDENTITY_CLIENT)?.recordStaffAccess;
      if (!record) {
        throw new Error('The staff audit log (identity service) is not available in this process.');
      }
      await record(entry);
    },
  };
  const reasonOf = (request: FastifyRequest) => {
    const reason = staffCaseReferenceOf(request.headers);
    if (reason === null) {
      throw new StaffReasonRequiredError();
    }
    return reason;
  };
  const audited = (request: FastifyRequest, action: string, subjectId: string | null, detail = {}) =>
    auditStaffAccess(auditLog, principalOf(request), {
      action,
      subjectId,
      reason: reasonOf(request),
      detail,
    });
  const customerOf = (sessionId: string) => hub.knownSession(sessionId)?.info.userId ?? null;
  const rangeOf = (query: { from: string; to: string }) => {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (!(from.getTime() < to.getTime()) || to.getTime() - from.getTime() > STATS_RANGE_MAX_MS) {
      throw new AssistStatsRangeInvalidError();
    }
    return { from, to };
  };
  const toRecording = (row: {
    id: string;
    session_id: string;
    agent_id: string;
    size: number;
    duration_ms: number;
    content_type: string;
    created_at: Date;
  }): AssistRecording => ({
    id: row.id,
    sessionId: row.session_id,
    agentId: row.agent_id,
    size: row.size,
    durationMs: row.duration_ms,
    contentType: row.content_type,
    createdAt: row.created_at.toISOString(),
  });

  requireSignIn(app, context.auth);
  app.addHook('preValidation', async (request) => {
    requireGroup(principalOf(request), ...ASSIST_GROUPS);
  });

  app.get(
    '/live',
    {
      schema: {
        summary:
          'Sessions with a connected tab, their tabs and joined agents (support agents and admins; audited)',
        headers: reasonHeaders,
        response: { 200: liveSchema },
      },
    },
    async (request) => {
      await audited(request, ASSIST_AUDIT_ACTIONS.live, null);
      const sessions = hub.live();
      const requests = await helpRequests.forSessions(sessions.map((session) => session.sessionId));
      return {
        sessions: sessions.map((session) => ({
          ...session,
          helpRequest: requests.get(session.sessionId) ?? null,
        })),
      };
    },
  );

  app.get(
    '/sessions/:sessionId/actions',
    {
      schema: {
        summary: "A session's audited remote actions in order, with the hash chain checked",
        description:
          '`chain.valid` is false and `chain.brokenAt` names the first sequence number that does not verify when a row was changed, removed or reordered.',
        params: sessionParams,
        headers: reasonHeaders,
        response: { 200: actionsSchema },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      await audited(request, ASSIST_AUDIT_ACTIONS.actions, customerOf(sessionId), { sessionId });
      const listed = await actions.list(sessionId);
      return {
        actions: listed.actions,
        chain: { valid: listed.brokenAt === null, brokenAt: listed.brokenAt },
      };
    },
  );

  app.get(
    '/sessions/:sessionId/recordings',
    {
      schema: {
        summary: "A session's recordings, oldest first",
        params: sessionParams,
        headers: reasonHeaders,
        response: { 200: z.object({ recordings: z.array(recordingSchema) }) },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      await audited(request, ASSIST_AUDIT_ACTIONS.recordingList, customerOf(sessionId), { sessionId });
      const rows = await db
        .selectFrom('recordings')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { recordings: rows.map(toRecording) };
    },
  );

  app.get(
    '/sessions/:sessionId/recordings/:recordingId',
    {
      schema: {
        summary: 'Streams one recording (video/webm)',
        params: recordingParams,
        headers: reasonHeaders,
        response: { 200: z.string().describe('video/webm bytes') },
      },
    },
    async (request, reply) => {
      const { sessionId, recordingId } = request.params;
      await audited(request, ASSIST_AUDIT_ACTIONS.recordingView, customerOf(sessionId), {
        sessionId,
        recordingId,
      });
      const row = await db
        .selectFrom('recordings')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('id', '=', recordingId)
        .executeTakeFirst();
      const stored = row === undefined ? null : await store.get(row.object_key);
      if (row === undefined || stored === null) {
        throw new AssistRecordingNotFoundError();
      }
      return reply
        .type(ASSIST_RECORDING.mimeType)
        .header('content-disposition', `attachment; filename="assist-${sessionId}-${recordingId}.webm"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(stored.body) as unknown as string);
    },
  );

  // The recording is bytes (video/webm), read raw up to the limit.
  await app.register(async (raw: FastifyInstance) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ASSIST_RECORDING_SIZE_LIMIT },
      (_request, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/sessions/:sessionId/recordings',
      {
        bodyLimit: ASSIST_RECORDING_SIZE_LIMIT,
        config: { textGuard: false },
        schema: {
          summary: "Uploads a recording of the session (video/webm body; the agent's own)",
          description:
            'Body: the video (Content-Type video/webm), at most 104857600 bytes (ASSIST_RECORDING_TOO_LARGE); ' +
            'optional header x-recording-duration-ms. ASSIST_RECORDING_INVALID for another type, an empty body or ' +
            'one that is not WebM; ASSIST_NOT_JOINED unless the caller joined this session as an agent; ' +
            'ASSIST_RECORDING_NOT_CONSENTED unless the customer allowed a recording by this agent that is not ' +
            'uploaded yet (checked before the body is read).',
          params: sessionParams,
          headers: documentOnly(staffReasonHeadersSchema.extend(durationHeaders.shape)),
          response: { 201: recordingSchema },
        },
        preParsing: async (request, _reply, payload) => {
          const length = Number(request.headers['content-length'] ?? '0');
          if (length > ASSIST_RECORDING_SIZE_LIMIT) {
            throw new AssistRecordingTooLargeError(undefined, { maxBytes: ASSIST_RECORDING_SIZE_LIMIT });
          }
          const { sessionId } = request.params as { sessionId: string };
          if (!hub.hasRecordingConsent(sessionId, agentIdOf(principalOf(request).userId))) {
            throw new AssistRecordingNotConsentedError();
          }
          return payload;
        },
      },
      async (request, reply) => {
        const { sessionId } = request.params;
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // A WebM file begins with the EBML signature 1A 45 DF A3.
        if (type !== ASSIST_RECORDING.mimeType || body.length < 4 || body.readUInt32BE(0) !== 0x1a45dfa3) {
          throw new AssistRecordingInvalidError();
        }
        const principal = principalOf(request);
        const joined = await db
          .selectFrom('actions')
          .select('seq')
          .where('session_id', '=', sessionId)
          .where('agent_id', '=', agentIdOf(principal.userId))
          .where('kind', '=', 'join')
          .limit(1)
          .executeTakeFirst();
        if (joined === undefined) {
          throw new AssistNotJoinedError();
        }
        const durationHeader = durationHeaders.safeParse(request.headers);
        const durationMs = durationHeader.success ? (durationHeader.data['x-recording-duration-ms'] ?? 0) : 0;
        const id = randomUUID();
        await audited(request, ASSIST_AUDIT_ACTIONS.recordingUpload, customerOf(sessionId), {
          sessionId,
          recordingId: id,
          size: body.length,
        });
        if (!hub.hasRecordingConsent(sessionId, agentIdOf(principal.userId))) {
          throw new AssistRecordingNotConsentedError(); // used by another upload meanwhile
        }
        hub.useRecordingConsent(sessionId, agentIdOf(principal.userId));
        const objectKey = `assist/recordings/${sessionId}/${id}.webm`;
        await store.put(objectKey, body, ASSIST_RECORDING.mimeType);
        const row = {
          id,
          session_id: sessionId,
          agent_id: agentIdOf(principal.userId),
          staff_user_id: principal.userId,
          object_key: objectKey,
          size: body.length,
          duration_ms: durationMs,
          content_type: ASSIST_RECORDING.mimeType,
          created_at: new Date(),
        };
        await db.insertInto('recordings').values(row).execute();
        return reply.code(201).send(toRecording(row));
      },
    );
  });

  app.get(
    '/stats',
    {
      schema: {
        summary: 'Live, call and control seconds per agent within [from, to)',
        description: 'ASSIST_STATS_RANGE_INVALID when from is not before to or the range exceeds 366 days.',
        querystring: assistStatsQuerySchema,
        headers: reasonHeaders,
        response: { 200: statsSchema },
      },
    },
    async (request): Promise<AssistStats> => {
      const { from, to } = rangeOf(request.query);
      await audited(request, ASSIST_AUDIT_ACTIONS.stats, null, {
        from: request.query.from,
        to: request.query.to,
      });
      return { from: from.toISOString(), to: to.toISOString(), agents: await time.stats(from, to) };
    },
  );

  app.get(
    '/stats.csv',
    {
      schema: {
        summary: 'The same statistics as CSV (text/csv)',
        querystring: assistStatsQuerySchema,
        headers: reasonHeaders,
        response: { 200: z.string().describe(`text/csv: ${ASSIST_STATS_CSV_HEADER}`) },
      },
    },
    async (request, reply) => {
      const { from, to } = rangeOf(request.query);
      await audited(request, ASSIST_AUDIT_ACTIONS.stats, null, {
        from: request.query.from,
        to: request.query.to,
        format: 'csv',
      });
      const rows = await time.stats(from, to);
      const lines = [
        ASSIST_STATS_CSV_HEADER,
        ...rows.map((row) =>
          [row.agentId, row.name, row.liveSeconds, row.callSeconds, row.controlSeconds]
            .map(csvField)
            .join(','),
        ),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="assist-stats-${from.toISOString().slice(0, 10)}-${to.toISOString().slice(0, 10)}.csv"`,
        )
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
};
