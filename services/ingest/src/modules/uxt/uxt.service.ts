/**
 * Usability tests (issue #19; docs/api.md "Usability tests"): the participant side (the published test, idempotent
 * signals, SUS answers, signed single-use upload URLs and the recording they store) and the staff side (tests, their
 * status, results measured from the sessions' recorded events). Routes: participant.routes.ts, staff.routes.ts.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type StaffUxtParticipant,
  type StaffUxtResults,
  type StaffUxtTask,
  type StaffUxtTest,
  type StaffUxtTestSummary,
  susScore,
  UXT_PARTICIPANT_IDLE_MS,
  UXT_QUERY_PARAMETER,
  UXT_RECORDING_CONTENT_TYPE,
  UXT_RECORDINGS_PER_PARTICIPANT,
  UXT_UPLOAD_URL_TTL_MS,
  type UxtParticipantTest,
  type UxtSignalStatus,
  type UxtSuccessCondition,
  type UxtTestInput,
  type UxtTestStatus,
  uxtSuccessConditionSchema,
  uxtTestInputSchema,
} from '@tessera/contracts';
import type { ObjectStore } from '@tessera/platform';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { IngestDatabase } from '../../tables.ts';
import { readSessionEvents } from '../tracker/tracker.service.ts';
import {
  UxtRecordingLimitError,
  UxtRecordingNotFoundError,
  UxtSusNotAskedError,
  UxtTaskUnknownError,
  UxtTestFinishedError,
  UxtTestNotAvailableError,
  UxtTestNotBegunError,
  UxtTestNotEditableError,
  UxtTestNotFoundError,
  UxtTestStatusConflictError,
  UxtUploadUrlExpiredError,
  UxtUploadUrlInvalidError,
  UxtUploadUrlUsedError,
} from './uxt.errors.ts';
import { mean, measuredSuccess, median, p90, ratio } from './uxt.measures.ts';
import type { UxtDatabase, UxtTables } from './uxt.tables.ts';

type TestRow = Selectable<UxtTables['uxt_test']>;
type TaskRow = Selectable<UxtTables['uxt_task']>;
type ParticipantRow = Selectable<UxtTables['uxt_participant']>;

/** The session a participant call carries (the tracker's TokenSession). */
export interface UxtSession {
  readonly id: string;
  readonly projectId: string;
}

export interface UxtServiceOptions {
  readonly db: UxtDatabase;
  readonly store: ObjectStore;
  readonly now: () => Date;
  /** The project staff-created tests belong to (INGEST_PROJECT_KEY). */
  readonly projectKey: string;
  /** The upload-signing secret (INGEST_UXT_UPLOAD_SECRET); unset: one kept in the database. */
  readonly uploadSecret?: string | undefined;
}

/** Which status changes the staff actions allow (docs/api.md). */
export const UXT_TRANSITIONS: Record<
  'publish' | 'pause' | 'end',
  { from: UxtTestStatus[]; to: UxtTestStatus }
> = {
  publish: { from: ['draft', 'paused'], to: 'published' },
  pause: { from: ['published'], to: 'paused' },
  end: { from: ['published', 'paused'], to: 'ended' },
};

const STATUS_RANK: Record<string, number> = { begin: 0, skipped: 1, done: 2 };

export type UxtService = ReturnType<typeof createUxtService>;

