/**
 * Usability tests (issue #19), the participant's side: `startUsabilityTest(tracker, options)` shows the overlay for
 * the test of `?oruxt=<id>` or of the stored active test id, sending its signals with the tracker session's token.
 * The web app loads this module on its own (a dynamic import through `loadUsabilityTest()` of the package's index),
 * only for a participant: other visitors never download it.
 */
import type { PluginContext, Tracker } from '../tracker.ts';
import { createUxtApi } from './api.ts';
import { activeTestId, createUxtFlow, UXT_QUERY_PARAMETER, UXT_STORAGE, type UxtFlow } from './flow.ts';
import { mountOverlay, type Overlay } from './overlay.ts';
import { createMediaRecorder } from './recorder.ts';

export { activeTestId, UXT_QUERY_PARAMETER, UXT_STORAGE } from './flow.ts';
export { OVERLAY_HOST_ID } from './overlay.ts';

export interface UsabilityTestOptions {
  /** The test and where its id came from; default from the address and local storage ({@link activeTestId}). */
  test?: { testId: string; fromAddress: boolean } | null;
  /** Goes to the test's starting path within the app (its router); default a full page load. */
  navigate?: (path: string) => void;
  /** The fetch of the ingest calls (tests); default the page's. */
  fetch?: typeof fetch;
}

export interface UsabilityTest {
  readonly flow: UxtFlow | null;
  /** Removes the overlay (the test stays stored: a reload resumes it). */
  destroy(): void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Takes `?oruxt=` off the address once the test is over (ended, aborted, unavailable), so that a reload does not
 * offer it again; the history entry's state (the app router's) is kept.
 */
function forgetAddress() {
  try {
    const url = new URL(location.href);
    if (url.searchParams.has(UXT_QUERY_PARAMETER)) {
      url.searchParams.delete(UXT_QUERY_PARAMETER);
      history.replaceState(history.state, '', url.href);
    }
  } catch {
    // the address stays
  }
}

/**
 * Starts the overlay once `tracker` has a session (at once when it is already active). When the tracker is not
 * active (refused: Do Not Track, not https), the overlay says the test needs session recording.
 */
export function startUsabilityTest(tracker: Tracker, options: UsabilityTestOptions = {}): UsabilityTest {
  const test = options.test === undefined ? activeTestId(location.search, storage()) : options.test;
  let flow: UxtFlow | null = null;
  let overlay: Overlay | null = null;
  let context: PluginContext | null = null;
  if (!test) {
    return { flow: null, destroy: () => undefined };
  }

  const open = (sessionID: string) => {
    flow = createUxtFlow({
      testId: test.testId,
      fromAddress: test.fromAddress,
      sessionID,
      storage: storage(),
      recorder: createMediaRecorder(),
      navigate:
        options.navigate ??
        ((path) => {
          location.assign(path);
        }),
      api: createUxtApi({
        ingestPoint: context?.ingestPoint ?? '',
        token: () => context?.token ?? '',
        testId: test.testId,
        fetch: options.fetch,
      }),
    });
    overlay = mountOverlay(flow, () => {
      overlay = null;
      forgetAddress();
    });
    return flow;
  };

  if (tracker.state !== 'active' && tracker.state !== 'cold start' && tracker.state !== 'starting') {
    open('').trackerUnavailable();
    return {
      get flow() {
        return flow;
      },
      destroy: () => overlay?.destroy(),
    };
  }

  tracker.addPlugin({
    name: 'usability-test',
    onStart(started) {
      const first = context === null;
      context = started;
      if (first) {
        void open(started.sessionID).load();
        return;
      }
      // The tracker started again (a 401, or a new session after a change of user): the calls carry the new
      // token, and a reload resumes the test in the new session.
      try {
        if (storage()?.getItem(UXT_STORAGE.activeTest) === test.testId) {
          storage()?.setItem(UXT_STORAGE.sessionId, started.sessionID);
        }
      } catch {
        // nothing stored
      }
    },
  });
  return {
    get flow() {
      return flow;
    },
    destroy: () => overlay?.destroy(),
  };
}
