import {
  uxtSusSignalSchema,
  uxtTaskSignalSchema,
  uxtTestSignalSchema,
  type UxtParticipantTest,
} from '@tessera/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activeTestId,
  createUxtFlow,
  safeStartingPath,
  UXT_STORAGE,
  validSusAnswers,
  type UxtFlowOptions,
} from './flow.ts';
import type { RecordingState, UxtApi, UxtTest } from './types.ts';

const TEST_ID = '0b7c3a52-2a4e-4f43-9d0e-4d1f0f6c2a11';

const TEST: UxtTest = {
  title: 'Send money',
  description: 'Three short tasks',
  startingPath: '/wallets',
  status: 'published',
  reqMic: false,
  reqCamera: false,
  guidelines: 'Think aloud.',
  conclusion: '',
  sus: false,
  tasks: [
    { task_id: 11, title: 'Open wallets', description: 'Find your wallets', allow_typing: false },
    { task_id: 12, title: 'Find the fee', description: 'What is the fee?', allow_typing: true },
    { task_id: 13, title: 'Sign out', description: '', allow_typing: false },
  ],
};

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

interface Harness {
  calls: { kind: string; body: unknown }[];
  api: UxtApi;
  storage: MemoryStorage;
  logs: string[];
  navigations: string[];
  recorder: {
    started: unknown[];
    stopped: number;
    discarded: number;
    state: RecordingState;
    blob: Blob | null;
  };
}

function harness(test: UxtTest = TEST): Harness {
  const calls: { kind: string; body: unknown }[] = [];
  const h: Harness = {
    calls,
    storage: new MemoryStorage(),
    logs: [],
    navigations: [],
    recorder: { started: [], stopped: 0, discarded: 0, state: 'recording', blob: null },
    api: {
      getTest: (id) => {
        calls.push({ kind: 'getTest', body: id });
        return Promise.resolve({ ok: true, test });
      },
      // Every signal is one the ingest's contract accepts (packages/contracts usability-tests.ts).
      signalTest: (body) => {
        expect(uxtTestSignalSchema.safeParse(body).error).toBeUndefined();
        calls.push({ kind: 'test', body });
        return Promise.resolve();
      },
      signalTask: (body) => {
        expect(uxtTaskSignalSchema.safeParse(body).error).toBeUndefined();
        calls.push({ kind: 'task', body });
        return Promise.resolve();
      },
      signalSus: (body) => {
        expect(uxtSusSignalSchema.safeParse(body).error).toBeUndefined();
        calls.push({ kind: 'sus', body });
        return Promise.resolve();
      },
      upload: (blob) => {
        calls.push({ kind: 'upload', body: blob.size });
        return Promise.resolve();
      },
    },
  };
  return h;
}

function flowOf(h: Harness, overrides: Partial<UxtFlowOptions> = {}) {
  return createUxtFlow({
    testId: TEST_ID,
    fromAddress: true,
    sessionID: 'session-1',
    api: h.api,
    storage: h.storage,
    recorder: {
      start: (options) => {
        h.recorder.started.push(options);
        return Promise.resolve(h.recorder.state);
      },
      stop: () => {
        h.recorder.stopped += 1;
        return Promise.resolve(h.recorder.blob);
      },
      discard: () => {
        h.recorder.discarded += 1;
      },
    },
    log: (message) => h.logs.push(message),
    navigate: (path) => h.navigations.push(path),
    currentPath: () => '/',
    ...overrides,
  });
}

const signals = (h: Harness, kind: string) =>
  h.calls.filter((call) => call.kind === kind).map((call) => call.body);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const T0 = Date.parse('2026-11-27T10:00:00Z');