export function createUxtService({ db, store, now, projectKey, uploadSecret }: UxtServiceOptions) {
  let secret: Buffer | undefined = uploadSecret === undefined ? undefined : Buffer.from(uploadSecret, 'utf8');

  async function signingSecret(): Promise<Buffer> {
    if (secret === undefined) {
      await db
        .insertInto('uxt_secret')
        .values({ id: 1, secret: randomBytes(32) })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const row = await db
        .selectFrom('uxt_secret')
        .select('secret')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      secret = row.secret;
    }
    return secret;
  }

  function signature(key: Buffer, uploadId: string, expiresMs: number): string {
    return createHmac('sha256', key).update(`uxt-upload:${uploadId}:${expiresMs}`).digest('base64url');
  }

  async function findTest(testId: string): Promise<TestRow> {
    const row = await db.selectFrom('uxt_test').selectAll().where('id', '=', testId).executeTakeFirst();
    if (row === undefined) {
      throw new UxtTestNotFoundError();
    }
    return row;
  }

  async function tasksOf(testId: string): Promise<TaskRow[]> {
    return db.selectFrom('uxt_task').selectAll().where('test_id', '=', testId).orderBy('position').execute();
  }

  /** The test of a participant call: of the session's project, not a draft (UXT_TEST_NOT_FOUND). */
  async function participantTest(session: UxtSession, testId: string): Promise<TestRow> {
    const row = await db.selectFrom('uxt_test').selectAll().where('id', '=', testId).executeTakeFirst();
    if (row === undefined || row.project_id !== session.projectId || row.status === 'draft') {
      throw new UxtTestNotFoundError();
    }
    return row;
  }

  async function participantOf(session: UxtSession, testId: string): Promise<ParticipantRow | undefined> {
    return db
      .selectFrom('uxt_participant')
      .selectAll()
      .where('test_id', '=', testId)
      .where('session_key', '=', session.id)
      .executeTakeFirst();
  }

  async function touchParticipant(participantId: string): Promise<void> {
    await db
      .updateTable('uxt_participant')
      .set({ last_activity_at: now() })
      .where('id', '=', participantId)
      .execute();
  }

  // -------------------------------------------------------------------------------------------------------------
  // Participant side
  // -------------------------------------------------------------------------------------------------------------

  /** GET /v1/web/uxt/test/{id}: a published test; paused or ended is UXT_TEST_NOT_AVAILABLE. */
  async function publishedTest(session: UxtSession, testId: string): Promise<UxtParticipantTest> {
    const test = await participantTest(session, testId);
    if (test.status !== 'published') {
      throw new UxtTestNotAvailableError(undefined, { status: test.status });
    }
    const tasks = await tasksOf(test.id);
    return {
      title: test.title,
      description: test.description,
      startingPath: test.starting_path,
      status: test.status,
      reqMic: test.req_mic,
      reqCamera: test.req_camera,
      guidelines: test.guidelines,
      conclusion: test.conclusion,
      sus: test.sus,
      tasks: tasks.map((task) => ({
        task_id: task.id,
        title: task.title,
        description: task.description,
        allow_typing: task.allow_typing,
      })),
    };
  }

  /** A participant who may still send: begun, test not ended (a paused test lets a begun participant finish). */
  async function activeParticipant(session: UxtSession, test: TestRow): Promise<ParticipantRow> {
    if (test.status === 'ended') {
      throw new UxtTestNotAvailableError(undefined, { status: test.status });
    }
    const participant = await participantOf(session, test.id);
    if (participant === undefined) {
      throw new UxtTestNotBegunError();
    }
    return participant;
  }

  async function testSignal(
    session: UxtSession,
    signal: { testId: string; status: UxtSignalStatus; duration: number; timestamp: number },
  ): Promise<void> {
    const test = await participantTest(session, signal.testId);
    if (signal.status === 'begin') {
      const existing = await participantOf(session, test.id);
      if (existing !== undefined) {
        // A retried begin (or a reload of the page): the same participant, nothing doubled.
        await touchParticipant(existing.id);
        return;
      }
      if (test.status !== 'published') {
        throw new UxtTestNotAvailableError(undefined, { status: test.status });
      }
      const at = now();
      await db
        .insertInto('uxt_participant')
        .values({
          id: randomUUID(),
          test_id: test.id,
          session_key: session.id,
          session_id: session.id,
          started_at: at,
          last_activity_at: at,
        })
        .onConflict((conflict) => conflict.columns(['test_id', 'session_key']).doNothing())
        .execute();
      return;
    }
    const participant = await activeParticipant(session, test);
    if (participant.status === signal.status) {
      return; // a retry
    }
    if (participant.status !== 'begin') {
      throw new UxtTestFinishedError(undefined, { status: participant.status });
    }
    const at = now();
    await db
      .updateTable('uxt_participant')
      .set({ status: signal.status, ended_at: at, duration_ms: signal.duration, last_activity_at: at })
      .where('id', '=', participant.id)
      .where('status', '=', 'begin')
      .execute();
  }

  async function taskSignal(
    session: UxtSession,
    signal: {
      testId: string;
      taskId: number;
      status: UxtSignalStatus;
      duration: number;
      timestamp: number;
      taskAnswer?: string | null | undefined;
    },
  ): Promise<void> {
    const test = await participantTest(session, signal.testId);
    const task = await db
      .selectFrom('uxt_task')
      .selectAll()
      .where('id', '=', signal.taskId)
      .where('test_id', '=', test.id)
      .executeTakeFirst();
    if (task === undefined) {
      throw new UxtTaskUnknownError();
    }
    const participant = await activeParticipant(session, test);
    const stored = await db
      .selectFrom('uxt_task_signal')
      .select('status')
      .where('participant_id', '=', participant.id)
      .where('task_id', '=', task.id)
      .where('status', '=', signal.status)
      .executeTakeFirst();
    if (stored !== undefined) {
      return; // a retry: the first one stays
    }
    if (participant.status !== 'begin') {
      throw new UxtTestFinishedError(undefined, { status: participant.status });
    }
    const typed = signal.taskAnswer?.trim() ?? '';
    const answer = task.allow_typing && signal.status !== 'begin' && typed !== '' ? typed : null;
    await db
      .insertInto('uxt_task_signal')
      .values({
        participant_id: participant.id,
        task_id: task.id,
        status: signal.status,
        duration_ms: signal.duration,
        client_ts: signal.timestamp,
        answer,
      })
      .onConflict((conflict) => conflict.columns(['participant_id', 'task_id', 'status']).doNothing())
      .execute();
    await touchParticipant(participant.id);
  }

  async function susSignal(
    session: UxtSession,
    signal: { testId: string; answers: number[] },
  ): Promise<void> {
    const test = await participantTest(session, signal.testId);
    if (!test.sus) {
      throw new UxtSusNotAskedError();
    }
    const participant = await activeParticipant(session, test);
    // The first answers stay (a retry changes nothing).
    await db
      .updateTable('uxt_participant')
      .set({
        sus_answers: JSON.stringify(signal.answers),
        sus_score: susScore(signal.answers),
        last_activity_at: now(),
      })
      .where('id', '=', participant.id)
      .where('sus_answers', 'is', null)
      .execute();
  }

  /** A signed, single-use upload token for the session's participation in `testId` (or its latest one). */
  async function uploadToken(
    session: UxtSession,
    testId: string | undefined,
  ): Promise<{ token: string; expiresAt: Date }> {
    let participant: ParticipantRow | undefined;
    if (testId !== undefined) {
      const test = await participantTest(session, testId);
      participant = await activeParticipant(session, test);
    } else {
      participant = await db
        .selectFrom('uxt_participant')
        .selectAll()
        .where('session_key', '=', session.id)
        .orderBy('started_at', 'desc')
        .executeTakeFirst();
      if (participant === undefined) {
        throw new UxtTestNotBegunError();
      }
      const test = await findTest(participant.test_id);
      if (test.status === 'ended') {
        throw new UxtTestNotAvailableError(undefined, { status: test.status });
      }
    }
    // Recordings stored, and upload URLs still usable, count against the participant's allowance.
    const { count } = await db
      .selectFrom('uxt_upload')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('participant_id', '=', participant.id)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '>', now())]))
      .executeTakeFirstOrThrow();
    if (count >= UXT_RECORDINGS_PER_PARTICIPANT) {
      throw new UxtRecordingLimitError(undefined, { max: UXT_RECORDINGS_PER_PARTICIPANT });
    }
    const id = randomUUID();
    const expiresAt = new Date(now().getTime() + UXT_UPLOAD_URL_TTL_MS);
    await db
      .insertInto('uxt_upload')
      .values({ id, participant_id: participant.id, expires_at: expiresAt })
      .execute();
    const expiresMs = expiresAt.getTime();
    return { token: `${id}.${expiresMs}.${signature(await signingSecret(), id, expiresMs)}`, expiresAt };
  }

  /** Checks a signed token (signature, expiry, not used): the upload's id. */
  async function checkUploadToken(token: string): Promise<{ id: string; participantId: string }> {
    const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (match === null) {
      throw new UxtUploadUrlInvalidError();
    }
    const [, id, expires, given] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(signature(await signingSecret(), id, Number(expires)));
    if (!timingSafeEqual(expected, Buffer.from(given))) {
      throw new UxtUploadUrlInvalidError();
    }
    const row = await db.selectFrom('uxt_upload').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined || row.expires_at.getTime() !== Number(expires)) {
      throw new UxtUploadUrlInvalidError();
    }
    if (row.used_at !== null) {
      throw new UxtUploadUrlUsedError();
    }
    if (row.expires_at.getTime() <= now().getTime()) {
      throw new UxtUploadUrlExpiredError();
    }
    return { id: row.id, participantId: row.participant_id };
  }

  /** Stores a recording through a checked token (marked used first, so a second PUT is refused). */
  async function storeRecording(token: string, body: Uint8Array): Promise<{ id: string; size: number }> {
    const upload = await checkUploadToken(token);
    const claimed = await db
      .updateTable('uxt_upload')
      .set({ used_at: now() })
      .where('id', '=', upload.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      throw new UxtUploadUrlUsedError();
    }
    const id = randomUUID();
    const key = `ingest/uxt/${upload.participantId}/${id}.webm`;
    await store.put(key, body, UXT_RECORDING_CONTENT_TYPE);
    await db
      .insertInto('uxt_recording')
      .values({
        id,
        participant_id: upload.participantId,
        object_key: key,
        size: body.byteLength,
        content_type: UXT_RECORDING_CONTENT_TYPE,
        created_at: now(),
      })
      .execute();
    await touchParticipant(upload.participantId);
    return { id, size: body.byteLength };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Staff side
  // -------------------------------------------------------------------------------------------------------------

  function staffTaskOf(task: TaskRow): StaffUxtTask {
    const parsed = task.success === null ? null : uxtSuccessConditionSchema.safeParse(task.success);
    return {
      task_id: task.id,
      title: task.title,
      description: task.description,
      allow_typing: task.allow_typing,
      success: parsed?.success === true ? parsed.data : null,
    };
  }

  function staffTestOf(test: TestRow, tasks: TaskRow[]): StaffUxtTest {
    return {
      id: test.id,
      title: test.title,
      description: test.description,
      startingPath: test.starting_path,
      guidelines: test.guidelines,
      conclusion: test.conclusion,
      reqMic: test.req_mic,
      reqCamera: test.req_camera,
      sus: test.sus,
      status: test.status as UxtTestStatus,
      tasks: tasks.map(staffTaskOf),
      createdAt: test.created_at.toISOString(),
      updatedAt: test.updated_at.toISOString(),
      participantPath: `${test.starting_path}${test.starting_path.includes('?') ? '&' : '?'}${UXT_QUERY_PARAMETER}=${test.id}`,
    };
  }

  async function listTests(): Promise<StaffUxtTestSummary[]> {
    const rows = await db
      .selectFrom('uxt_test')
      .select((eb) => [
        'uxt_test.id',
        'uxt_test.title',
        'uxt_test.status',
        'uxt_test.created_at',
        'uxt_test.updated_at',
        eb
          .selectFrom('uxt_task')
          .select(sql<number>`count(*)::int`.as('count'))
          .whereRef('uxt_task.test_id', '=', 'uxt_test.id')
          .as('task_count'),
        eb
          .selectFrom('uxt_participant')
          .select(sql<number>`count(*)::int`.as('count'))
          .whereRef('uxt_participant.test_id', '=', 'uxt_test.id')
          .as('participant_count'),
      ])
      .orderBy('uxt_test.created_at', 'desc')
      .orderBy('uxt_test.id', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status as UxtTestStatus,
      taskCount: row.task_count ?? 0,
      participantCount: row.participant_count ?? 0,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }

  async function getTest(testId: string): Promise<StaffUxtTest> {
    const test = await findTest(testId);
    return staffTestOf(test, await tasksOf(test.id));
  }

  type TestInput = z.output<typeof uxtTestInputSchema>;

  function testValues(input: TestInput) {
    return {
      title: input.title,
      description: input.description,
      starting_path: input.startingPath,
      guidelines: input.guidelines,
      conclusion: input.conclusion,
      req_mic: input.reqMic,
      req_camera: input.reqCamera,
      sus: input.sus,
    };
  }

  async function insertTasks(trx: UxtDatabase, testId: string, input: TestInput): Promise<void> {
    await trx
      .insertInto('uxt_task')
      .values(
        input.tasks.map((task, position) => ({
          test_id: testId,
          position,
          title: task.title,
          description: task.description,
          allow_typing: task.allow_typing,
          success: task.success === null ? null : JSON.stringify(task.success),
        })),
      )
      .execute();
  }

  async function createTest(
    raw: UxtTestInput,
    createdBy: string | null,
    options: { id?: string; status?: UxtTestStatus } = {},
  ): Promise<StaffUxtTest> {
    const input = uxtTestInputSchema.parse(raw);
    const id = options.id ?? randomUUID();
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('uxt_test')
        .values({
          id,
          project_id: projectKey,
          ...testValues(input),
          status: options.status ?? 'draft',
          created_by: createdBy,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await insertTasks(trx, id, input);
    });
    return getTest(id);
  }

  async function updateTest(testId: string, raw: UxtTestInput): Promise<StaffUxtTest> {
    const input = uxtTestInputSchema.parse(raw);
    await db.transaction().execute(async (trx) => {
      const test = await trx
        .selectFrom('uxt_test')
        .select('status')
        .where('id', '=', testId)
        .forUpdate()
        .executeTakeFirst();
      if (test === undefined) {
        throw new UxtTestNotFoundError();
      }
      if (test.status !== 'draft') {
        throw new UxtTestNotEditableError(undefined, { status: test.status });
      }
      await trx
        .updateTable('uxt_test')
        .set({ ...testValues(input), updated_at: now() })
        .where('id', '=', testId)
        .execute();
      await trx.deleteFrom('uxt_task').where('test_id', '=', testId).execute();
      await insertTasks(trx, testId, input);
    });
    return getTest(testId);
  }

  async function changeStatus(testId: string, action: keyof typeof UXT_TRANSITIONS): Promise<StaffUxtTest> {
    const transition = UXT_TRANSITIONS[action];
    const test = await findTest(testId);
    const updated = await db
      .updateTable('uxt_test')
      .set({ status: transition.to, updated_at: now() })
      .where('id', '=', testId)
      .where('status', 'in', transition.from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new UxtTestStatusConflictError(undefined, { status: test.status, action });
    }
    return getTest(testId);
  }

  async function results(testId: string): Promise<StaffUxtResults> {
    const test = await findTest(testId);
    const tasks = await tasksOf(test.id);
    const participants = await db
      .selectFrom('uxt_participant')
      .leftJoin('session', 'session.id', 'uxt_participant.session_id')
      .selectAll('uxt_participant')
      .select('session.ended_at as session_ended_at')
      .where('uxt_participant.test_id', '=', test.id)
      .orderBy('uxt_participant.started_at')
      .orderBy('uxt_participant.id')
      .execute();
    const ids = participants.map((participant) => participant.id);
    const signals =
      ids.length === 0
        ? []
        : await db.selectFrom('uxt_task_signal').selectAll().where('participant_id', 'in', ids).execute();
    const recordings =
      ids.length === 0
        ? []
        : await db
            .selectFrom('uxt_recording')
            .selectAll()
            .where('participant_id', 'in', ids)
            .orderBy('created_at')
            .execute();
    const conditions = new Map<number, UxtSuccessCondition>();
    for (const task of tasks) {
      const success = staffTaskOf(task).success;
      if (success !== null) {
        conditions.set(task.id, success);
      }
    }
    const at = now().getTime();
    const rows: StaffUxtParticipant[] = [];
    for (const participant of participants) {
      const own = signals.filter((signal) => signal.participant_id === participant.id);
      const needsEvents =
        participant.session_id !== null && own.some((signal) => conditions.has(signal.task_id));
      const events = needsEvents
        ? await readSessionEvents(db as unknown as IngestDatabase, participant.session_id!)
        : [];
      const lastActivity = Math.max(
        participant.last_activity_at.getTime(),
        participant.session_ended_at?.getTime() ?? 0,
      );
      const status =
        participant.status === 'done'
          ? 'completed'
          : participant.status === 'skipped'
            ? 'skipped'
            : at - lastActivity > UXT_PARTICIPANT_IDLE_MS
              ? 'aborted'
              : 'live';
      rows.push({
        participantId: participant.id,
        sessionID: participant.session_key,
        status,
        startedAt: participant.started_at.toISOString(),
        endedAt: participant.ended_at?.toISOString() ?? null,
        durationMs: participant.duration_ms,
        susScore: participant.sus_score === null ? null : Number(participant.sus_score),
        recordings: recordings
          .filter((recording) => recording.participant_id === participant.id)
          .map((recording) => ({
            id: recording.id,
            size: recording.size,
            contentType: recording.content_type,
            createdAt: recording.created_at.toISOString(),
            url: `/api/ingest/staff/uxt/recordings/${recording.id}`,
          })),
        tasks: tasks.map((task) => {
          const mine = own
            .filter((signal) => signal.task_id === task.id)
            .sort((a, b) => (STATUS_RANK[b.status] ?? 0) - (STATUS_RANK[a.status] ?? 0));
          const latest = mine[0];
          const begin = mine.find((signal) => signal.status === 'begin');
          const end = latest !== undefined && latest.status !== 'begin' ? latest : undefined;
          const condition = conditions.get(task.id);
          return {
            task_id: task.id,
            status: (latest?.status as UxtSignalStatus | undefined) ?? null,
            durationMs: end?.duration_ms ?? null,
            answer: task.allow_typing ? (end?.answer ?? null) : null,
            measuredSuccess:
              condition === undefined
                ? null
                : latest === undefined
                  ? false
                  : measuredSuccess(
                      condition,
                      events,
                      Number(begin?.client_ts ?? latest.client_ts),
                      end === undefined ? Number.MAX_SAFE_INTEGER : Number(end.client_ts),
                    ),
          };
        }),
      });
    }
    const sus = rows.flatMap((row) => (row.susScore === null ? [] : [row.susScore]));
    return {
      test: staffTestOf(test, tasks),
      summary: {
        participants: rows.length,
        live: rows.filter((row) => row.status === 'live').length,
        completed: rows.filter((row) => row.status === 'completed').length,
        skipped: rows.filter((row) => row.status === 'skipped').length,
        aborted: rows.filter((row) => row.status === 'aborted').length,
        susMean: mean(sus),
        susResponses: sus.length,
      },
      tasks: tasks.map((task, index) => {
        const runs = rows
          .map((row) => ({ row, run: row.tasks[index]! }))
          .filter(({ run }) => run.status !== null);
        const done = runs.filter(({ run }) => run.status === 'done');
        const times = done.flatMap(({ run }) => (run.durationMs === null ? [] : [run.durationMs]));
        const measured = runs.filter(({ run }) => run.measuredSuccess === true).length;
        return {
          task_id: task.id,
          title: task.title,
          reached: runs.length,
          completed: done.length,
          skipped: runs.filter(({ run }) => run.status === 'skipped').length,
          completionRate: ratio(done.length, runs.length),
          timeOnTaskMedianMs: median(times),
          timeOnTaskP90Ms: p90(times),
          measuredSuccesses: measured,
          measuredSuccessRate: conditions.has(task.id) ? ratio(measured, runs.length) : null,
          answers: runs.flatMap(({ row, run }) =>
            run.answer === null ? [] : [{ participantId: row.participantId, answer: run.answer }],
          ),
        };
      }),
      participants: rows,
    };
  }

  async function recording(recordingId: string) {
    const row = await db
      .selectFrom('uxt_recording')
      .selectAll()
      .where('id', '=', recordingId)
      .executeTakeFirst();
    if (row === undefined) {
      throw new UxtRecordingNotFoundError();
    }
    const stored = await store.get(row.object_key);
    if (stored === null) {
      throw new UxtRecordingNotFoundError();
    }
    return { row, body: stored.body };
  }

  return {
    publishedTest,
    testSignal,
    taskSignal,
    susSignal,
    uploadToken,
    checkUploadToken,
    storeRecording,
    listTests,
    getTest,
    createTest,
    updateTest,
    changeStatus,
    results,
    recording,
  };
}
