/**
 * The staff replay API under /api/ingest/staff (docs/api.md, "Session tracking"): the recorded sessions, one
 * session's metadata and pages, its events in order, its canvas snapshots. Support agents and admins (FORBIDDEN
 * before anything else for anyone else); UX researchers read a usability-test participant's session only (any other
 * is REPLAY_SESSION_NOT_FOUND for them) and cannot list; each call with the `x-staff-reason` case reference (STAFF_REASON_REQUIRED) and
 * written to the staff audit log (identity's, through its client) before the answer: `replay.list`, `replay.view`.
 */
import {
  IDENTITY_CLIENT,
  REPLAY_AUDIT_ACTIONS,
  staffCaseReferenceOf,
  staffReasonHeadersSchema,
  staffSessionsQuerySchema,
  type StaffSessionSummary,
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
  ValidationFailedError,
} from '@tessera/platform';
import type { FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import { ReplayImageNotFoundError, ReplaySessionNotFoundError } from '../../errors.ts';
import type { IngestDatabase, IngestTables } from '../../tables.ts';
import { IMAGE_NAME_PATTERN, type ImageStore } from '../tracker/images.ts';
import { readSessionEvents } from '../tracker/tracker.service.ts';
import type { UxtDatabase } from '../uxt/uxt.tables.ts';

/** The groups that may find and watch recordings (PRODUCT.md: support agents; admins see everything). */
export const REPLAY_GROUPS = ['support_agent', 'admin'] as const;
/**
 * UX researchers watch the replays of usability-test participants only (issue #19: results link each participant's
 * session): any other session is, for them, not found. They cannot list or search sessions.
 */
export const PARTICIPANT_REPLAY_GROUP = 'ux_researcher';

const reasonHeaders = documentOnly(staffReasonHeadersSchema);
const sessionParams = z.object({ sessionID: z.uuid() });
const imageParams = z.object({ sessionID: z.uuid(), name: z.string().regex(IMAGE_NAME_PATTERN) });

const summarySchema = z.object({
  sessionID: z.string(),
  customerId: z.string().nullable(),
  customerEmail: z.string().optional(),
  startedAt: z.string(),
  endedAt: z.string(),
  durationMs: z.number(),
  pages: z.number(),
  firstPage: z.string(),
  errors: z.number(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  width: z.number(),
  height: z.number(),
  trackerVersion: z.string(),
});
const pageSchema = z.object({ items: z.array(summarySchema), nextCursor: z.string().nullable() });
const detailSchema = summarySchema.extend({
  pageList: z.array(z.object({ index: z.number(), href: z.string(), title: z.string(), at: z.string() })),
  images: z.array(z.object({ name: z.string(), size: z.number(), contentType: z.string() })),
  timezone: z.string().nullable(),
  referrer: z.string(),
  quarantinedBatches: z.number(),
});
const eventsSchema = z.object({ events: z.array(z.record(z.string(), z.unknown())) });

type SessionRow = Selectable<IngestTables['session']>;

function summaryOf(row: SessionRow, email: string | undefined): StaffSessionSummary {
  return {
    sessionID: row.id,
    customerId: row.customer_id,
    ...(email === undefined ? {} : { customerEmail: email }),
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at.toISOString(),
    durationMs: row.ended_at.getTime() - row.started_at.getTime(),
    pages: row.page_count,
    firstPage: row.first_page,
    errors: row.error_count,
    device: row.device,
    browser: row.browser,
    os: row.os,
    width: row.width,
    height: row.height,
    trackerVersion: row.tracker_version,
  };
}

function encodeCursor(row: { started_at: Date; id: string }): string {
  return Buffer.from(`${row.started_at.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { startedAt: Date; id: string } | undefined {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const startedAt = new Date(at ?? '');
  if (Number.isNaN(startedAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? '')) {
    return undefined;
  }
  return { startedAt, id: id! };
}

export interface StaffRoutesOptions {
  readonly [key: string]: unknown;
  readonly context: ServiceContext;
  readonly db: IngestDatabase;
  readonly images: ImageStore;
}

export const staffRoutes: ServiceRoutes<StaffRoutesOptions> = async (app, { context, db, images }) => {
  const directory = () => context.clients?.find(IDENTITY_CLIENT);
  const auditLog: StaffAuditLog = {
    async record(entry) {
      const record = directory()?.recordStaffAccess;
      if (!record) {
        // Without the identity service nothing can be recorded, so nothing is read.
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
  const findSession = async (request: FastifyRequest, sessionId: string) => {
    const row = (await db
      .selectFrom('session')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirst()) as SessionRow | undefined;
    if (row === undefined) {
      throw new ReplaySessionNotFoundError();
    }
    const groups = principalOf(request).groups;
    if (!REPLAY_GROUPS.some((group) => groups.includes(group))) {
      // A researcher: only a usability-test participant's session exists for them.
      const participant = await (db as unknown as UxtDatabase)
        .selectFrom('uxt_participant')
        .select('id')
        .where('session_id', '=', row.id)
        .executeTakeFirst();
      if (participant === undefined) {
        throw new ReplaySessionNotFoundError();
      }
    }
    return row;
  };
  const emailOf = async (customerId: string | null) => {
    const found = directory();
    if (customerId === null || found === undefined) {
      return undefined;
    }
    return (await found.getContact(customerId).catch(() => null))?.email;
  };

  requireSignIn(app, context.auth);
  app.addHook('preValidation', async (request) => {
    requireGroup(principalOf(request), ...REPLAY_GROUPS, PARTICIPANT_REPLAY_GROUP);
  });

  app.get(
    '/sessions',
    {
      schema: {
        summary: 'Recorded sessions, newest first, filtered (support agents and admins; audited)',
        description:
          'Filters: customer (id, or exact e-mail), from/to (ISO 8601, on the start), page (part of a visited path), hasErrors, ' +
          'minDurationS; cursor pagination (limit 1 to 100, default 25). Needs x-staff-reason (STAFF_REASON_REQUIRED).',
        querystring: staffSessionsQuerySchema,
        headers: reasonHeaders,
        response: { 200: pageSchema },
      },
    },
    async (request) => {
      requireGroup(principalOf(request), ...REPLAY_GROUPS);
      const query = request.query;
      const reason = reasonOf(request);
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (query.cursor !== undefined && cursor === undefined) {
        throw new ValidationFailedError(undefined, {
          issues: [{ path: 'cursor', message: 'Invalid cursor' }],
        });
      }
      // A customer is given by id, or by e-mail (an exact address, through the identity directory; nobody found
      // lists nothing).
      const byEmail = query.customer?.includes('@') === true;
      const customerId = byEmail
        ? ((
            (await directory()
              ?.lookupCustomerByEmail(query.customer!)
              .catch(() => null)) ?? null
          )?.userId ?? null)
        : (query.customer ?? null);
      await auditStaffAccess(auditLog, principalOf(request), {
        action: REPLAY_AUDIT_ACTIONS.list,
        subjectId: customerId,
        reason,
        detail: {
          ...(byEmail ? { customerEmail: query.customer } : {}),
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
          ...(query.hasErrors ? { hasErrors: query.hasErrors } : {}),
          ...(query.minDurationS !== undefined ? { minDurationS: query.minDurationS } : {}),
        },
      });
      let select = db.selectFrom('session').selectAll();
      if (query.customer !== undefined) {
        if (customerId === null) {
          return { items: [], nextCursor: null };
        }
        select = select.where('customer_id', '=', customerId);
      }
      if (query.from !== undefined) {
        select = select.where('started_at', '>=', new Date(query.from));
      }
      if (query.to !== undefined) {
        select = select.where('started_at', '<=', new Date(query.to));
      }
      if (query.hasErrors !== undefined) {
        select = select.where('error_count', query.hasErrors === 'true' ? '>' : '=', 0);
      }
      if (query.minDurationS !== undefined) {
        select = select.where(
          sql<boolean>`ended_at - started_at >= make_interval(secs => ${query.minDurationS})`,
        );
      }
      if (query.page !== undefined) {
        const pattern = `%${query.page.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        select = select.where((eb) =>
          eb.or([
            eb('first_page', 'like', pattern),
            eb.exists(
              eb
                .selectFrom('page')
                .select('page.session_id')
                .whereRef('page.session_id', '=', 'session.id')
                .where('page.href', 'like', pattern),
            ),
          ]),
        );
      }
      if (cursor !== undefined) {
        select = select.where((eb) =>
          eb.or([
            eb('started_at', '<', cursor.startedAt),
            eb.and([eb('started_at', '=', cursor.startedAt), eb('id', '<', cursor.id)]),
          ]),
        );
      }
      const rows = (await select
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute()) as SessionRow[];
      const pageRows = rows.slice(0, query.limit);
      const emails = new Map<string, string | undefined>();
      for (const row of pageRows) {
        if (row.customer_id !== null && !emails.has(row.customer_id)) {
          emails.set(row.customer_id, await emailOf(row.customer_id));
        }
      }
      return {
        items: pageRows.map((row) =>
          summaryOf(row, row.customer_id === null ? undefined : emails.get(row.customer_id)),
        ),
        nextCursor: rows.length > query.limit ? encodeCursor(pageRows[pageRows.length - 1]!) : null,
      };
    },
  );

  app.get(
    '/sessions/:sessionID',
    {
      schema: {
        summary: "A recorded session's metadata, pages and snapshots (support agents and admins; audited)",
        description: 'REPLAY_SESSION_NOT_FOUND. Needs x-staff-reason (STAFF_REASON_REQUIRED).',
        params: sessionParams,
        headers: reasonHeaders,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      const reason = reasonOf(request);
      const row = await findSession(request, request.params.sessionID);
      await auditStaffAccess(auditLog, principalOf(request), {
        action: REPLAY_AUDIT_ACTIONS.view,
        subjectId: row.customer_id,
        reason,
        detail: { sessionID: row.id },
      });
      const [pages, imageRows, quarantined] = await Promise.all([
        db
          .selectFrom('page')
          .selectAll()
          .where('session_id', '=', row.id)
          .orderBy('at')
          .orderBy('page_index')
          .execute(),
        db.selectFrom('image').selectAll().where('session_id', '=', row.id).orderBy('name').execute(),
        db
          .selectFrom('quarantine')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('session_id', '=', row.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        ...summaryOf(row, await emailOf(row.customer_id)),
        pageList: pages.map((page) => ({
          index: page.page_index,
          href: page.href,
          title: page.title,
          at: page.at.toISOString(),
        })),
        images: imageRows.map((image) => ({
          name: image.name,
          size: image.size,
          contentType: image.content_type,
        })),
        timezone: row.timezone,
        referrer: row.referrer,
        quarantinedBatches: quarantined.count,
      };
    },
  );

  app.get(
    '/sessions/:sessionID/events',
    {
      schema: {
        summary:
          "A recorded session's events in order, every batch of every page (support agents and admins; audited)",
        description: 'REPLAY_SESSION_NOT_FOUND. Needs x-staff-reason (STAFF_REASON_REQUIRED).',
        params: sessionParams,
        headers: reasonHeaders,
        response: { 200: eventsSchema },
      },
    },
    async (request, reply) => {
      const reason = reasonOf(request);
      const row = await findSession(request, request.params.sessionID);
      await auditStaffAccess(auditLog, principalOf(request), {
        action: REPLAY_AUDIT_ACTIONS.view,
        subjectId: row.customer_id,
        reason,
        detail: { sessionID: row.id, part: 'events' },
      });
      void reply.header('cache-control', 'no-store');
      return { events: await readSessionEvents(db, row.id) };
    },
  );

  app.get(
    '/sessions/:sessionID/images/:name',
    {
      schema: {
        summary: 'One canvas snapshot of a recorded session (support agents and admins; audited)',
        description:
          'The image bytes. REPLAY_SESSION_NOT_FOUND, REPLAY_IMAGE_NOT_FOUND. Needs x-staff-reason.',
        params: imageParams,
        headers: reasonHeaders,
        response: { 200: z.string().describe('image/webp, image/png or image/jpeg bytes') },
      },
    },
    async (request, reply) => {
      const reason = reasonOf(request);
      const row = await findSession(request, request.params.sessionID);
      const image = await db
        .selectFrom('image')
        .selectAll()
        .where('session_id', '=', row.id)
        .where('name', '=', request.params.name)
        .executeTakeFirst();
      if (image === undefined) {
        throw new ReplayImageNotFoundError();
      }
      await auditStaffAccess(auditLog, principalOf(request), {
        action: REPLAY_AUDIT_ACTIONS.view,
        subjectId: row.customer_id,
        reason,
        detail: { sessionID: row.id, image: image.name },
      });
      const stored = await images.store.get(image.object_key);
      if (stored === null) {
        throw new ReplayImageNotFoundError();
      }
      return reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type(image.content_type)
        .send(Buffer.from(stored.body) as unknown as string);
    },
  );
};