describe('usability test flow', () => {
  it('greets, shows the guidelines, begins the test and its first task, and goes to the starting path', async () => {
    const h = harness();
    const flow = flowOf(h);
    await flow.load();
    expect(flow.view.phase).toBe('greeting');
    expect(h.storage.getItem(UXT_STORAGE.activeTest)).toBe(TEST_ID);
    expect(h.storage.getItem(UXT_STORAGE.sessionId)).toBe('session-1');
    await flow.begin(); // not before the guidelines
    expect(signals(h, 'test')).toEqual([]);
    flow.readGuidelines();
    expect(flow.view).toMatchObject({ phase: 'guidelines', guidelinesOpen: true, tasksOpen: false });
    vi.advanceTimersByTime(5_000);
    await flow.begin();
    expect(flow.view).toMatchObject({ phase: 'tasks', taskIndex: 0, guidelinesOpen: false, tasksOpen: true });
    expect(signals(h, 'test')).toEqual([
      { testId: TEST_ID, status: 'begin', duration: 0, timestamp: T0 + 5_000 },
    ]);
    expect(signals(h, 'task')).toEqual([
      { testId: TEST_ID, taskId: 11, status: 'begin', duration: 0, timestamp: T0 + 5_000 },
    ]);
    expect(h.storage.getItem(UXT_STORAGE.testStart)).toBe(String(T0 + 5_000));
    expect(h.storage.getItem(UXT_STORAGE.taskIndex)).toBe('0');
    expect(h.navigations).toEqual(['/wallets']);
    expect(h.recorder.started).toEqual([]); // neither microphone nor camera asked
  });

  it('sends done then begin on each Done, Next with durations, the answer only when allowed, then ends', async () => {
    const h = harness();
    h.recorder.blob = null;
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    vi.advanceTimersByTime(12_000);
    await flow.next('typed where not allowed');
    vi.advanceTimersByTime(30_000);
    await flow.next('0.50 EUR');
    vi.advanceTimersByTime(3_000);
    await flow.next();
    expect(signals(h, 'task')).toEqual([
      { testId: TEST_ID, taskId: 11, status: 'begin', duration: 0, timestamp: T0 },
      { testId: TEST_ID, taskId: 11, status: 'done', duration: 12_000, timestamp: T0 + 12_000 },
      { testId: TEST_ID, taskId: 12, status: 'begin', duration: 0, timestamp: T0 + 12_000 },
      {
        testId: TEST_ID,
        taskId: 12,
        status: 'done',
        duration: 30_000,
        timestamp: T0 + 42_000,
        taskAnswer: '0.50 EUR',
      },
      { testId: TEST_ID, taskId: 13, status: 'begin', duration: 0, timestamp: T0 + 42_000 },
      { testId: TEST_ID, taskId: 13, status: 'done', duration: 3_000, timestamp: T0 + 45_000 },
    ]);
    expect(signals(h, 'test')).toEqual([
      { testId: TEST_ID, status: 'begin', duration: 0, timestamp: T0 },
      { testId: TEST_ID, status: 'done', duration: 45_000, timestamp: T0 + 45_000 },
    ]);
    expect(flow.view).toMatchObject({ phase: 'end', submitting: false, uploadFailed: false });
    // Ended: nothing left to resume.
    expect(h.storage.data.size).toBe(0);
    flow.endSession();
    expect(flow.view.phase).toBe('closed');
  });

  it('records when the test asks, uploads the recording at the end, and says when the upload fails', async () => {
    const h = harness({ ...TEST, reqCamera: true, reqMic: true, tasks: TEST.tasks.slice(0, 1) });
    h.recorder.blob = new Blob(['webm'], { type: 'video/webm' });
    h.api.upload = () => Promise.reject(new Error('Failed to get upload url'));
    const flow = flowOf(h);
    const phases: string[] = [];
    flow.subscribe((view) => phases.push(`${view.phase}:${view.submitting}`));
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    expect(h.recorder.started).toEqual([{ audio: true, video: true }]);
    expect(flow.view.recording).toBe('recording');
    await flow.next();
    expect(h.recorder.stopped).toBe(1);
    expect(flow.view).toMatchObject({
      phase: 'end',
      submitting: false,
      uploadFailed: true,
      recording: 'off',
    });
    expect(h.logs).toContain('Failed to get upload url');
    // 'Submitting Feedback' came before 'End Session'.
    expect(phases).toContain('end:true');
    expect(phases.at(-1)).toBe('end:false');
  });

  it('continues without a recording when the devices are refused', async () => {
    const h = harness({ ...TEST, reqCamera: true });
    h.recorder.state = 'denied';
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    expect(h.recorder.started).toEqual([{ audio: false, video: true }]);
    expect(flow.view).toMatchObject({ phase: 'tasks', recording: 'denied' });
    await flow.next();
    expect(flow.view.taskIndex).toBe(1);
  });

  it('abort sends a skipped test signal, discards the recording, forgets the test and closes', async () => {
    const h = harness();
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    vi.advanceTimersByTime(7_000);
    await flow.abort();
    expect(flow.view.phase).toBe('closed');
    expect(h.recorder.discarded).toBe(1);
    expect(h.recorder.stopped).toBe(0);
    expect(signals(h, 'test').at(-1)).toEqual({
      testId: TEST_ID,
      status: 'skipped',
      duration: 7_000,
      timestamp: T0 + 7_000,
    });
    expect(signals(h, 'upload')).toEqual([]);
    expect(h.storage.data.size).toBe(0);
  });

  it('an Abort right after Begin Test sends skipped only after the test and first task begins were answered', async () => {
    const h = harness();
    let answerBegin: () => void = () => undefined;
    const signalTest = h.api.signalTest;
    h.api.signalTest = (body) =>
      body.status === 'begin'
        ? new Promise<void>((resolve) => {
            answerBegin = () => resolve(signalTest(body));
          })
        : signalTest(body);
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    const beginning = flow.begin();
    expect(flow.view.phase).toBe('tasks'); // the first task shows while the begin is on its way
    const aborting = flow.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(signals(h, 'test')).toEqual([]); // nothing overtakes the pending begin
    answerBegin();
    await Promise.all([beginning, aborting]);
    expect(
      h.calls
        .filter((call) => call.kind === 'test' || call.kind === 'task')
        .map((call) => `${call.kind} ${(call.body as { status: string }).status}`),
    ).toEqual(['test begin', 'task begin', 'test skipped']);
    expect(flow.view.phase).toBe('closed');
  });

  it('resumes after a reload at the stored task, keeping the durations, without a second begin', async () => {
    const h = harness();
    const first = flowOf(h);
    await first.load();
    first.readGuidelines();
    await first.begin();
    vi.advanceTimersByTime(10_000);
    await first.next();
    vi.advanceTimersByTime(4_000);
    // The page reloads: a new flow in the same tracker session, the id from storage only.
    const id = activeTestId('', h.storage);
    expect(id).toEqual({ testId: TEST_ID, fromAddress: false });
    h.calls.length = 0;
    const second = flowOf(h, { fromAddress: false });
    await second.load();
    expect(second.view).toMatchObject({ phase: 'tasks', taskIndex: 1, tasksOpen: true });
    expect(signals(h, 'task')).toEqual([]);
    vi.advanceTimersByTime(6_000);
    await second.next('an answer');
    expect(signals(h, 'task')[0]).toMatchObject({ taskId: 12, status: 'done', duration: 10_000 });
    expect(h.storage.getItem(UXT_STORAGE.taskIndex)).toBe('2');
  });

  it('forgets a stored test of another tracker session', async () => {
    const h = harness();
    h.storage.setItem(UXT_STORAGE.activeTest, TEST_ID);
    h.storage.setItem(UXT_STORAGE.sessionId, 'old-session');
    h.storage.setItem(UXT_STORAGE.taskIndex, '2');
    h.storage.setItem(UXT_STORAGE.testStart, String(T0));
    const stored = flowOf(h, { fromAddress: false });
    await stored.load();
    expect(stored.view.phase).toBe('closed');
    expect(h.storage.data.size).toBe(0);
    expect(signals(h, 'getTest')).toEqual([]);
    // The address's ?oruxt starts it afresh in the new session.
    h.storage.setItem(UXT_STORAGE.activeTest, TEST_ID);
    h.storage.setItem(UXT_STORAGE.sessionId, 'old-session');
    h.storage.setItem(UXT_STORAGE.taskIndex, '2');
    const fresh = flowOf(h);
    await fresh.load();
    expect(fresh.view.phase).toBe('greeting');
  });

  it('logs and sends nothing for a task without an id', async () => {
    const h = harness({
      ...TEST,
      tasks: [{ task_id: 0, title: 'No id', description: '', allow_typing: true }],
    });
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    await flow.next('answer');
    expect(signals(h, 'task')).toEqual([]);
    expect(h.logs.filter((line) => line === 'No task id: the task signal is not sent.')).toHaveLength(2);
    expect(flow.view.phase).toBe('end');
  });

  it('asks the SUS questions after the last task when the test has them, then ends', async () => {
    const h = harness({ ...TEST, sus: true, tasks: TEST.tasks.slice(0, 1) });
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    await flow.next();
    expect(flow.view.phase).toBe('sus');
    expect(signals(h, 'test')).toHaveLength(1); // not done before the questionnaire
    expect(await flow.submitSus([5, 1, 5, 1, 5, 1, 5, 1, 5])).toBe(false);
    expect(await flow.submitSus([5, 1, 5, 1, 5, 1, 5, 1, 5, 1])).toBe(true);
    expect(signals(h, 'sus')).toEqual([{ testId: TEST_ID, answers: [5, 1, 5, 1, 5, 1, 5, 1, 5, 1] }]);
    expect(signals(h, 'test').at(-1)).toMatchObject({ status: 'done' });
    expect(flow.view.phase).toBe('end');
  });

  it('shows an unavailable test politely and forgets it', async () => {
    const h = harness();
    h.api.getTest = () => Promise.resolve({ ok: false, reason: 'unavailable' });
    const flow = flowOf(h);
    await flow.load();
    expect(flow.view).toMatchObject({ phase: 'unavailable', failure: 'unavailable' });
    expect(h.storage.data.size).toBe(0);
    flow.endSession();
    expect(flow.view.phase).toBe('closed');
  });

  it('says the test is unavailable when the ingest refuses the begin (paused since it was loaded)', async () => {
    const h = harness({ ...TEST, reqCamera: true });
    h.api.signalTest = () => Promise.reject(Object.assign(new Error('Server error: 409'), { status: 409 }));
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    expect(flow.view).toMatchObject({ phase: 'unavailable', failure: 'unavailable', recording: 'off' });
    expect(h.recorder.discarded).toBeGreaterThan(0);
    expect(signals(h, 'task')).toEqual([]);
    expect(h.navigations).toEqual([]);
    expect(h.storage.data.size).toBe(0);
  });

  it('keeps going when a signal fails, and says so', async () => {
    const h = harness();
    h.api.signalTask = () => Promise.reject(new Error('ingest down'));
    const flow = flowOf(h);
    await flow.load();
    flow.readGuidelines();
    await flow.begin();
    expect(flow.view).toMatchObject({ phase: 'tasks', signalFailed: true });
    await flow.next();
    expect(flow.view.taskIndex).toBe(1);
  });

  it('collapses and toggles its sections', async () => {
    const flow = flowOf(harness());
    await flow.load();
    flow.readGuidelines();
    flow.toggleCollapsed();
    expect(flow.view.collapsed).toBe(true);
    flow.toggleCollapsed();
    flow.toggleTasks();
    flow.toggleGuidelines();
    expect(flow.view).toMatchObject({ collapsed: false, tasksOpen: true, guidelinesOpen: false });
  });
});

