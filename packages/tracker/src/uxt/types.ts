/**
 * The participant's side of a usability test (issue #19; spec sections 3, 4, 5 and 7). The tracker keeps its own
 * shapes (no zod in the browser bundle); contract.test.ts checks them against packages/contracts
 * (usability-tests.ts).
 */

/** A task of a test (spec section 3). */
export interface UxtTask {
  task_id: number;
  title: string;
  description: string;
  allow_typing: boolean;
}

/** A published test as GET /v1/web/uxt/test/{id} answers it (`{ test }`). */
export interface UxtTest {
  title: string;
  description: string;
  startingPath: string;
  status: string;
  reqMic: boolean;
  reqCamera: boolean;
  guidelines: string;
  /** '' when the test gives none: the overlay shows its default. */
  conclusion: string;
  /** Our addition: the System Usability Scale questionnaire after the last task. */
  sus: boolean;
  tasks: UxtTask[];
}

/** Spec section 4: the signal statuses. */
export type UxtStatus = 'begin' | 'done' | 'skipped';

/** POST /v1/web/uxt/signals/test. */
export interface UxtTestSignal {
  testId: string;
  status: UxtStatus;
  duration: number;
  timestamp: number;
}

/** POST /v1/web/uxt/signals/task (taskAnswer only when the task has allow_typing). */
export interface UxtTaskSignal {
  testId: string;
  taskId: number;
  status: UxtStatus;
  duration: number;
  timestamp: number;
  taskAnswer?: string;
}

/** POST /v1/web/uxt/signals/sus: the 10 standard items, each 1 to 5. */
export interface UxtSusSignal {
  testId: string;
  answers: number[];
}

/** Why a test could not be loaded (what the overlay tells the participant). */
export type UxtLoadFailure = 'unavailable' | 'network';

/** The ingest calls the flow makes (with the tracker's session token as bearer). */
export interface UxtApi {
  getTest(testId: string): Promise<{ ok: true; test: UxtTest } | { ok: false; reason: UxtLoadFailure }>;
  signalTest(signal: UxtTestSignal): Promise<void>;
  signalTask(signal: UxtTaskSignal): Promise<void>;
  signalSus(signal: UxtSusSignal): Promise<void>;
  /** GET /v1/web/uxt/upload-url, then PUT the blob as video/webm. Throws 'Failed to get upload url'. */
  upload(blob: Blob): Promise<void>;
}

/** What the camera and microphone recorder reports. */
export type RecordingState = 'off' | 'requesting' | 'recording' | 'denied' | 'unsupported';

export interface UxtRecorder {
  /** Asks for the devices and starts recording; resolves with the state reached. */
  start(options: { audio: boolean; video: boolean }): Promise<RecordingState>;
  /** Stops and gives the recording (null when nothing was recorded). */
  stop(): Promise<Blob | null>;
  /** Stops and throws the recording away (abort). */
  discard(): void;
}
