/**
 * The usability-test studio's API under /api/ingest/staff/uxt (docs/api.md, "Usability tests"): tests (list, create,
 * read, replace while draft), publish / pause / end, results, exports (results.csv, results.pdf) and recordings
 * (with byte ranges, for the console's <video>). UX researchers and admins only (FORBIDDEN before anything else),
 * each call with the `x-staff-reason` case reference (STAFF_REASON_REQUIRED) and written to the staff audit log
 * before the answer (UXT_AUDIT_ACTIONS).
 */
import {
  IDENTITY_CLIENT,
  staffCaseReferenceOf,
  staffReasonHeadersSchema,
  UXT_AUDIT_ACTIONS,
  UXT_PARTICIPANT_STATUSES,
  UXT_SIGNAL_STATUSES,
  UXT_TEST_STATUSES,
  uxtTestIdSchema,
  uxtTestInputSchema,
} from '@tessera/contracts';
import {
  auditStaffAccess,
  documentOnly,
  principalOf,
  requireGroup,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
  type StaffAuditLog,
  StaffReasonRequiredError,
} from '@tessera/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resultsCsv, resultsPdf, UXT_REPORT_LANGUAGES } from './uxt.report.ts';
import type { UxtService } from './uxt.service.ts';

/** The groups that run usability tests (PRODUCT.md: UX researchers; admins see everything). */
export const UXT_GROUPS = ['ux_researcher', 'admin'] as const;

export interface UxtStaffRoutesOptions {
  readonly [key: string]: unknown;
  readonly context: ServiceContext;
  readonly uxt: UxtService;
  readonly now: () => Date;
}