describe('usability test helpers', () => {
  it("reads the contract's participant test as the overlay's", () => {
    const fromContract: UxtParticipantTest = { ...TEST, status: 'published' };
    const read: UxtTest = fromContract; // the compiler checks the shapes agree
    expect(read.tasks).toHaveLength(3);
  });

  it('takes the id from ?oruxt first, then from storage, and refuses odd ids', () => {
    const storage = new MemoryStorage();
    storage.setItem(UXT_STORAGE.activeTest, 'stored-1');
    expect(activeTestId('?oruxt=abc-123', storage)).toEqual({ testId: 'abc-123', fromAddress: true });
    expect(activeTestId('?x=1', storage)).toEqual({ testId: 'stored-1', fromAddress: false });
    expect(activeTestId('?oruxt=%3Cscript%3E', null)).toBeNull();
    expect(activeTestId('', null)).toBeNull();
  });

  it('accepts only same-origin absolute paths as the starting path', () => {
    expect(safeStartingPath('/wallets?x=1')).toBe('/wallets?x=1');
    for (const path of [
      '//evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil',
      '',
      null,
    ]) {
      expect(safeStartingPath(path)).toBeNull();
    }
  });

  it('checks SUS answers: ten integers from 1 to 5', () => {
    expect(validSusAnswers([1, 2, 3, 4, 5, 1, 2, 3, 4, 5])).toBe(true);
    expect(validSusAnswers([1, 2, 3, 4, 5, 1, 2, 3, 4, 6])).toBe(false);
    expect(validSusAnswers([1, 2, 3, 4, 5, 1, 2, 3, 4, 2.5])).toBe(false);
  });
});
