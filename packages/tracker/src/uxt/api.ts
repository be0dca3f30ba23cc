/**
 * The participant's ingest calls (spec section 7; docs/tracker-protocol.md 'Usability tests'), each with the tracker
 * session's token as bearer, under the tracker's ingest point.
 */
import type { UxtApi, UxtTest } from './types.ts';

/** Spec section 7: the message when GET /v1/web/uxt/upload-url fails. */
export const UPLOAD_URL_FAILED = 'Failed to get upload url';

/** The largest recording the ingest accepts (the contract's UXT_RECORDING_SIZE_LIMIT, 50 MiB). */
export const RECORDING_SIZE_LIMIT = 50 * 1024 * 1024;

/** Tries of a signal, and the wait before the next one (x the attempt number). */
export const SIGNAL_ATTEMPTS = 3;
export const SIGNAL_RETRY_STEP_MS = 1000;

export interface UxtApiOptions {
  ingestPoint: string;
  /** The current session token (it changes when the tracker starts again after a 401). */
  token: () => string;
  testId: string;
  fetch?: typeof fetch;
  /** The page's origin (location.origin): the upload URL must be on it. */
  origin?: string;
}

function isTest(value: unknown): value is UxtTest {
  const test = value as Partial<UxtTest> | null;
  return (
    typeof test === 'object' &&
    test !== null &&
    typeof test.title === 'string' &&
    Array.isArray(test.tasks) &&
    test.tasks.every(
      (task) =>
        typeof task === 'object' && task !== null && typeof (task as { title?: unknown }).title === 'string',
    )
  );
}

/** Texts of a test as the overlay shows them (missing optional fields read as ''). */
function normalise(test: UxtTest): UxtTest {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: test.title,
    description: text(test.description),
    startingPath: text(test.startingPath),
    status: text(test.status),
    reqMic: test.reqMic === true,
    reqCamera: test.reqCamera === true,
    guidelines: text(test.guidelines),
    conclusion: text(test.conclusion),
    sus: test.sus === true,
    tasks: test.tasks.map((task) => ({
      task_id: task.task_id,
      title: task.title,
      description: text(task.description),
      allow_typing: task.allow_typing === true,
    })),
  };
}

export function createUxtApi(options: UxtApiOptions): UxtApi {
  const doFetch = options.fetch ?? window.fetch.bind(window);
  const base = `${options.ingestPoint.replace(/\/+$/u, '')}/v1/web/uxt`;
  const origin = options.origin ?? location.origin;
  const auth = () => ({ Authorization: `Bearer ${options.token()}` });

  /**
   * A signal, tried again on a network failure, a 5xx or a 429 (SIGNAL_ATTEMPTS in all, SIGNAL_RETRY_STEP_MS x the
   * attempt apart): a lost 'begin' would make the ingest refuse the rest (UXT_TEST_NOT_BEGUN). The ingest takes a
   * repeated signal once. Another 4xx is final.
   */
  const post = async (path: string, body: unknown) => {
    let failure = '';
    let status = 0;
    for (let attempt = 1; attempt <= SIGNAL_ATTEMPTS; attempt += 1) {
      if (attempt > 1) {
        await new Promise((resolve) => setTimeout(resolve, SIGNAL_RETRY_STEP_MS * (attempt - 1)));
      }
      try {
        const response = await doFetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...auth() },
          body: JSON.stringify(body),
        });
        if (response.ok) {
          return;
        }
        status = response.status;
        failure = `Server error: ${response.status}`;
        if (response.status < 500 && response.status !== 429) {
          break;
        }
      } catch (error) {
        status = 0;
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    throw Object.assign(new Error(failure), { status });
  };

  return {
    async getTest(testId) {
      let response: Response;
      try {
        response = await doFetch(`${base}/test/${encodeURIComponent(testId)}`, { headers: auth() });
      } catch {
        return { ok: false, reason: 'network' };
      }
      if (
        response.status >= 400 &&
        response.status < 500 &&
        response.status !== 401 &&
        response.status !== 429
      ) {
        return { ok: false, reason: 'unavailable' }; // not found, paused, ended, not a test id
      }
      const body = (response.ok ? await response.json().catch(() => null) : null) as {
        test?: unknown;
      } | null;
      return isTest(body?.test) ? { ok: true, test: normalise(body.test) } : { ok: false, reason: 'network' };
    },
    signalTest: (signal) => post('/signals/test', signal),
    signalTask: (signal) => post('/signals/task', signal),
    signalSus: (signal) => post('/signals/sus', signal),
    async upload(blob) {
      if (blob.size > RECORDING_SIZE_LIMIT) {
        throw new Error(`Recording not sent: ${blob.size} bytes, over ${RECORDING_SIZE_LIMIT}.`);
      }
      let target: URL;
      try {
        const response = await doFetch(`${base}/upload-url?testId=${encodeURIComponent(options.testId)}`, {
          headers: auth(),
        });
        const body = (response.ok ? await response.json() : null) as { url?: unknown } | null;
        if (typeof body?.url !== 'string') {
          throw new Error(UPLOAD_URL_FAILED);
        }
        target = new URL(body.url, origin);
      } catch {
        throw new Error(UPLOAD_URL_FAILED);
      }
      if (target.origin !== origin) {
        throw new Error(UPLOAD_URL_FAILED); // the recording never leaves for another origin
      }
      const put = await doFetch(target.href, {
        method: 'PUT',
        headers: { 'Content-Type': 'video/webm' },
        body: blob,
      });
      if (!put.ok) {
        throw new Error(`Recording upload failed: ${put.status}`);
      }
    },
  };
}
