/**
 * Usability tests over HTTP on both databases (docs/api.md, "Usability tests"): the participant's whole flow,
 * status rules, hostile inputs, idempotent signals, the signed upload URL (expiry, reuse, type, size), the studio's
 * API (groups, case reference, audit), results on a known set (median, p90, completion, SUS, measured success) and
 * the CSV and PDF exports.
 */
import {
  type StaffUxtResults,
  type StaffUxtTest,
  type TrackerStartResponse,
  UXT_RECORDING_SIZE_LIMIT,
  UXT_UPLOAD_URL_TTL_MS,
  type UxtTestInput,
} from '@tessera/contracts';
import { createFilesystemObjectStore, type Database } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../test-support/ingest-test-app.ts';
import { purgeExpiredRecordings } from './uxt.retention.ts';
import { DEMO_UXT_TEST_ID, seedDemoUsabilityTest } from './uxt.seed.ts';
import type { UxtDatabase } from './uxt.tables.ts';

const T0 = 1_770_000_000_000;
const RESEARCHER = '7e5a0d0e-0006-4000-8000-00000000a0a6';
const REASON = 'UXR-2026-19';

const input = (overrides: Partial<UxtTestInput> = {}): UxtTestInput => ({
  title: 'Send money',
  description: 'Two tasks',
  startingPath: '/dashboard/home',
  guidelines: 'Think aloud.',
  conclusion: '',
  reqMic: false,
  reqCamera: true,
  sus: true,
  tasks: [
    {
      title: 'Make a transfer',
      description: 'Send 10 EUR to Bob',
      allow_typing: false,
      success: { kind: 'request', method: 'POST', path: '/api/transfers/*', status: '2xx' },
    },
    { title: 'What was hard?', description: 'Tell us', allow_typing: true, success: null },
  ],
  ...overrides,
});

