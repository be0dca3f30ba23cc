/**
 * Usability tests (issue #19): the wire contract between the participant overlay (packages/tracker), the ingest
 * (services/ingest, module uxt) and the console's studio (apps/console). Spec sections 2 ("Usability-test overlay"),
 * 3 ("Usability test"), 4 ("Usability test flow"), 5 and 7 ("Usability test and tracking"); docs/api.md
 * ("Usability tests") lists the routes and error codes, docs/tracker-protocol.md the participant calls.
 *
 * Participant calls are under the ingest point like the tracker's (`/ingest/v1/web/uxt/*`, also at `/v1/web/uxt/*`),
 * each with `Authorization: Bearer <tracker session token>`: the participant is anonymous, one tracker session
 * taking one test. Staff calls are under `/api/ingest/staff/uxt/*` (ux_researcher and admin, `x-staff-reason`,
 * audited).
 *
 * Durations and timestamps are integer milliseconds (timestamps since 1970).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------------------------

/** The query parameter that activates a test on any page (`?oruxt=<test id>`). */
export const UXT_QUERY_PARAMETER = 'oruxt';
/** A test's lifecycle: only a published test is shown to participants. */
export const UXT_TEST_STATUSES = ['draft', 'published', 'paused', 'ended'] as const;
export type UxtTestStatus = (typeof UXT_TEST_STATUSES)[number];
/** Signal statuses (spec section 4). */
export const UXT_SIGNAL_STATUSES = ['begin', 'done', 'skipped'] as const;
export type UxtSignalStatus = (typeof UXT_SIGNAL_STATUSES)[number];
/** A participant's status in the results. */
export const UXT_PARTICIPANT_STATUSES = ['live', 'completed', 'skipped', 'aborted'] as const;
export type UxtParticipantStatus = (typeof UXT_PARTICIPANT_STATUSES)[number];