const reasonHeaders = documentOnly(staffReasonHeadersSchema);
const testParams = z.object({ id: uxtTestIdSchema });
const recordingParams = z.object({ id: z.uuid() });
const exportQuery = z.object({ lang: z.enum(UXT_REPORT_LANGUAGES).default('en') });
const conditionSchema = z.union([
  z.object({ kind: z.literal('request'), method: z.string(), path: z.string(), status: z.string() }),
  z.object({ kind: z.literal('page'), path: z.string() }),
]);
const testSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startingPath: z.string(),
  guidelines: z.string(),
  conclusion: z.string(),
  reqMic: z.boolean(),
  reqCamera: z.boolean(),
  sus: z.boolean(),
  status: z.enum(UXT_TEST_STATUSES),
  tasks: z.array(
    z.object({
      task_id: z.number(),
      title: z.string(),
      description: z.string(),
      allow_typing: z.boolean(),
      success: conditionSchema.nullable(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  participantPath: z.string(),
});
const listSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(UXT_TEST_STATUSES),
      taskCount: z.number(),
      participantCount: z.number(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
const nullableNumber = z.number().nullable();
const resultsSchema = z.object({
  test: testSchema,
  summary: z.object({
    participants: z.number(),
    live: z.number(),
    completed: z.number(),
    skipped: z.number(),
    aborted: z.number(),
    susMean: nullableNumber,
    susResponses: z.number(),
  }),
  tasks: z.array(
    z.object({
      task_id: z.number(),
      title: z.string(),
      reached: z.number(),
      completed: z.number(),
      skipped: z.number(),
      completionRate: nullableNumber,
      timeOnTaskMedianMs: nullableNumber,
      timeOnTaskP90Ms: nullableNumber,
      measuredSuccesses: z.number(),
      measuredSuccessRate: nullableNumber,
      answers: z.array(z.object({ participantId: z.string(), answer: z.string() })),
    }),
  ),
  participants: z.array(
    z.object({
      participantId: z.string(),
      sessionID: z.string(),
      status: z.enum(UXT_PARTICIPANT_STATUSES),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      durationMs: nullableNumber,
      susScore: nullableNumber,
      recordings: z.array(
        z.object({
          id: z.string(),
          size: z.number(),
          contentType: z.string(),
          createdAt: z.string(),
          url: z.string(),
        }),
      ),
      tasks: z.array(
        z.object({
          task_id: z.number(),
          status: z.enum(UXT_SIGNAL_STATUSES).nullable(),
          durationMs: nullableNumber,
          answer: z.string().nullable(),
          measuredSuccess: z.boolean().nullable(),
        }),
      ),
    }),
  ),
});

/** Parses a single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; null when absent or not satisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (header === undefined) {
    return null;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) {
    return 'invalid';
  }
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) {
    return 'invalid';
  }
  return { start, end };
}

export const uxtStaffRoutes: ServiceRoutes<UxtStaffRoutesOptions> = async (app, { context, uxt, now }) => {
  const auditLog: StaffAuditLog = {
    async record(entry) {
      const record = context.clients?.find(IDENTITY_CLIENT)?.recordStaffAccess;
      if (!record) {
        throw new Error('The staff audit log (identity service) is not available in this process.');
      }
      await record(entry);
    },
  };
  const audit = async (request: FastifyRequest, action: string, detail: Record<string, unknown>) => {
    const reason = staffCaseReferenceOf(request.headers);
    if (reason === null) {
      throw new StaffReasonRequiredError();
    }
    await auditStaffAccess(auditLog, principalOf(request), { action, subjectId: null, reason, detail });
  };

  requireSignIn(app, context.auth);
  app.addHook('preValidation', async (request) => {
    requireGroup(principalOf(request), ...UXT_GROUPS);
  });

  app.get(
    '/tests',
    {
      schema: {
        summary: 'Usability tests, newest first (UX researchers and admins; audited)',
        description: 'Needs x-staff-reason (STAFF_REASON_REQUIRED).',
        headers: reasonHeaders,
        response: { 200: listSchema },
      },
    },
    async (request) => {
      await audit(request, UXT_AUDIT_ACTIONS.list, {});
      return { items: await uxt.listTests() };
    },
  );

  app.post(
    '/tests',
    {
      schema: {
        summary: 'Creates a usability test (a draft)',
        description: 'VALIDATION_FAILED for a bad field. Needs x-staff-reason.',
        headers: reasonHeaders,
        body: uxtTestInputSchema,
        response: { 201: testSchema },
      },
    },
    async (request, reply) => {
      await audit(request, UXT_AUDIT_ACTIONS.edit, { operation: 'create' });
      const created = await uxt.createTest(request.body as never, principalOf(request).userId);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/tests/:id',
    {
      schema: {
        summary: 'One usability test with its tasks',
        description: 'UXT_TEST_NOT_FOUND. Needs x-staff-reason.',
        params: testParams,
        headers: reasonHeaders,
        response: { 200: testSchema },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof testParams>;
      await audit(request, UXT_AUDIT_ACTIONS.view, { testId: id });
      return uxt.getTest(id);
    },
  );

  app.put(
    '/tests/:id',
    {
      schema: {
        summary: 'Replaces a draft usability test (fields and tasks)',
        description: 'UXT_TEST_NOT_FOUND, UXT_TEST_NOT_EDITABLE (not a draft). Needs x-staff-reason.',
        params: testParams,
        headers: reasonHeaders,
        body: uxtTestInputSchema,
        response: { 200: testSchema },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof testParams>;
      await audit(request, UXT_AUDIT_ACTIONS.edit, { testId: id, operation: 'update' });
      return uxt.updateTest(id, request.body as never);
    },
  );

  for (const action of ['publish', 'pause', 'end'] as const) {
    app.post(
      `/tests/:id/${action}`,
      {
        schema: {
          summary: `${action === 'publish' ? 'Publishes' : action === 'pause' ? 'Pauses' : 'Ends'} a usability test`,
          description:
            'publish: from draft or paused; pause: from published; end: from published or paused (final). ' +
            'UXT_TEST_NOT_FOUND, UXT_TEST_STATUS_CONFLICT. Needs x-staff-reason.',
          params: testParams,
          headers: reasonHeaders,
          response: { 200: testSchema },
        },
      },
      async (request) => {
        const { id } = request.params as z.infer<typeof testParams>;
        await audit(request, UXT_AUDIT_ACTIONS.edit, { testId: id, operation: action });
        return uxt.changeStatus(id, action);
      },
    );
  }

  app.get(
    '/tests/:id/results',
    {
      schema: {
        summary: "A usability test's results: participants, per-task measures, SUS",
        description:
          'Completion rate = done / reached; time on task from done signals: exact median, nearest-rank p90; ' +
          "measured success from the session's recorded events. UXT_TEST_NOT_FOUND. Needs x-staff-reason.",
        params: testParams,
        headers: reasonHeaders,
        response: { 200: resultsSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof testParams>;
      await audit(request, UXT_AUDIT_ACTIONS.results, { testId: id });
      void reply.header('cache-control', 'no-store');
      return uxt.results(id);
    },
  );

  app.get(
    '/tests/:id/results.csv',
    {
      schema: {
        summary: "A usability test's results as CSV (RFC 4180; formula-safe cells)",
        description: 'lang: en (default) or fr for the headers. UXT_TEST_NOT_FOUND. Needs x-staff-reason.',
        params: testParams,
        querystring: exportQuery,
        headers: reasonHeaders,
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof testParams>;
      const { lang } = request.query as z.infer<typeof exportQuery>;
      await audit(request, UXT_AUDIT_ACTIONS.export, { testId: id, format: 'csv' });
      const csv = resultsCsv(await uxt.results(id), lang);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="usability-test-${id}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get(
    '/tests/:id/results.pdf',
    {
      schema: {
        summary: "A usability test's results as a tagged PDF",
        description: 'lang: en (default) or fr. UXT_TEST_NOT_FOUND. Needs x-staff-reason.',
        params: testParams,
        querystring: exportQuery,
        headers: reasonHeaders,
        response: { 200: z.string().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof testParams>;
      const { lang } = request.query as z.infer<typeof exportQuery>;
      await audit(request, UXT_AUDIT_ACTIONS.export, { testId: id, format: 'pdf' });
      const pdf = await resultsPdf(await uxt.results(id), lang, now());
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="usability-test-${id}.pdf"`)
        .type('application/pdf')
        .send(pdf as unknown as string);
    },
  );

  app.get(
    '/recordings/:id',
    {
      schema: {
        summary: "A participant's recording (video/webm; byte ranges for seeking)",
        description:
          'Range: bytes=a-b answers 206 with Content-Range; an unsatisfiable range 416. UXT_RECORDING_NOT_FOUND. ' +
          'Needs x-staff-reason.',
        params: recordingParams,
        headers: reasonHeaders,
        response: { 200: z.string().describe('video/webm'), 206: z.string().describe('video/webm') },
      },
    },
    async (request, reply: FastifyReply) => {
      const { id } = request.params as z.infer<typeof recordingParams>;
      const { row, body } = await uxt.recording(id);
      await audit(request, UXT_AUDIT_ACTIONS.recording, {
        recordingId: id,
        participantId: row.participant_id,
      });
      const bytes = Buffer.from(body);
      const range = parseRange(request.headers.range, bytes.byteLength);
      void reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .type(row.content_type);
      if (range === 'invalid') {
        return reply.status(416).header('content-range', `bytes */${bytes.byteLength}`).send('');
      }
      if (range === null) {
        return reply.send(bytes as unknown as string);
      }
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.byteLength}`)
        .send(bytes.subarray(range.start, range.end + 1) as unknown as string);
    },
  );
};