describeEachDatabase('usability tests', ({ createDatabase }) => {
  let t: IngestTestApp;
  let database: Database;
  let researcher: string;

  beforeAll(async () => {
    database = await createDatabase();
    t = await buildIngestTestApp(database);
    t.clock.now = new Date(T0);
    researcher = await t.token(RESEARCHER, ['ux_researcher']);
    return () => t.app.close();
  }, 120_000);

  const staff = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/ingest/staff/uxt${path}`,
      headers: { authorization: `Bearer ${researcher}`, 'x-staff-reason': REASON, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const participant = (
    started: TrackerStartResponse,
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    prefix = '/ingest',
  ) =>
    t.app.inject({
      method,
      url: `${prefix}/v1/web/uxt${path}`,
      headers: { authorization: `Bearer ${started.token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
    expect({ status: response.statusCode, code: response.json().error?.code }).toEqual({ status, code });
  };

  async function publishedTest(overrides: Partial<UxtTestInput> = {}): Promise<StaffUxtTest> {
    const created = await staff('POST', '/tests', input(overrides));
    expect(created.statusCode).toBe(201);
    const test = created.json<StaffUxtTest>();
    expect((await staff('POST', `/tests/${test.id}/publish`)).statusCode).toBe(200);
    return test;
  }

  /** One participant through the whole flow, with `durations` per task (done), optional answer and SUS. */
  async function takeTest(
    test: StaffUxtTest,
    options: {
      durations: (number | 'skip')[];
      answer?: string;
      sus?: number[];
      events?: (begin: number, done: number) => unknown[];
    },
  ): Promise<TrackerStartResponse> {
    const started = await t.start();
    const clock = T0 + 1000;
    expect(
      (
        await participant(started, 'POST', '/signals/test', {
          testId: test.id,
          status: 'begin',
          duration: 0,
          timestamp: clock,
        })
      ).statusCode,
    ).toBe(200);
    let at = clock;
    const windows: [number, number][] = [];
    for (const [index, duration] of options.durations.entries()) {
      const task = test.tasks[index]!;
      const begin = at;
      await participant(started, 'POST', '/signals/task', {
        testId: test.id,
        taskId: task.task_id,
        status: 'begin',
        duration: 0,
        timestamp: begin,
      });
      at += duration === 'skip' ? 500 : duration;
      windows.push([begin, at]);
      const done = await participant(started, 'POST', '/signals/task', {
        testId: test.id,
        taskId: task.task_id,
        status: duration === 'skip' ? 'skipped' : 'done',
        duration: duration === 'skip' ? 500 : duration,
        timestamp: at,
        taskAnswer: options.answer ?? null,
      });
      expect(done.statusCode).toBe(200);
    }
    if (options.events) {
      const [begin, done] = windows[0]!;
      expect((await t.send(started, { events: options.events(begin, done) })).statusCode).toBe(200);
    }
    if (options.sus) {
      expect(
        (await participant(started, 'POST', '/signals/sus', { testId: test.id, answers: options.sus }))
          .statusCode,
      ).toBe(200);
    }
    await participant(started, 'POST', '/signals/test', {
      testId: test.id,
      status: 'done',
      duration: at - clock,
      timestamp: at,
    });
    return started;
  }

  const results = async (id: string) => {
    const response = await staff('GET', `/tests/${id}/results`);
    expect(response.statusCode).toBe(200);
    return response.json<StaffUxtResults>();
  };

  describe('participant flow', () => {
    it('shows a published test, takes signals, keeps typed answers only where typing is allowed, idempotently', async () => {
      const test = await publishedTest();
      const started = await t.start();
      const shown = await participant(started, 'GET', `/test/${test.id}`, undefined, '');
      expect(shown.statusCode).toBe(200);
      expect(shown.json().test).toEqual({
        title: 'Send money',
        description: 'Two tasks',
        startingPath: '/dashboard/home',
        status: 'published',
        reqMic: false,
        reqCamera: true,
        guidelines: 'Think aloud.',
        conclusion: '',
        sus: true,
        tasks: test.tasks.map((task) => ({
          task_id: task.task_id,
          title: task.title,
          description: task.description,
          allow_typing: task.allow_typing,
        })),
      });
      const [first, second] = test.tasks as [StaffUxtTest['tasks'][0], StaffUxtTest['tasks'][0]];
      const signal = (path: string, body: Record<string, unknown>) =>
        participant(started, 'POST', path, { testId: test.id, duration: 0, timestamp: T0, ...body });

      // A task signal before the test began is refused.
      expectError(
        await signal('/signals/task', { taskId: first.task_id, status: 'begin' }),
        409,
        'UXT_TEST_NOT_BEGUN',
      );
      // Begin twice (a retry): one participant.
      expect((await signal('/signals/test', { status: 'begin' })).statusCode).toBe(200);
      expect((await signal('/signals/test', { status: 'begin' })).statusCode).toBe(200);
      expect((await signal('/signals/task', { taskId: first.task_id, status: 'begin' })).statusCode).toBe(
        200,
      );
      // Done twice with other durations: the first stays. An answer on a task without typing is not kept.
      expect(
        (
          await signal('/signals/task', {
            taskId: first.task_id,
            status: 'done',
            duration: 4000,
            timestamp: T0 + 4000,
            taskAnswer: 'ignored',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await signal('/signals/task', {
            taskId: first.task_id,
            status: 'done',
            duration: 9000,
            timestamp: T0 + 9000,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await signal('/signals/task', { taskId: second.task_id, status: 'begin', timestamp: T0 + 4000 }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await signal('/signals/task', {
            taskId: second.task_id,
            status: 'done',
            duration: 2000,
            timestamp: T0 + 6000,
            taskAnswer: '  The IBAN field  ',
          })
        ).statusCode,
      ).toBe(200);
      expect((await signal('/signals/sus', { answers: [4, 2, 4, 2, 4, 2, 4, 2, 4, 2] })).statusCode).toBe(
        200,
      );
      expect((await signal('/signals/sus', { answers: [1, 5, 1, 5, 1, 5, 1, 5, 1, 5] })).statusCode).toBe(
        200,
      );
      expect(
        (await signal('/signals/test', { status: 'done', duration: 6000, timestamp: T0 + 6000 })).statusCode,
      ).toBe(200);
      expect((await signal('/signals/test', { status: 'done', duration: 7000 })).statusCode).toBe(200);
      expectError(await signal('/signals/test', { status: 'skipped' }), 409, 'UXT_TEST_FINISHED');
      expectError(
        await signal('/signals/task', { taskId: first.task_id, status: 'skipped' }),
        409,
        'UXT_TEST_FINISHED',
      );

      const read = await results(test.id);
      expect(read.summary).toMatchObject({ participants: 1, completed: 1, susMean: 75, susResponses: 1 });
      const [row] = read.participants;
      expect(row).toMatchObject({
        sessionID: started.sessionID,
        status: 'completed',
        durationMs: 6000,
        susScore: 75,
      });
      expect(row!.tasks).toEqual([
        { task_id: first.task_id, status: 'done', durationMs: 4000, answer: null, measuredSuccess: false },
        {
          task_id: second.task_id,
          status: 'done',
          durationMs: 2000,
          answer: 'The IBAN field',
          measuredSuccess: null,
        },
      ]);
      expect(read.tasks[1]!.answers).toEqual([
        { participantId: row!.participantId, answer: 'The IBAN field' },
      ]);
    });

    it('answers hostile or misplaced calls with documented 4xx codes', async () => {
      const test = await publishedTest({ sus: false });
      const other = await publishedTest();
      const started = await t.start();
      const body = (extra: Record<string, unknown>) => ({
        testId: test.id,
        duration: 0,
        timestamp: T0,
        ...extra,
      });
      // No token, a bad token.
      const anonymous = await t.app.inject({ method: 'GET', url: `/v1/web/uxt/test/${test.id}` });
      expectError(anonymous, 401, 'TRACKER_TOKEN_INVALID');
      const forged = await t.app.inject({
        method: 'GET',
        url: `/v1/web/uxt/test/${test.id}`,
        headers: { authorization: 'Bearer tst_' + 'a'.repeat(43) },
      });
      expectError(forged, 401, 'TRACKER_TOKEN_INVALID');
      // Malformed ids and bodies.
      expectError(await participant(started, 'GET', '/test/not-a-uuid'), 400, 'VALIDATION_FAILED');
      expectError(
        await participant(started, 'GET', '/test/00000000-0000-4000-8000-000000000000'),
        404,
        'UXT_TEST_NOT_FOUND',
      );
      expectError(
        await participant(started, 'POST', '/signals/test', body({ status: 'finished' })),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await participant(started, 'POST', '/signals/test', body({ status: 'begin', duration: -1 })),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await participant(started, 'POST', '/signals/task', body({ status: 'done', taskId: 'x' })),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await participant(
          started,
          'POST',
          '/signals/task',
          body({ status: 'done', taskId: 1, taskAnswer: 'x'.repeat(2001) }),
        ),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await participant(started, 'POST', '/signals/sus', { testId: test.id, answers: [1, 2, 3] }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await participant(started, 'POST', '/signals/sus', {
          testId: test.id,
          answers: [0, 2, 3, 4, 5, 1, 2, 3, 4, 6],
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(
        (await participant(started, 'POST', '/signals/test', body({ status: 'begin' }))).statusCode,
      ).toBe(200);
      // A task of another test.
      expectError(
        await participant(
          started,
          'POST',
          '/signals/task',
          body({ status: 'begin', taskId: other.tasks[0]!.task_id }),
        ),
        400,
        'UXT_TASK_UNKNOWN',
      );
      expectError(
        await participant(started, 'POST', '/signals/task', body({ status: 'begin', taskId: 2147483647 })),
        400,
        'UXT_TASK_UNKNOWN',
      );
      // SUS on a test without it.
      expectError(
        await participant(started, 'POST', '/signals/sus', {
          testId: test.id,
          answers: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
        }),
        409,
        'UXT_SUS_NOT_ASKED',
      );
      // Draft tests are not shown.
      const draft = (await staff('POST', '/tests', input())).json<StaffUxtTest>();
      expectError(await participant(started, 'GET', `/test/${draft.id}`), 404, 'UXT_TEST_NOT_FOUND');
      expectError(
        await participant(started, 'POST', '/signals/test', {
          ...body({ status: 'begin' }),
          testId: draft.id,
        }),
        404,
        'UXT_TEST_NOT_FOUND',
      );
    });

    it('follows the status rules: paused lets a begun participant finish, ended takes nothing', async () => {
      const test = await publishedTest();
      const begun = await t.start();
      const late = await t.start();
      const body = (status: string) => ({ testId: test.id, status, duration: 0, timestamp: T0 });
      expect((await participant(begun, 'POST', '/signals/test', body('begin'))).statusCode).toBe(200);
      expect((await staff('POST', `/tests/${test.id}/pause`)).json().status).toBe('paused');
      const paused = await participant(late, 'GET', `/test/${test.id}`);
      expectError(paused, 409, 'UXT_TEST_NOT_AVAILABLE');
      expect(paused.json().error.details).toMatchObject({ status: 'paused' });
      expectError(
        await participant(late, 'POST', '/signals/test', body('begin')),
        409,
        'UXT_TEST_NOT_AVAILABLE',
      );
      expect(
        (
          await participant(begun, 'POST', '/signals/task', {
            ...body('begin'),
            taskId: test.tasks[0]!.task_id,
          })
        ).statusCode,
      ).toBe(200);
      expectError(await staff('POST', `/tests/${test.id}/pause`), 409, 'UXT_TEST_STATUS_CONFLICT');
      expectError(await staff('PUT', `/tests/${test.id}`, input()), 409, 'UXT_TEST_NOT_EDITABLE');
      expect((await staff('POST', `/tests/${test.id}/end`)).json().status).toBe('ended');
      expectError(
        await participant(begun, 'POST', '/signals/test', body('done')),
        409,
        'UXT_TEST_NOT_AVAILABLE',
      );
      expectError(await participant(late, 'GET', `/test/${test.id}`), 409, 'UXT_TEST_NOT_AVAILABLE');
      expectError(await staff('POST', `/tests/${test.id}/publish`), 409, 'UXT_TEST_STATUS_CONFLICT');
    });
  });

  describe('recordings', () => {
    it('stores one video/webm through a signed single-use URL and streams it to staff with ranges', async () => {
      const test = await publishedTest();
      const started = await t.start();
      expectError(
        await participant(started, 'GET', `/upload-url?testId=${test.id}`),
        409,
        'UXT_TEST_NOT_BEGUN',
      );
      await participant(started, 'POST', '/signals/test', {
        testId: test.id,
        status: 'begin',
        duration: 0,
        timestamp: T0,
      });
      const issued = await participant(started, 'GET', `/upload-url?testId=${test.id}`);
      expect(issued.statusCode).toBe(200);
      const { url } = issued.json<{ url: string; expiresAt: string }>();
      expect(url).toMatch(/^\/ingest\/v1\/web\/uxt\/recordings\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
      const put = (target: string, body: Buffer, type = 'video/webm') =>
        t.app.inject({ method: 'PUT', url: target, headers: { 'content-type': type }, payload: body });
      const video = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, ...Array.from({ length: 996 }, (_, i) => i % 256)]);

      expectError(await put(url, video, 'video/mp4'), 415, 'UXT_RECORDING_TYPE');
      expectError(await put(url, Buffer.alloc(UXT_RECORDING_SIZE_LIMIT + 1)), 413, 'UXT_RECORDING_TOO_LARGE');
      // A tampered signature, another id.
      expectError(
        await put(
          url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          video,
        ),
        403,
        'UXT_UPLOAD_URL_INVALID',
      );
      expectError(
        await put(
          url.replace(/recordings\/([0-9a-f])/, (_m, c: string) => `recordings/${c === '0' ? '1' : '0'}`),
          video,
        ),
        403,
        'UXT_UPLOAD_URL_INVALID',
      );
      expectError(
        await put('/ingest/v1/web/uxt/recordings/..%2F..%2Fetc', video),
        403,
        'UXT_UPLOAD_URL_INVALID',
      );
      // Not a WebM file (no EBML signature), or nothing at all.
      expectError(await put(url, Buffer.from('<html><script>alert(1)</script>')), 415, 'UXT_RECORDING_TYPE');
      expectError(await put(url, Buffer.alloc(0)), 415, 'UXT_RECORDING_TYPE');
      const stored = await put(url, video, 'video/webm;codecs=vp9');
      expect(stored.statusCode).toBe(200);
      expect(stored.json()).toMatchObject({ ok: true, size: 1000 });
      expectError(await put(url, video), 409, 'UXT_UPLOAD_URL_USED');

      // Expiry: valid for 5 minutes.
      const second = (await participant(started, 'GET', '/upload-url', undefined, '')).json<{ url: string }>()
        .url;
      expect(second.startsWith('/v1/web/uxt/recordings/')).toBe(true);
      t.clock.now = new Date(T0 + UXT_UPLOAD_URL_TTL_MS + 1);
      try {
        expectError(await put(second, video), 410, 'UXT_UPLOAD_URL_EXPIRED');
      } finally {
        t.clock.now = new Date(T0);
      }

      // At most 5 recordings or live URLs per participant: the stored one, the second URL (live again now the clock
      // is back) and three more.
      for (let i = 0; i < 3; i += 1) {
        expect((await participant(started, 'GET', '/upload-url')).statusCode).toBe(200);
      }
      const over = await participant(started, 'GET', '/upload-url');
      expectError(over, 409, 'UXT_RECORDING_LIMIT');
      expect(over.json().error.details).toEqual({ max: 5 });

      const [row] = (await results(test.id)).participants;
      expect(row!.recordings).toHaveLength(1);
      const recording = row!.recordings[0]!;
      expect(recording).toMatchObject({ size: 1000, contentType: 'video/webm' });
      const whole = await t.app.inject({
        method: 'GET',
        url: recording.url,
        headers: { authorization: `Bearer ${researcher}`, 'x-staff-reason': REASON },
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/webm');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(video)).toBe(true);
      const part = await t.app.inject({
        method: 'GET',
        url: recording.url,
        headers: { authorization: `Bearer ${researcher}`, 'x-staff-reason': REASON, range: 'bytes=10-19' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 10-19/1000');
      expect(part.rawPayload.equals(video.subarray(10, 20))).toBe(true);
      const beyond = await t.app.inject({
        method: 'GET',
        url: recording.url,
        headers: { authorization: `Bearer ${researcher}`, 'x-staff-reason': REASON, range: 'bytes=5000-' },
      });
      expect(beyond.statusCode).toBe(416);
      expect(t.audit.some((entry) => entry.action === 'uxt.recording')).toBe(true);
      expectError(
        await staff('GET', '/recordings/00000000-0000-4000-8000-000000000000'),
        404,
        'UXT_RECORDING_NOT_FOUND',
      );

      // Retention: kept INGEST_RETENTION_DAYS (30) after the upload, then deleted with its bytes.
      const purge = (days: number) =>
        purgeExpiredRecordings({
          db: database.db.withSchema('ingest') as unknown as UxtDatabase,
          store: createFilesystemObjectStore(t.storeRoot),
          retentionDays: 30,
          now: new Date(T0 + days * 24 * 3600 * 1000),
        });
      expect(await purge(29)).toBe(0);
      expect((await staff('GET', recording.url.replace('/api/ingest/staff/uxt', ''))).statusCode).toBe(200);
      expect(await purge(31)).toBeGreaterThanOrEqual(1);
      expectError(
        await staff('GET', recording.url.replace('/api/ingest/staff/uxt', '')),
        404,
        'UXT_RECORDING_NOT_FOUND',
      );
      expect((await results(test.id)).participants[0]!.recordings).toEqual([]);
    });
  });

  describe('rate limits', () => {
    it("counts a participant's calls in the tracker's per-session window", async () => {
      const limited = await buildIngestTestApp(database, { ratePerSession: 3 });
      try {
        const started = await limited.start();
        const call = () =>
          limited.app.inject({
            method: 'GET',
            url: `/ingest/v1/web/uxt/test/${DEMO_UXT_TEST_ID}`,
            headers: { authorization: `Bearer ${started.token}` },
          });
        for (let i = 0; i < 3; i += 1) {
          expect((await call()).statusCode).toBe(200);
        }
        const refused = await call();
        expectError(refused, 429, 'TRACKER_RATE_LIMITED');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await limited.app.close();
      }
    });
  });

  describe('demo data', () => {
    it('seeds one published test with three tasks, once', async () => {
      await seedDemoUsabilityTest(database.db.withSchema('ingest') as unknown as UxtDatabase, 'tessera-web');
      const demo = (await staff('GET', `/tests/${DEMO_UXT_TEST_ID}`)).json<StaffUxtTest>();
      expect(demo).toMatchObject({ status: 'published', startingPath: '/', sus: true });
      expect(demo.tasks.map((task) => task.allow_typing)).toEqual([false, false, true]);
      const started = await t.start();
      expect((await participant(started, 'GET', `/test/${DEMO_UXT_TEST_ID}`)).statusCode).toBe(200);
    });
  });

  describe('studio API', () => {
    it('is for UX researchers and admins only, with a case reference, audited', async () => {
      const test = await publishedTest();
      const support = await t.token('7e5a0d0e-0004-4000-8000-00000000a0a4', ['support_agent']);
      const customer = await t.token('0190a0b0-0000-7000-8000-0000000000c1');
      const admin = await t.token('7e5a0d0e-0007-4000-8000-00000000a0a7', ['admin']);
      for (const path of [
        '/tests',
        `/tests/${test.id}`,
        `/tests/${test.id}/results`,
        `/tests/${test.id}/results.csv`,
      ]) {
        const noToken = await t.app.inject({ method: 'GET', url: `/api/ingest/staff/uxt${path}` });
        expect(noToken.statusCode).toBe(401);
        expectError(
          await staff('GET', path, undefined, { authorization: `Bearer ${support}` }),
          403,
          'FORBIDDEN',
        );
        expectError(
          await staff('GET', path, undefined, { authorization: `Bearer ${customer}` }),
          403,
          'FORBIDDEN',
        );
        const noReason = await t.app.inject({
          method: 'GET',
          url: `/api/ingest/staff/uxt${path}`,
          headers: { authorization: `Bearer ${researcher}` },
        });
        expectError(noReason, 400, 'STAFF_REASON_REQUIRED');
        const asAdmin = await staff('GET', path, undefined, { authorization: `Bearer ${admin}` });
        expect(asAdmin.statusCode, asAdmin.body).toBe(200);
      }
      expectError(
        await staff('POST', '/tests', input(), { authorization: `Bearer ${support}` }),
        403,
        'FORBIDDEN',
      );
      const before = t.audit.length;
      const listed = await staff('GET', '/tests');
      expect(listed.json().items.some((item: { id: string }) => item.id === test.id)).toBe(true);
      expect(t.audit.slice(before)).toEqual([
        expect.objectContaining({ action: 'uxt.list', reason: REASON, actorId: RESEARCHER }),
      ]);
    });

    it("lets a researcher watch a participant's replay, and no other session, and not list sessions", async () => {
      const test = await publishedTest({ title: 'Replay access' });
      const taken = await takeTest(test, { durations: [1000, 2000], answer: 'fine' });
      const other = await t.start();
      const replay = (path: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/ingest/staff${path}`,
          headers: { authorization: `Bearer ${researcher}`, 'x-staff-reason': REASON },
        });
      expect((await replay(`/sessions/${taken.sessionID}`)).statusCode).toBe(200);
      expect((await replay(`/sessions/${taken.sessionID}/events`)).statusCode).toBe(200);
      expectError(await replay(`/sessions/${other.sessionID}`), 404, 'REPLAY_SESSION_NOT_FOUND');
      expectError(await replay(`/sessions/${other.sessionID}/events`), 404, 'REPLAY_SESSION_NOT_FOUND');
      expectError(await replay('/sessions'), 403, 'FORBIDDEN');
    });

    it('validates test input and edits drafts only', async () => {
      expectError(await staff('POST', '/tests', input({ tasks: [] })), 400, 'VALIDATION_FAILED');
      expectError(await staff('POST', '/tests', input({ title: '   ' })), 400, 'VALIDATION_FAILED');
      expectError(
        await staff('POST', '/tests', input({ startingPath: 'https://evil.test/' })),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await staff('POST', '/tests', input({ startingPath: '//evil.test/' })),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await staff(
          'POST',
          '/tests',
          input({
            tasks: [{ title: 'x', success: { kind: 'request', method: 'TRACE', path: '/' } as never }],
          }),
        ),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await staff('GET', '/tests/00000000-0000-4000-8000-000000000000'),
        404,
        'UXT_TEST_NOT_FOUND',
      );
      const draft = (await staff('POST', '/tests', input())).json<StaffUxtTest>();
      expect(draft).toMatchObject({ status: 'draft', participantPath: `/dashboard/home?oruxt=${draft.id}` });
      const updated = await staff(
        'PUT',
        `/tests/${draft.id}`,
        input({ title: 'Renamed', tasks: [{ title: 'Only one' }] }),
      );
      expect(updated.statusCode).toBe(200);
      expect(updated.json<StaffUxtTest>()).toMatchObject({
        title: 'Renamed',
        tasks: [{ title: 'Only one', allow_typing: false, success: null }],
      });
    });
  });

  describe('results', () => {
    it('computes completion, median and p90 time on task, SUS and measured success on a known set', async () => {
      const test = await publishedTest();
      const transfer = (at: number, status: number) => ({
        type: 5,
        data: {
          tag: 'tessera.network',
          payload: { method: 'POST', url: '/api/transfers/abc', status, durationMs: 30 },
        },
        timestamp: at,
      });
      // Ten done in 1..10 s, one skipped; measured: the first three did the request in the window (one failed).
      for (let i = 1; i <= 10; i += 1) {
        await takeTest(test, {
          durations: [i * 1000, 1000],
          answer: i === 1 ? '=HYPERLINK("http://evil")' : i === 2 ? 'Fees, "hidden"' : undefined,
          sus:
            i <= 3
              ? [
                  [5, 1, 5, 1, 5, 1, 5, 1, 5, 1],
                  [3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
                  [4, 2, 4, 2, 4, 2, 4, 2, 4, 2],
                ][i - 1]
              : undefined,
          events:
            i === 1
              ? (begin, done) => [transfer(begin + 10, 201), transfer(done + 10, 201)]
              : i === 2
                ? (begin) => [transfer(begin + 10, 500)]
                : i === 3
                  ? (begin, done) => [transfer(Math.floor((begin + done) / 2), 200)]
                  : i === 4
                    ? (_begin, done) => [transfer(done + 50, 201)]
                    : undefined,
        });
      }
      await takeTest(test, { durations: ['skip', 1000] });
      // One still in the test, quiet for over 30 minutes: aborted.
      const quiet = await t.start();
      await participant(quiet, 'POST', '/signals/test', {
        testId: test.id,
        status: 'begin',
        duration: 0,
        timestamp: T0,
      });
      const skipper = await t.start();
      await participant(skipper, 'POST', '/signals/test', {
        testId: test.id,
        status: 'begin',
        duration: 0,
        timestamp: T0,
      });
      await participant(skipper, 'POST', '/signals/test', {
        testId: test.id,
        status: 'skipped',
        duration: 10,
        timestamp: T0,
      });

      let read = await results(test.id);
      expect(read.summary).toEqual({
        participants: 13,
        live: 1,
        completed: 11,
        skipped: 1,
        aborted: 0,
        susMean: 75,
        susResponses: 3,
      });
      t.clock.now = new Date(T0 + 31 * 60 * 1000);
      try {
        read = await results(test.id);
      } finally {
        t.clock.now = new Date(T0);
      }
      expect(read.summary).toMatchObject({ live: 0, aborted: 1 });
      const [first, second] = read.tasks;
      expect(first).toMatchObject({
        reached: 11,
        completed: 10,
        skipped: 1,
        completionRate: 0.9091,
        timeOnTaskMedianMs: 5500,
        timeOnTaskP90Ms: 9000,
        measuredSuccesses: 2,
        measuredSuccessRate: 0.1818,
      });
      expect(second).toMatchObject({
        reached: 11,
        completed: 11,
        timeOnTaskMedianMs: 1000,
        measuredSuccessRate: null,
      });
      expect(second!.answers.map((answer) => answer.answer).sort()).toEqual([
        '=HYPERLINK("http://evil")',
        'Fees, "hidden"',
      ]);

      const csv = await staff('GET', `/tests/${test.id}/results.csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(csv.body).toContain('"Fees, ""hidden"""');
      expect(csv.body.split('\r\n')[0]).toBe(
        'participant,session,participant status,task,task title,task status,duration ms,measured success,answer,sus score',
      );
      expect(csv.body).toContain(`${first!.task_id},Make a transfer,11,10,1,0.9091,5500,9000,0.1818`);
      const french = await staff('GET', `/tests/${test.id}/results.csv?lang=fr`);
      expect(french.body.split('\r\n')[0]).toContain('statut du participant');
      expectError(await staff('GET', `/tests/${test.id}/results.csv?lang=de`), 400, 'VALIDATION_FAILED');

      const pdf = await staff('GET', `/tests/${test.id}/results.pdf?lang=fr`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdf.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF-1.7')).toBe(true);
      expect(text).toContain('/StructTreeRoot');
      expect(text).toContain('/Marked true');
      expect(text).toContain('/Lang (fr)');
      expect(text).toContain('/DisplayDocTitle true');
    });
  });
});