/** Most tasks in one test. */
export const UXT_TASKS_MAX = 20;
/** Longest typed answer kept, in characters. */
export const UXT_ANSWER_MAX = 2000;
/** The System Usability Scale: 10 items, each answered 1 (strongly disagree) to 5 (strongly agree). */
export const UXT_SUS_ITEMS = 10;
/** The largest recording a signed upload URL accepts, in bytes (50 MiB). */
export const UXT_RECORDING_SIZE_LIMIT = 50 * 1024 * 1024;
/** Most recordings (or live upload URLs) one participant may have: a reload of the page starts a new recording. */
export const UXT_RECORDINGS_PER_PARTICIPANT = 5;
/** The only recording type accepted. */
export const UXT_RECORDING_CONTENT_TYPE = 'video/webm';
/** How long a signed upload URL is valid, in milliseconds (5 minutes); it can be used once. */
export const UXT_UPLOAD_URL_TTL_MS = 5 * 60 * 1000;
/** A participant with no end signal and no activity for this long is counted as aborted (as a tracker session). */
export const UXT_PARTICIPANT_IDLE_MS = 30 * 60 * 1000;
/** The staff audit actions of usability-test calls (identity's recordStaffAccess). */
export const UXT_AUDIT_ACTIONS = {
  list: 'uxt.list',
  view: 'uxt.view',
  edit: 'uxt.edit',
  results: 'uxt.results',
  export: 'uxt.export',
  recording: 'uxt.recording',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Participant calls (bearer: the tracker's session token)
// ---------------------------------------------------------------------------------------------------------------

/** A test id (a UUID). */
export const uxtTestIdSchema = z.uuid();
/** A task id (a positive integer, unique across tests). */
export const uxtTaskIdSchema = z.number().int().positive().max(2147483647);

/** One task as the participant sees it. */
export interface UxtParticipantTask {
  task_id: number;
  title: string;
  description: string;
  allow_typing: boolean;
}

/** GET /v1/web/uxt/test/{id}: only a published test (a paused or ended one is UXT_TEST_NOT_AVAILABLE). */
export interface UxtParticipantTest {
  title: string;
  description: string;
  startingPath: string;
  status: UxtTestStatus;
  reqMic: boolean;
  reqCamera: boolean;
  guidelines: string;
  /** '' when the test gives none: the overlay shows its default conclusion. */
  conclusion: string;
  /** Whether the overlay asks the 10 SUS items after the last task (POST /v1/web/uxt/signals/sus). */
  sus: boolean;
  tasks: UxtParticipantTask[];
}
export interface UxtParticipantTestResponse {
  test: UxtParticipantTest;
}

const durationMs = z
  .number()
  .int()
  .nonnegative()
  .max(7 * 24 * 3600 * 1000);
const timestampMs = z.number().int().nonnegative().max(8.64e15);

/** POST /v1/web/uxt/signals/test. 'begin' makes this session a participant; 'done' or 'skipped' (abort) ends it. */
export const uxtTestSignalSchema = z.object({
  testId: uxtTestIdSchema,
  status: z.enum(UXT_SIGNAL_STATUSES),
  duration: durationMs,
  timestamp: timestampMs,
});
export type UxtTestSignal = z.input<typeof uxtTestSignalSchema>;

/**
 * POST /v1/web/uxt/signals/task. `taskAnswer` is kept only when the task has allow_typing (otherwise ignored);
 * a task id not in the test is UXT_TASK_UNKNOWN. A retried signal (same task and status) changes nothing.
 */
export const uxtTaskSignalSchema = z.object({
  testId: uxtTestIdSchema,
  taskId: uxtTaskIdSchema,
  status: z.enum(UXT_SIGNAL_STATUSES),
  duration: durationMs,
  timestamp: timestampMs,
  taskAnswer: z.string().max(UXT_ANSWER_MAX).nullable().optional(),
});
export type UxtTaskSignal = z.input<typeof uxtTaskSignalSchema>;

/** POST /v1/web/uxt/signals/sus (our addition): the 10 SUS answers, each 1 to 5, in item order. */
export const uxtSusSignalSchema = z.object({
  testId: uxtTestIdSchema,
  answers: z.array(z.number().int().min(1).max(5)).length(UXT_SUS_ITEMS),
});
export type UxtSusSignal = z.input<typeof uxtSusSignalSchema>;

/** The answer to every signal. */
export interface UxtSignalResponse {
  ok: true;
}

/**
 * GET /v1/web/uxt/upload-url[?testId=<id>]: a same-origin, signed, single-use URL valid UXT_UPLOAD_URL_TTL_MS
 * (`PUT <url>` with Content-Type video/webm, at most UXT_RECORDING_SIZE_LIMIT bytes). Without `testId` the
 * session's latest test is used. The session must have begun that test (UXT_TEST_NOT_BEGUN).
 */
export const uxtUploadUrlQuerySchema = z.object({ testId: uxtTestIdSchema.optional() });
export interface UxtUploadUrlResponse {
  /** Path on the ingest's origin, e.g. `/ingest/v1/web/uxt/recordings/<signed>` (relative to location.origin). */
  url: string;
  expiresAt: string;
}
/** PUT <upload url> answer. */
export interface UxtRecordingUploadResponse {
  ok: true;
  recordingId: string;
  size: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Success conditions (measured from the session's recorded events between the task's begin and done signals)
// ---------------------------------------------------------------------------------------------------------------

export const UXT_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const UXT_STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/**
 * A path pattern: starts with '/', matched against the whole path (query and hash ignored, a trailing '/' ignored);
 * `*` matches any characters within one segment, `**` any characters across segments.
 */
export const uxtPathPatternSchema = z
  .string()
  .min(1)
  .max(500)
  .regex(/^\/[A-Za-z0-9\-._~!$&'()+,;=:@%/*]*$/, 'A path starting with /, * and ** as wildcards');

/** The session made a request matching method and path with a status in the class. */
export const uxtRequestSuccessSchema = z.object({
  kind: z.literal('request'),
  method: z.enum(UXT_HTTP_METHODS),
  path: uxtPathPatternSchema,
  status: z.enum(UXT_STATUS_CLASSES).default('2xx'),
});
/** The session reached a page whose path matches. */
export const uxtPageSuccessSchema = z.object({ kind: z.literal('page'), path: uxtPathPatternSchema });
export const uxtSuccessConditionSchema = z.discriminatedUnion('kind', [
  uxtRequestSuccessSchema,
  uxtPageSuccessSchema,
]);
export type UxtSuccessCondition = z.infer<typeof uxtSuccessConditionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Staff API (/api/ingest/staff/uxt/*: ux_researcher and admin, each call with x-staff-reason, audited)
// ---------------------------------------------------------------------------------------------------------------

export const uxtTaskInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  allow_typing: z.boolean().default(false),
  success: uxtSuccessConditionSchema.nullable().default(null),
});
export type UxtTaskInput = z.input<typeof uxtTaskInputSchema>;

/**
 * POST /api/ingest/staff/uxt/tests (create, status draft) and PUT /api/ingest/staff/uxt/tests/{id} (replace; only
 * while draft, otherwise UXT_TEST_NOT_EDITABLE). `startingPath` is a same-origin path ('/...').
 */
export const uxtTestInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  startingPath: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'A path on this site, starting with one /')
    .default('/'),
  guidelines: z.string().max(5000).default(''),
  conclusion: z.string().max(2000).default(''),
  reqMic: z.boolean().default(false),
  reqCamera: z.boolean().default(false),
  sus: z.boolean().default(false),
  tasks: z.array(uxtTaskInputSchema).min(1).max(UXT_TASKS_MAX),
});
export type UxtTestInput = z.input<typeof uxtTestInputSchema>;

/** One task as staff see it. */
export interface StaffUxtTask {
  task_id: number;
  title: string;
  description: string;
  allow_typing: boolean;
  success: UxtSuccessCondition | null;
}

/** A test in the staff list (GET /api/ingest/staff/uxt/tests, newest first). */
export interface StaffUxtTestSummary {
  id: string;
  title: string;
  status: UxtTestStatus;
  taskCount: number;
  participantCount: number;
  createdAt: string;
  updatedAt: string;
}
export interface StaffUxtTestList {
  items: StaffUxtTestSummary[];
}

/** GET /api/ingest/staff/uxt/tests/{id} (also the answer to create, update, publish, pause and end). */
export interface StaffUxtTest {
  id: string;
  title: string;
  description: string;
  startingPath: string;
  guidelines: string;
  conclusion: string;
  reqMic: boolean;
  reqCamera: boolean;
  sus: boolean;
  status: UxtTestStatus;
  tasks: StaffUxtTask[];
  createdAt: string;
  updatedAt: string;
  /** The link to share with participants: `${startingPath}?oruxt=${id}` (relative to the web app's origin). */
  participantPath: string;
}

/** A stored recording of a participant (played through `url`, a staff route with range support). */
export interface StaffUxtRecording {
  id: string;
  size: number;
  contentType: string;
  createdAt: string;
  /** GET path: `/api/ingest/staff/uxt/recordings/{id}` (needs the staff token and x-staff-reason like every call). */
  url: string;
}

/** One participant's run of one task. `measuredSuccess` is null when the task has no success condition. */
export interface StaffUxtParticipantTask {
  task_id: number;
  /** The latest signal: null when the participant never reached the task. */
  status: UxtSignalStatus | null;
  /** From the done (or skipped) signal; null while begun. */
  durationMs: number | null;
  /** Only for tasks with allow_typing. */
  answer: string | null;
  /** The participant's claim is status 'done'; this is what the recorded session shows. */
  measuredSuccess: boolean | null;
}

export interface StaffUxtParticipant {
  participantId: string;
  /** The tracker session: its replay is GET /api/ingest/staff/sessions/{sessionID}. */
  sessionID: string;
  status: UxtParticipantStatus;
  startedAt: string;
  endedAt: string | null;
  durationMs: number | null;
  tasks: StaffUxtParticipantTask[];
  /** 0 to 100, null when the participant gave no SUS answers. */
  susScore: number | null;
  recordings: StaffUxtRecording[];
}

/**
 * Per-task aggregates. `reached` = participants with any signal for the task; `completionRate` = completed / reached
 * (null when none reached it); time on task = durations of the done signals: `timeOnTaskMedianMs` the exact median
 * (mean of the two middle values for an even count, rounded to the ms), `timeOnTaskP90Ms` the nearest-rank 90th
 * percentile (the value at rank ceil(0.9 n) in ascending order); null without done signals. `measuredSuccessRate`
 * = measured successes / reached, null when the task has no success condition or nobody reached it.
 */
export interface StaffUxtTaskResult {
  task_id: number;
  title: string;
  reached: number;
  completed: number;
  skipped: number;
  completionRate: number | null;
  timeOnTaskMedianMs: number | null;
  timeOnTaskP90Ms: number | null;
  measuredSuccesses: number;
  measuredSuccessRate: number | null;
  answers: { participantId: string; answer: string }[];
}

/** GET /api/ingest/staff/uxt/tests/{id}/results. */
export interface StaffUxtResults {
  test: StaffUxtTest;
  summary: {
    participants: number;
    live: number;
    completed: number;
    skipped: number;
    aborted: number;
    /** Mean of the participants' SUS scores (2 decimals), null without any. */
    susMean: number | null;
    susResponses: number;
  };
  tasks: StaffUxtTaskResult[];
  participants: StaffUxtParticipant[];
}

/** SUS score of 10 answers (1..5): odd items (x - 1), even items (5 - x), sum x 2.5 (0 to 100). */
export function susScore(answers: readonly number[]): number {
  if (answers.length !== UXT_SUS_ITEMS) {
    throw new RangeError('SUS needs exactly 10 answers');
  }
  let sum = 0;
  answers.forEach((answer, index) => {
    sum += index % 2 === 0 ? answer - 1 : 5 - answer;
  });
  return sum * 2.5;
}

// ---------------------------------------------------------------------------------------------------------------
// Error codes (docs/api.md, "Usability tests"). The common ones also apply (VALIDATION_FAILED, UNAUTHENTICATED,
// FORBIDDEN, STAFF_REASON_REQUIRED) and the tracker's TRACKER_TOKEN_INVALID for a bad session token.
// ---------------------------------------------------------------------------------------------------------------

export const UXT_ERROR_CODES = [
  'UXT_TEST_NOT_FOUND',
  'UXT_TEST_NOT_AVAILABLE',
  'UXT_TEST_NOT_BEGUN',
  'UXT_TEST_FINISHED',
  'UXT_TASK_UNKNOWN',
  'UXT_SUS_NOT_ASKED',
  'UXT_UPLOAD_URL_INVALID',
  'UXT_UPLOAD_URL_EXPIRED',
  'UXT_UPLOAD_URL_USED',
  'UXT_RECORDING_TYPE',
  'UXT_RECORDING_TOO_LARGE',
  'UXT_RECORDING_NOT_FOUND',
  'UXT_RECORDING_LIMIT',
  'UXT_TEST_NOT_EDITABLE',
  'UXT_TEST_STATUS_CONFLICT',
] as const;
export type UxtErrorCode = (typeof UXT_ERROR_CODES)[number];
