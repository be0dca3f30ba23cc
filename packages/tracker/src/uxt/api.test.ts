import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUxtApi, RECORDING_SIZE_LIMIT, UPLOAD_URL_FAILED } from './api.ts';

const ORIGIN = 'https://bank.example';
const TEST_ID = '6f1c2b9e-8a34-4d2e-9a51-3c7e0b1d2f40';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return answer(url, init);
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const api = (fetch: typeof globalThis.fetch, token = 'tst_1') =>
  createUxtApi({
    ingestPoint: `${ORIGIN}/ingest/`,
    token: () => token,
    testId: TEST_ID,
    fetch,
    origin: ORIGIN,
  });

const TEST = {
  title: 'T',
  description: 'D',
  startingPath: '/',
  status: 'published',
  reqMic: false,
  reqCamera: true,
  guidelines: 'G',
  conclusion: '',
  sus: true,
  tasks: [{ task_id: 1, title: 'One', description: 'Do it', allow_typing: true }],
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('usability test calls', () => {
  it('gets the test with the session token; a 4xx is unavailable, a 5xx or a broken body a network failure', async () => {
    const ok = fakeFetch(() => json(200, { test: TEST }));
    expect(await api(ok.fetch).getTest(TEST_ID)).toEqual({ ok: true, test: TEST });
    expect(ok.sent[0]).toMatchObject({
      url: `${ORIGIN}/ingest/v1/web/uxt/test/${TEST_ID}`,
      headers: { Authorization: 'Bearer tst_1' },
    });
    for (const status of [404, 409]) {
      const refused = fakeFetch(() => json(status, { error: { code: 'UXT_TEST_NOT_AVAILABLE' } }));
      expect(await api(refused.fetch).getTest(TEST_ID)).toEqual({ ok: false, reason: 'unavailable' });
    }
    const down = fakeFetch(() => json(503, {}));
    expect(await api(down.fetch).getTest(TEST_ID)).toEqual({ ok: false, reason: 'network' });
    const broken = fakeFetch(() => json(200, { test: { title: 1 } }));
    expect(await api(broken.fetch).getTest(TEST_ID)).toEqual({ ok: false, reason: 'network' });
    const offline = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await api(offline.fetch).getTest(TEST_ID)).toEqual({ ok: false, reason: 'network' });
  });

  it('posts signals as JSON, tries a 5xx again and gives up on another 4xx', async () => {
    const statuses = [503, 200];
    const flaky = fakeFetch(() => json(statuses.shift() ?? 200, { ok: true }));
    const sending = api(flaky.fetch).signalTest({
      testId: TEST_ID,
      status: 'begin',
      duration: 0,
      timestamp: 1,
    });
    await vi.advanceTimersByTimeAsync(1000);
    await sending;
    expect(flaky.sent).toHaveLength(2);
    expect(flaky.sent[1]).toMatchObject({
      url: `${ORIGIN}/ingest/v1/web/uxt/signals/test`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tst_1' },
      body: { testId: TEST_ID, status: 'begin', duration: 0, timestamp: 1 },
    });
    const refused = fakeFetch(() => json(409, { error: { code: 'UXT_TEST_NOT_BEGUN' } }));
    await expect(
      api(refused.fetch).signalTask({
        testId: TEST_ID,
        taskId: 1,
        status: 'done',
        duration: 5,
        timestamp: 2,
      }),
    ).rejects.toMatchObject({ message: 'Server error: 409', status: 409 });
    expect(refused.sent).toHaveLength(1);
    const down = fakeFetch(() => json(500, {}));
    const failing = api(down.fetch).signalSus({ testId: TEST_ID, answers: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3] });
    const outcome = expect(failing).rejects.toThrow('Server error: 500');
    await vi.advanceTimersByTimeAsync(3000);
    await outcome;
    expect(down.sent).toHaveLength(3);
  });

  it('gets an upload URL for the test and PUTs the recording there as video/webm', async () => {
    const store = fakeFetch((url) =>
      url.includes('upload-url')
        ? json(200, { url: '/ingest/v1/web/uxt/recordings/abc.1.sig', expiresAt: '2026-11-27T10:05:00Z' })
        : json(200, { ok: true, recordingId: 'r1', size: 4 }),
    );
    const blob = new Blob(['webm'], { type: 'video/webm' });
    await api(store.fetch).upload(blob);
    expect(store.sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', `${ORIGIN}/ingest/v1/web/uxt/upload-url?testId=${TEST_ID}`],
      ['PUT', `${ORIGIN}/ingest/v1/web/uxt/recordings/abc.1.sig`],
    ]);
    expect(store.sent[1]!.headers).toEqual({ 'Content-Type': 'video/webm' });
    expect(store.sent[1]!.body).toBe(blob);
  });

  it("says 'Failed to get upload url' and never sends the recording elsewhere", async () => {
    const blob = new Blob(['webm']);
    for (const answer of [
      () => json(409, { error: { code: 'UXT_TEST_NOT_BEGUN' } }),
      () => json(200, { nothing: true }),
      () => json(200, { url: 'https://elsewhere.example/upload' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const calls = fakeFetch(answer);
      await expect(api(calls.fetch).upload(blob)).rejects.toThrow(UPLOAD_URL_FAILED);
      expect(calls.sent.filter((s) => s.method === 'PUT')).toEqual([]);
    }
    const tooLarge = { size: RECORDING_SIZE_LIMIT + 1 } as Blob;
    const none = fakeFetch(() => json(200, {}));
    await expect(api(none.fetch).upload(tooLarge)).rejects.toThrow('over 52428800');
    expect(none.sent).toEqual([]);
  });
});
