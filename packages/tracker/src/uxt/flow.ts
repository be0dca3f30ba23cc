/**
 * The usability test's flow (spec section 4, 'Usability test flow'), without any DOM: the overlay (overlay.ts)
 * renders its view and calls its actions. Greeting, guidelines, 'Begin Test' (a begin signal for the test and for
 * the first task), each 'Done, Next' (done for the current task, begin for the next), after the last task the
 * optional SUS questionnaire, then the test's done signal and the end panel. Abort sends a 'skipped' test signal,
 * discards the recording and closes.
 *
 * Local storage keeps the active test id, the test's start time, the task index and the tracker session id (the
 * spec's four; names as OpenReplay's tracker had them), plus the current task's start time, so that a reload
 * resumes the test where it was. A stored test of another tracker session is forgotten.
 */
import type {
  RecordingState,
  UxtApi,
  UxtLoadFailure,
  UxtRecorder,
  UxtStatus,
  UxtTask,
  UxtTest,
} from './types.ts';

export const UXT_STORAGE = {
  /** The active test id (set once the test is loaded, removed when it ends or is aborted). */
  activeTest: 'or_uxt_active',
  testStart: 'or_uxt_test_start',
  taskIndex: 'or_uxt_task_index',
  sessionId: 'or_uxt_session_id',
  /** Ours: when the current task began, so that its duration survives a reload. */
  taskStart: 'or_uxt_task_start',
} as const;

/** The query parameter that activates a test (spec section 2). */
export const UXT_QUERY_PARAMETER = 'oruxt';

/** Longest typed answer sent (longer answers are cut). */
export const UXT_ANSWER_MAX_LENGTH = 2000; // the contract's UXT_ANSWER_MAX

/** A test id as the overlay accepts it from the address or storage. */
const TEST_ID = /^[A-Za-z0-9_-]{1,64}$/u;

export function validTestId(value: string | null | undefined): string | null {
  return value && TEST_ID.test(value) ? value : null;
}

/** The test to take: `?oruxt=<id>` on the address first, else the stored active test id. */
export function activeTestId(
  search: string,
  storage: Pick<Storage, 'getItem'> | null,
): { testId: string; fromAddress: boolean } | null {
  const fromAddress = validTestId(new URLSearchParams(search).get(UXT_QUERY_PARAMETER));
  if (fromAddress) {
    return { testId: fromAddress, fromAddress: true };
  }
  let stored: string | null = null;
  try {
    stored = validTestId(storage?.getItem(UXT_STORAGE.activeTest));
  } catch {
    stored = null;
  }
  return stored ? { testId: stored, fromAddress: false } : null;
}

export type UxtPhase =
  'loading' | 'unavailable' | 'greeting' | 'guidelines' | 'tasks' | 'sus' | 'end' | 'closed';

export interface UxtView {
  phase: UxtPhase;
  test: UxtTest | null;
  /** The current task (0-based). */
  taskIndex: number;
  /** The widget shows only its header. */
  collapsed: boolean;
  guidelinesOpen: boolean;
  tasksOpen: boolean;
  recording: RecordingState;
  /** Why the test is unavailable. */
  failure: UxtLoadFailure | 'tracker' | null;
  /** The end panel waits for the done signal and the upload ('Submitting Feedback'). */
  submitting: boolean;
  uploadFailed: boolean;
  /** A signal could not be sent (the test goes on). */
  signalFailed: boolean;
}

export interface UxtFlowOptions {
  testId: string;
  /** True when the id came from `?oruxt=`; a stored id of another session is then not resumed. */
  fromAddress: boolean;
  /** The tracker session taking the test. */
  sessionID: string;
  api: UxtApi;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  recorder: UxtRecorder | null;
  now?: () => number;
  /** Where errors are logged (console.error by default). */
  log?: (message: string) => void;
  /** Goes to the test's starting path (the app's router when it has one). */
  navigate?: (path: string) => void;
  /** The current path (location.pathname by default). */
  currentPath?: () => string;
}

export interface UxtFlow {
  readonly view: UxtView;
  subscribe(listener: (view: UxtView) => void): () => void;
  load(): Promise<void>;
  readGuidelines(): void;
  begin(): Promise<void>;
  /** 'Done, Next' with the typed answer (sent only when the task has allow_typing). */
  next(answer?: string): Promise<void>;
  submitSus(answers: readonly number[]): Promise<boolean>;
  abort(): Promise<void>;
  endSession(): void;
  toggleCollapsed(): void;
  toggleGuidelines(): void;
  toggleTasks(): void;
  /** The tracker could not start: the overlay says why and offers to close. */
  trackerUnavailable(): void;
}

/** A safe starting path: same-origin, absolute path, no scheme or protocol-relative address. */
export function safeStartingPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return null;
  }
  return path;
}

