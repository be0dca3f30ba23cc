/**
 * The tracker's side of the ingest (docs/adr/0017-session-tracking.md): starting (or resuming) a session with its
 * bearer token, accepting batches once (after the PII tripwire), and the session metadata derived from the start
 * call and the batches' custom events.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  RRWEB_CUSTOM_EVENT_TYPE,
  TESSERA_EVENT_TAGS,
  TRACKER_BEACON_SIZE,
  TRACKER_COMPRESSION_THRESHOLD,
  TRACKER_MIN_VERSION,
  TRACKER_SESSION_RESTART_MS,
  type CanvasQuality,
  type RrwebEvent,
  type TrackerBatch,
  type TrackerStartResponse,
} from '@tessera/contracts';
import { sql } from 'kysely';
import type { IngestDatabase, IngestTables } from '../../tables.ts';
import { hasFindings, type PiiFindings, scanValue } from './pii-tripwire.ts';
import { parseUserAgent } from './user-agent.ts';

/** The longest duration a session can show (a tab left open for days still reads as a day). */
const MAX_DURATION_MS = 24 * 3600 * 1000;
const TITLE_MAX = 300;
const HREF_MAX = 2000;

/** The SHA-256 of a session token: the only form it is stored in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session token: 32 random bytes, base64url, with a prefix that says what it is in a log. */
export function newSessionToken(): string {
  return `tst_${randomBytes(32).toString('base64url')}`;
}

/** Whether `version` (x.y.z) is at least TRACKER_MIN_VERSION. */
export function isSupportedTrackerVersion(version: string): boolean {
  const parse = (value: string) => /^(\d{1,4})\.(\d{1,4})\.(\d{1,4})$/.exec(value)?.slice(1).map(Number);
  const given = parse(version);
  const minimum = parse(TRACKER_MIN_VERSION)!;
  if (!given) {
    return false;
  }
  for (let index = 0; index < 3; index += 1) {
    if (given[index]! !== minimum[index]!) {
      return given[index]! > minimum[index]!;
    }
  }
  return true;
}

/** Text as a column keeps it: no NUL, no lone surrogate, at most `max` characters. */
export function cleanText(value: string, max: number): string {
  return value
    .replaceAll('\u0000', '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .slice(0, max);
}

/**
 * A page address as the ingest keeps it: origin and path, never the query or the fragment (they may carry a
 * search term, an e-mail, a token); a relative or malformed one keeps its path part only.
 */
export function pageAddress(href: string): string {
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return '';
    }
    return cleanText(`${url.origin}${url.pathname}`, HREF_MAX);
  } catch {
    return cleanText(href.split(/[?#]/)[0] ?? '', HREF_MAX);
  }
}

/** The session a valid token opens. */
export interface TokenSession {
  readonly id: string;
  readonly projectId: string;
  readonly customerId: string | null;
  /** Started with doNotRecord or assistOnly: nothing it sends is stored. */
  readonly assistOnly: boolean;
}

export type ProjectRow = IngestTables['project'] & {
  canvas_enabled: boolean;
  canvas_quality: string;
  canvas_fps: number;
  feature_flags_enabled: boolean;
  usability_test_enabled: boolean;
};

/** What the start needs besides the validated body. */
export interface StartInput {
  readonly project: ProjectRow;
  readonly trackerVersion: string;
  readonly clientTimestamp: number;
  readonly previousToken: string | null;
  readonly customerId: string | null;
  readonly userAgent: string | undefined;
  readonly width: number;
  readonly height: number;
  readonly timezone: string | null;
  readonly href: string;
  readonly referrer: string;
  readonly assistOnly: boolean;
}

export interface TrackerServiceOptions {
  readonly db: IngestDatabase;
  readonly now: () => Date;
  readonly tokenMaxHours: number;
  /** Called with the kinds and counts of each quarantined batch (the metric). */
  readonly onQuarantine: (findings: PiiFindings) => void;
}

export type TrackerService = ReturnType<typeof createTrackerService>;

export function createTrackerService({ db, now, tokenMaxHours, onQuarantine }: TrackerServiceOptions) {
  /** The token's expiry after activity at `at`: 30 minutes on, never past the session's maximum. */
  const expiryAfter = (at: Date, startedAt: Date) =>
    new Date(
      Math.min(at.getTime() + TRACKER_SESSION_RESTART_MS, startedAt.getTime() + tokenMaxHours * 3600 * 1000),
    );

  async function findProject(key: string): Promise<ProjectRow | undefined> {
    return (await db.selectFrom('project').selectAll().where('id', '=', key).executeTakeFirst()) as
      ProjectRow | undefined;
  }

  /** The live session of a token, or undefined (unknown or expired). */
  async function sessionOfToken(token: string): Promise<TokenSession | undefined> {
    const row = await db
      .selectFrom('session')
      .select(['id', 'project_id', 'customer_id', 'assist_only'])
      .where('token_hash', '=', hashToken(token))
      .where('token_expires_at', '>', now())
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        projectId: row.project_id,
        customerId: row.customer_id,
        assistOnly: row.assist_only,
      }
    );
  }

  function startAnswer(
    project: ProjectRow,
    session: { id: string; userUuid: string; device: string; browser: string; os: string },
    token: string,
    assistOnly: boolean,
  ): TrackerStartResponse {
    return {
      token,
      userUUID: session.userUuid,
      projectID: project.id,
      beaconSizeLimit: TRACKER_BEACON_SIZE,
      compressionThreshold: TRACKER_COMPRESSION_THRESHOLD,
      delay: 0,
      sessionID: session.id,
      startTimestamp: now().getTime(),
      userBrowser: session.browser,
      userCity: '',
      userCountry: '',
      userDevice: session.device,
      userOS: session.os,
      userState: '',
      canvasEnabled: project.canvas_enabled,
      canvasQuality: project.canvas_quality as CanvasQuality,
      canvasFPS: project.canvas_fps,
      assistOnly,
      features: {
        'feature-flags': project.feature_flags_enabled,
        'usability-test': project.usability_test_enabled,
      },
    };
  }

  /** Starts a session, or resumes the previous one of this tab when its token is live and for the same user. */
  async function start(input: StartInput): Promise<TrackerStartResponse> {
    const at = now();
    if (input.previousToken !== null) {
      const previous = await db
        .selectFrom('session')
        .selectAll()
        .where('token_hash', '=', hashToken(input.previousToken))
        .where('token_expires_at', '>', at)
        .executeTakeFirst();
      if (
        previous &&
        previous.project_id === input.project.id &&
        previous.customer_id === input.customerId &&
        previous.assist_only === input.assistOnly
      ) {
        await db
          .updateTable('session')
          .set({ token_expires_at: expiryAfter(at, previous.started_at) })
          .where('id', '=', previous.id)
          .execute();
        return startAnswer(
          input.project,
          {
            id: previous.id,
            userUuid: previous.user_uuid,
            device: previous.device,
            browser: previous.browser,
            os: previous.os,
          },
          input.previousToken,
          input.assistOnly,
        );
      }
      if (previous) {
        // Not resumable (sign-in, sign-out, another user or recording choice): the old token dies here, so a
        // copy of it cannot keep writing into the signed-out customer's session.
        await db.updateTable('session').set({ token_expires_at: at }).where('id', '=', previous.id).execute();
      }
    }
    const token = newSessionToken();
    const agent = parseUserAgent(input.userAgent);
    const id = randomUUID();
    const userUuid = randomUUID();
    await db
      .insertInto('session')
      .values({
        id,
        project_id: input.project.id,
        token_hash: hashToken(token),
        token_expires_at: expiryAfter(at, at),
        user_uuid: userUuid,
        customer_id: input.customerId,
        tracker_version: cleanText(input.trackerVersion, 32),
        started_at: at,
        client_started_ms: input.clientTimestamp,
        ended_at: at,
        first_page: pageAddress(input.href),
        user_agent: cleanText(input.userAgent ?? '', 1000),
        device: agent.device,
        browser: agent.browser,
        os: agent.os,
        width: input.width,
        height: input.height,
        timezone: input.timezone === null ? null : cleanText(input.timezone, 64),
        referrer: pageAddress(input.referrer),
        assist_only: input.assistOnly,
      })
      .execute();
    return startAnswer(input.project, { id, userUuid, ...agent }, token, input.assistOnly);
  }

  /**
   * Accepts a batch: quarantined (never stored) when the tripwire finds anything, else stored once (a retry of a
   * stored batch changes nothing) with the session's metadata brought up to date. Returns what happened.
   */
  async function acceptBatch(
    session: TokenSession,
    batch: TrackerBatch,
  ): Promise<'stored' | 'duplicate' | 'quarantined' | 'not-recorded'> {
    if (session.assistOnly) {
      // doNotRecord / assistOnly: the session exists for live assist only; no event of it is kept.
      await touch(session.id);
      return 'not-recorded';
    }
    const findings = scanValue(batch.events);
    if (hasFindings(findings)) {
      const inserted = await db
        .insertInto('quarantine')
        .values({
          session_id: session.id,
          page: batch.page,
          n: batch.n,
          kinds: JSON.stringify(findings),
        })
        .onConflict((conflict) => conflict.columns(['session_id', 'page', 'n']).doNothing())
        .returning('session_id')
        .executeTakeFirst();
      if (inserted !== undefined) {
        onQuarantine(findings);
      }
      await touch(session.id);
      return 'quarantined';
    }
    const timestamps = batch.events.map((event) => Math.floor(event.timestamp)).filter(Number.isFinite);
    const first = timestamps.length > 0 ? Math.min(...timestamps) : null;
    const last = timestamps.length > 0 ? Math.max(...timestamps) : null;
    const pages: { index: number; href: string; title: string; at: number }[] = [];
    let errors = 0;
    for (const event of batch.events) {
      const custom = customEventOf(event);
      if (custom?.tag === TESSERA_EVENT_TAGS.page) {
        const payload = custom.payload;
        const index = typeof payload['pageIndex'] === 'number' ? payload['pageIndex'] : batch.page;
        pages.push({
          index: Number.isInteger(index) && index >= 0 && index < 1e6 ? index : batch.page,
          href: pageAddress(typeof payload['href'] === 'string' ? payload['href'] : ''),
          title: cleanText(typeof payload['title'] === 'string' ? payload['title'] : '', TITLE_MAX),
          at: Math.floor(event.timestamp),
        });
      } else if (custom?.tag === TESSERA_EVENT_TAGS.error) {
        errors += 1;
      }
    }
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('batch')
        .values({
          session_id: session.id,
          page: batch.page,
          n: batch.n,
          tab_id: batch.tabId,
          event_count: batch.events.length,
          first_timestamp: first,
          last_timestamp: last,
          events_gzip: gzipSync(JSON.stringify(batch.events)),
        })
        .onConflict((conflict) => conflict.columns(['session_id', 'page', 'n']).doNothing())
        .returning('session_id')
        .executeTakeFirst();
      if (inserted === undefined) {
        return 'duplicate' as const;
      }
      const current = await trx
        .selectFrom('session')
        .select(['started_at', 'client_started_ms', 'ended_at', 'first_page'])
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      for (const page of pages) {
        await trx
          .insertInto('page')
          .values({
            session_id: session.id,
            page_index: page.index,
            href: page.href,
            title: page.title,
            at: clampedTime(current.started_at, Number(current.client_started_ms), page.at),
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      const endedAt =
        last === null
          ? current.ended_at
          : new Date(
              Math.max(
                current.ended_at.getTime(),
                clampedTime(current.started_at, Number(current.client_started_ms), last).getTime(),
              ),
            );
      const pageCount = await trx
        .selectFrom('page')
        .select(sql<number>`count(distinct page_index)::int`.as('count'))
        .where('session_id', '=', session.id)
        .executeTakeFirstOrThrow();
      const at = now();
      await trx
        .updateTable('session')
        .set({
          ended_at: endedAt,
          error_count: sql`error_count + ${errors}`,
          event_count: sql`event_count + ${batch.events.length}`,
          page_count: sql`greatest(page_count, ${batch.page + 1}, ${pageCount.count})`,
          ...(current.first_page === '' && pages[0] ? { first_page: pages[0].href } : {}),
          token_expires_at: sql`least(${new Date(at.getTime() + TRACKER_SESSION_RESTART_MS)}, started_at + make_interval(hours => ${tokenMaxHours}))`,
        })
        .where('id', '=', session.id)
        .execute();
      return 'stored' as const;
    });
  }

  /** Keeps a session's token alive after activity that stored nothing. */
  async function touch(sessionId: string): Promise<void> {
    const at = now();
    await db
      .updateTable('session')
      .set({
        token_expires_at: sql`least(${new Date(at.getTime() + TRACKER_SESSION_RESTART_MS)}, started_at + make_interval(hours => ${tokenMaxHours}))`,
      })
      .where('id', '=', sessionId)
      .execute();
  }

  return { findProject, sessionOfToken, start, acceptBatch, touch };
}

/** The server time of a page timestamp: the start plus the page's elapsed time, within [start, start + 1 day]. */
function clampedTime(startedAt: Date, clientStartedMs: number, timestamp: number): Date {
  const elapsed = Math.min(Math.max(timestamp - clientStartedMs, 0), MAX_DURATION_MS);
  return new Date(startedAt.getTime() + elapsed);
}

/** The tag and payload of one of our custom events, or undefined. */
function customEventOf(event: RrwebEvent): { tag: string; payload: Record<string, unknown> } | undefined {
  if (event.type !== RRWEB_CUSTOM_EVENT_TYPE || typeof event.data !== 'object' || event.data === null) {
    return undefined;
  }
  const { tag, payload } = event.data as { tag?: unknown; payload?: unknown };
  if (typeof tag !== 'string' || typeof payload !== 'object' || payload === null) {
    return undefined;
  }
  return { tag, payload: payload as Record<string, unknown> };
}

/** The events of stored batches, in order (page, then index), decompressed. */
export async function readSessionEvents(db: IngestDatabase, sessionId: string): Promise<RrwebEvent[]> {
  const rows = await db
    .selectFrom('batch')
    .select(['events_gzip'])
    .where('session_id', '=', sessionId)
    .orderBy('page')
    .orderBy('n')
    .execute();
  return rows.flatMap((row) => JSON.parse(gunzipSync(row.events_gzip).toString('utf8')) as RrwebEvent[]);
}