/** Ten integers from 1 to 5. */
export function validSusAnswers(answers: readonly number[]): boolean {
  return (
    answers.length === 10 && answers.every((answer) => Number.isInteger(answer) && answer >= 1 && answer <= 5)
  );
}

export function createUxtFlow(options: UxtFlowOptions): UxtFlow {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((message: string) => console.error(`[tessera tracker] ${message}`));
  const currentPath = options.currentPath ?? (() => location.pathname);
  const { api, testId } = options;
  const listeners = new Set<(view: UxtView) => void>();
  let view: UxtView = {
    phase: 'loading',
    test: null,
    taskIndex: 0,
    collapsed: false,
    guidelinesOpen: true,
    tasksOpen: false,
    recording: 'off',
    failure: null,
    submitting: false,
    uploadFailed: false,
    signalFailed: false,
  };
  let testStart = 0;
  let taskStart = 0;

  const update = (patch: Partial<UxtView>) => {
    view = { ...view, ...patch };
    for (const listener of listeners) {
      listener(view);
    }
  };

  const read = (key: string): string | null => {
    try {
      return options.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | number) => {
    try {
      options.storage?.setItem(key, String(value));
    } catch {
      // Storage refused (private mode): a reload then starts the test again.
    }
  };
  const forget = () => {
    for (const key of Object.values(UXT_STORAGE)) {
      try {
        options.storage?.removeItem(key);
      } catch {
        // nothing kept
      }
    }
  };

  const failed = (what: string) => (error: unknown) => {
    log(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    update({ signalFailed: true });
  };

  /**
   * The test's signals leave one after another, in the order they were made (an Abort right after Begin Test sends
   * its 'skipped' only once the test's and the first task's begin have been answered): each waits for the previous.
   */
  let signalQueue: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(send: () => Promise<T>): Promise<T> => {
    const sent = signalQueue.then(send);
    signalQueue = sent.catch(() => undefined);
    return sent;
  };

  /** Resolves with the failure's HTTP status when the ingest refused the signal (a 4xx), else null. */
  const signalTest = (status: UxtStatus): Promise<number | null> => {
    const body = {
      testId,
      status,
      duration: testStart ? Math.max(0, now() - testStart) : 0,
      timestamp: now(),
    };
    return inOrder(() => api.signalTest(body)).then(
      () => null,
      (error: unknown) => {
        failed('Test signal not sent')(error);
        const code = (error as { status?: unknown } | null)?.status;
        return typeof code === 'number' && code >= 400 && code < 500 && code !== 401 && code !== 429
          ? code
          : null;
      },
    );
  };

  /** Spec section 5: a task signal needs a task id (else it is logged and not sent); the answer only with allow_typing. */
  const signalTask = (
    task: UxtTask | undefined,
    status: UxtStatus,
    answer?: string,
    /** The test's begin: the task's signal is not sent when the ingest refused it. */
    after?: Promise<number | null>,
  ): Promise<void> => {
    const taskId = task?.task_id;
    if (!taskId) {
      log('No task id: the task signal is not sent.');
      return Promise.resolve();
    }
    const duration = status === 'begin' ? 0 : Math.max(0, now() - taskStart);
    const body = {
      testId,
      taskId,
      status,
      duration,
      timestamp: now(),
      ...(task?.allow_typing && answer !== undefined
        ? { taskAnswer: answer.slice(0, UXT_ANSWER_MAX_LENGTH) }
        : {}),
    };
    return inOrder(async () => {
      if (after && (await after) !== null) {
        return;
      }
      await api.signalTask(body);
    }).catch(failed('Task signal not sent'));
  };

  const startRecording = async (test: UxtTest) => {
    if (!options.recorder || (!test.reqMic && !test.reqCamera)) {
      return;
    }
    update({ recording: 'requesting' });
    const state = await options.recorder
      .start({ audio: test.reqMic, video: test.reqCamera })
      .catch((): RecordingState => 'denied');
    update({ recording: state });
  };

  const beginTask = (index: number, after?: Promise<number | null>) => {
    taskStart = now();
    write(UXT_STORAGE.taskIndex, index);
    write(UXT_STORAGE.taskStart, taskStart);
    update({ taskIndex: index });
    return signalTask(view.test?.tasks[index], 'begin', undefined, after);
  };

  async function complete() {
    update({ phase: 'end', submitting: true, collapsed: false });
    await signalTest('done');
    forget();
    const blob = await options.recorder?.stop().catch(() => null);
    let uploadFailed = false;
    if (blob && blob.size > 0) {
      try {
        await api.upload(blob);
      } catch (error) {
        log(error instanceof Error ? error.message : String(error));
        uploadFailed = true;
      }
    }
    update({ submitting: false, uploadFailed, recording: 'off' });
  }

  return {
    get view() {
      return view;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async load() {
      const storedSession = read(UXT_STORAGE.sessionId);
      const storedTest = read(UXT_STORAGE.activeTest);
      const sameRun = storedSession === options.sessionID && storedTest === testId;
      if (!sameRun) {
        forget();
        if (!options.fromAddress) {
          update({ phase: 'closed' }); // a stored test of another session (or another test): not resumed
          return;
        }
      }
      const answer = await api
        .getTest(testId)
        .catch(() => ({ ok: false as const, reason: 'network' as const }));
      if (!answer.ok) {
        if (answer.reason === 'unavailable') {
          forget();
        }
        update({ phase: 'unavailable', failure: answer.reason });
        return;
      }
      const test = answer.test;
      write(UXT_STORAGE.activeTest, testId);
      write(UXT_STORAGE.sessionId, options.sessionID);
      const storedIndex = sameRun ? Number.parseInt(read(UXT_STORAGE.taskIndex) ?? '', 10) : Number.NaN;
      const storedStart = Number.parseInt(read(UXT_STORAGE.testStart) ?? '', 10);
      if (Number.isInteger(storedIndex) && storedIndex >= 0 && Number.isFinite(storedStart)) {
        // A reload during the test: where it was, the recording started again (the old page's part is lost).
        testStart = storedStart;
        const storedTaskStart = Number.parseInt(read(UXT_STORAGE.taskStart) ?? '', 10);
        taskStart = Number.isFinite(storedTaskStart) ? storedTaskStart : now();
        const done = storedIndex >= test.tasks.length;
        update({
          test,
          taskIndex: Math.min(storedIndex, Math.max(0, test.tasks.length - 1)),
          phase: done && test.sus ? 'sus' : 'tasks',
          guidelinesOpen: false,
          tasksOpen: true,
        });
        if (done && !test.sus) {
          await complete();
          return;
        }
        await startRecording(test);
        return;
      }
      update({ test, phase: 'greeting' });
    },

    readGuidelines() {
      if (view.phase === 'greeting') {
        update({ phase: 'guidelines', guidelinesOpen: true, tasksOpen: false, collapsed: false });
      }
    },

    async begin() {
      const test = view.test;
      if (view.phase !== 'guidelines' || !test) {
        return;
      }
      update({ phase: 'tasks', guidelinesOpen: false, tasksOpen: true });
      testStart = now();
      write(UXT_STORAGE.testStart, testStart);
      const recording = startRecording(test);
      const begun = signalTest('begin');
      // The first task shows now: its begin is queued right behind the test's (before any Abort's 'skipped').
      const firstTask = test.tasks.length > 0 ? beginTask(0, begun) : null;
      if ((await begun) !== null) {
        // The ingest takes no participant now (paused or ended since it was loaded): said as unavailable.
        await recording;
        options.recorder?.discard();
        forget();
        update({ phase: 'unavailable', failure: 'unavailable', recording: 'off', signalFailed: false });
        return;
      }
      if (test.tasks.length === 0) {
        await recording;
        write(UXT_STORAGE.taskIndex, 0);
        if (test.sus) {
          update({ phase: 'sus' });
        } else {
          await complete();
        }
        return;
      }
      await firstTask;
      const start = safeStartingPath(test.startingPath);
      if (start && start !== currentPath() && options.navigate) {
        options.navigate(start);
      }
      await recording;
    },

    async next(answer) {
      const test = view.test;
      if (view.phase !== 'tasks' || !test) {
        return;
      }
      const index = view.taskIndex;
      await signalTask(test.tasks[index], 'done', answer);
      if (index + 1 < test.tasks.length) {
        await beginTask(index + 1);
        return;
      }
      write(UXT_STORAGE.taskIndex, test.tasks.length);
      if (test.sus) {
        update({ phase: 'sus', collapsed: false });
        return;
      }
      await complete();
    },

    async submitSus(answers) {
      if (view.phase !== 'sus' || !validSusAnswers(answers)) {
        return false;
      }
      await api.signalSus({ testId, answers: [...answers] }).catch(failed('SUS answers not sent'));
      await complete();
      return true;
    },

    async abort() {
      if (view.phase === 'closed' || view.phase === 'end') {
        return;
      }
      const wasRunning = view.test !== null;
      update({ phase: 'closed' });
      options.recorder?.discard();
      forget();
      if (wasRunning) {
        await signalTest('skipped');
      }
    },

    endSession() {
      if (view.phase === 'end' && !view.submitting) {
        forget();
        update({ phase: 'closed' });
      } else if (view.phase === 'unavailable') {
        update({ phase: 'closed' });
      }
    },

    toggleCollapsed() {
      update({ collapsed: !view.collapsed });
    },
    toggleGuidelines() {
      update({ guidelinesOpen: !view.guidelinesOpen });
    },
    toggleTasks() {
      update({ tasksOpen: !view.tasksOpen });
    },
    trackerUnavailable() {
      update({ phase: 'unavailable', failure: 'tracker' });
    },
  };
}
