/**
 * Session tracking (issue #17): the wire contract between the tracker (packages/tracker), the ingest
 * (services/ingest) and the console's replay (apps/console). Spec sections 3 ("Tracking session start response"),
 * 7 ("Usability test and tracking"), 8 and 9 ("Tracker"); docs/tracker-protocol.md describes the protocol,
 * docs/api.md the ingest's error codes, ADR 0017 the design.
 *
 * Every tracker path is under the ingest point (`${location.origin}/ingest` by default: `/ingest/v1/web/start`);
 * the same routes answer at the root (`/v1/web/start`). Staff reads are under `/api/ingest/staff/`.
 *
 * Request schemas are zod (the ingest validates with them); answers are zod too where the tracker checks them
 * (the start answer), otherwise plain interfaces.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Constants both sides need (spec section 9, "Tracker")
// ---------------------------------------------------------------------------------------------------------------

/** The tracker's version, sent as `trackerVersion` with every start. */
export const TRACKER_VERSION = '15.1.1';
/** The oldest tracker version the ingest accepts; the tracker warns when it is unmet. */
export const TRACKER_MIN_VERSION = '14.0.10';
/** The default ingest point path, under the page's origin. */
export const TRACKER_INGEST_PATH = '/ingest';
/** Batches over this many bytes are gzip-compressed (Content-Encoding: gzip). */
export const TRACKER_COMPRESSION_THRESHOLD = 24000;
/** The beacon size the start answer gives (`beaconSizeLimit`): the tracker flushes a batch past it. */
export const TRACKER_BEACON_SIZE = 200000;
/** The largest batch body (as sent, compressed or not) the ingest accepts, in bytes. */
export const TRACKER_BATCH_BODY_LIMIT = 1000000;
/** The largest batch once decompressed, in bytes: a larger one (a gzip bomb) is refused without inflating it. */
export const INGEST_DECOMPRESSED_BATCH_LIMIT = 10000000;
/** Requests under this many bytes are sent with `keepalive` (they survive the page closing). */
export const TRACKER_KEEPALIVE_LIMIT = 65536;
/** Href values longer than this are blanked. */
export const TRACKER_HREF_LIMIT = 100000;
/** Input labels are truncated to this many characters. */
export const TRACKER_INPUT_LABEL_LIMIT = 100;
/** A session is resumed in the same tab within this time of its last activity; later a new one starts. */
export const TRACKER_SESSION_RESTART_MS = 30 * 60 * 1000;
/** Tag polling interval. */
export const TRACKER_TAG_POLL_MS = 500;
/** The worker flushes its batch at least this often. */
export const TRACKER_WORKER_FLUSH_MS = 10000;
/** Cold start: the buffer restarts this often while recording waits for a condition. */
export const TRACKER_COLD_START_RESTART_MS = 30000;
/** Node maintainer interval and batch size. */
export const TRACKER_NODE_MAINTAINER_INTERVAL_MS = 30000;
export const TRACKER_NODE_MAINTAINER_BATCH = 2500;
/** Console messages kept per tick (throttling). */
export const TRACKER_CONSOLE_THROTTLE = 30;
/** Duration conditions are checked this often. */
export const TRACKER_CONDITION_CHECK_MS = 1000;
/** Batch send: a status of 400 or above is retried this many times, after `attempt * TRACKER_BATCH_RETRY_DELAY_MS`. */
export const TRACKER_BATCH_RETRY_ATTEMPTS = 10;
export const TRACKER_BATCH_RETRY_DELAY_MS = 250;
/** Canvas snapshot quality (webp) per `canvasQuality`. */
export const TRACKER_CANVAS_QUALITY = { low: 0.35, medium: 0.55, high: 0.8 } as const;
/** An image batch is sent once more than this many snapshots are waiting. */
export const TRACKER_IMAGE_BATCH_THRESHOLD = 9;
/** Largest canvas snapshot file the ingest accepts, in bytes, and most files per images request. */
export const INGEST_IMAGE_SIZE_LIMIT = 2000000;
export const INGEST_IMAGE_FILES_LIMIT = 20;
/** Image types the ingest accepts for snapshots. */
export const INGEST_IMAGE_TYPES = ['image/webp', 'image/png', 'image/jpeg'] as const;
/** Truncation of console messages and error messages/stacks in custom events (characters). */
export const TRACKER_MESSAGE_LIMIT = 1000;
export const TRACKER_STACK_LIMIT = 4000;
/** Session tab id: 12 hex characters. */
export const TRACKER_TAB_ID_PATTERN = /^[0-9a-f]{12}$/;
/** The `batch` query parameter of POST /v1/web/i: `{page}_{n}`. */
export const TRACKER_BATCH_QUERY_PATTERN = /^(\d{1,6})_(\d{1,9})$/;
/** The version of the batch envelope. */
export const TRACKER_BATCH_VERSION = 1;
/** The staff audit actions of replay reads (identity's recordStaffAccess). */
export const REPLAY_AUDIT_ACTIONS = { list: 'replay.list', view: 'replay.view' } as const;

// ---------------------------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------------------------

const shortText = z.string().max(2000);

/** POST /v1/web/start body. `userID` needs `Authorization: Bearer <customer access token>` with that subject. */
export const trackerStartRequestSchema = z.object({
  trackerVersion: z.string().min(1).max(32),
  projectKey: z.string().min(1).max(64),
  timestamp: z.number().int().nonnegative(),
  doNotRecord: z.boolean().default(false),
  bufferDiff: z
    .number()
    .int()
    .nonnegative()
    .max(TRACKER_COLD_START_RESTART_MS * 10)
    .default(0),
  userID: z.string().min(1).max(128).nullable().default(null),
  token: z.string().min(1).max(256).nullable().default(null),
  deviceMemory: z.number().nonnegative().max(1e6).nullable().default(null),
  jsHeapSizeLimit: z.number().nonnegative().max(1e15).nullable().default(null),
  timezone: z.string().max(64).nullable().default(null),
  width: z.number().int().nonnegative().max(100000),
  height: z.number().int().nonnegative().max(100000),
  condition: z.string().max(200).nullable().default(null),
  assistOnly: z.boolean().default(false),
  href: z.string().max(TRACKER_HREF_LIMIT),
  referrer: z.string().max(TRACKER_HREF_LIMIT).default(''),
});
export type TrackerStartRequest = z.input<typeof trackerStartRequestSchema>;

/** Canvas snapshot quality. */
export const CANVAS_QUALITIES = ['low', 'medium', 'high'] as const;
export type CanvasQuality = (typeof CANVAS_QUALITIES)[number];

/**
 * The start answer (spec section 3). The tracker checks it with this schema: token, userUUID and sessionID must be
 * strings and delay a number, otherwise the start fails with 'Incorrect server response'.
 * userCity/userCountry/userState are '' (no geo-IP lookup offline).
 */
export const trackerStartResponseSchema = z.object({
  token: z.string(),
  userUUID: z.string(),
  projectID: z.string(),
  beaconSizeLimit: z.number(),
  compressionThreshold: z.number(),
  delay: z.number(),
  sessionID: z.string(),
  startTimestamp: z.number(),
  userBrowser: z.string(),
  userCity: z.string(),
  userCountry: z.string(),
  userDevice: z.string(),
  userOS: z.string(),
  userState: z.string(),
  canvasEnabled: z.boolean(),
  canvasQuality: z.enum(CANVAS_QUALITIES),
  canvasFPS: z.number(),
  assistOnly: z.boolean(),
  features: z.object({ 'feature-flags': z.boolean(), 'usability-test': z.boolean() }),
});
export type TrackerStartResponse = z.infer<typeof trackerStartResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Batches
// ---------------------------------------------------------------------------------------------------------------

/** One rrweb `eventWithTime` as the ingest checks it (type 0 to 6, data an object, timestamp ms). */
export const rrwebEventSchema = z
  .object({
    type: z.number().int().min(0).max(6),
    data: z.unknown(),
    // Milliseconds since 1970, up to the largest date JavaScript has.
    timestamp: z.number().nonnegative().max(8.64e15),
    delay: z.number().optional(),
  })
  .passthrough();
export interface RrwebEvent {
  type: number;
  data: unknown;
  timestamp: number;
  delay?: number;
  [key: string]: unknown;
}

/**
 * One batch: the body of POST /v1/web/i?batch={page}_{n} (application/octet-stream, gzip when over the compression
 * threshold). `page` is the page load index in the session, `n` the batch index in that page; (sessionID, page, n)
 * is unique, so a retried batch is stored once.
 */
export const trackerBatchSchema = z.object({
  v: z.literal(TRACKER_BATCH_VERSION),
  sessionID: z.string().min(1).max(64),
  tabId: z.string().regex(TRACKER_TAB_ID_PATTERN),
  page: z.number().int().nonnegative().max(999999),
  n: z.number().int().nonnegative().max(999999999),
  events: z.array(rrwebEventSchema).max(100000),
});
export interface TrackerBatch {
  v: typeof TRACKER_BATCH_VERSION;
  sessionID: string;
  tabId: string;
  page: number;
  n: number;
  events: RrwebEvent[];
}

/** The answer to an accepted batch (also to a retry of a stored one). */
export interface TrackerBatchResponse {
  ok: true;
  /** Set when the PII tripwire found an IBAN, a card number or an e-mail address: the batch was not stored. */
  quarantined?: true;
}

// ---------------------------------------------------------------------------------------------------------------
// Custom events (rrweb type 5: { tag, payload })
// ---------------------------------------------------------------------------------------------------------------

/** The rrweb event type of custom events. */
export const RRWEB_CUSTOM_EVENT_TYPE = 5;

export const TESSERA_EVENT_TAGS = {
  page: 'tessera.page',
  network: 'tessera.network',
  console: 'tessera.console',
  error: 'tessera.error',
  vitals: 'tessera.vitals',
  resource: 'tessera.resource',
  tag: 'tessera.tag',
  canvas: 'tessera.canvas',
} as const;
export type TesseraEventTag = (typeof TESSERA_EVENT_TAGS)[keyof typeof TESSERA_EVENT_TAGS];

/** 'tessera.page': a page load or route change. */
export interface TesseraPagePayload {
  href: string;
  title: string;
  pageIndex: number;
}
/** 'tessera.network': path only (query values removed), NEVER a body. */
export interface TesseraNetworkPayload {
  method: string;
  url: string;
  status: number;
  durationMs: number;
  requestSize?: number;
  responseSize?: number;
}
export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;
/** 'tessera.console': message truncated to TRACKER_MESSAGE_LIMIT. */
export interface TesseraConsolePayload {
  level: (typeof CONSOLE_LEVELS)[number];
  message: string;
}
/** 'tessera.error': an uncaught exception or unhandled rejection. */
export interface TesseraErrorPayload {
  message: string;
  source?: string;
  stack?: string;
}
/** 'tessera.vitals': a web-vitals report. */
export interface TesseraVitalsPayload {
  name: string;
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
}
/** 'tessera.resource': a resource timing (name is a path). */
export interface TesseraResourcePayload {
  name: string;
  initiatorType: string;
  durationMs: number;
  transferSize: number;
}
/** 'tessera.tag': an element matching a tag's selector was seen. */
export interface TesseraTagPayload {
  tagId: number;
}
/** 'tessera.canvas': a canvas snapshot sent to /v1/web/images under `image` (the file name). */
export interface TesseraCanvasPayload {
  nodeId: number;
  image: string;
}
export interface TesseraEventPayloads {
  'tessera.page': TesseraPagePayload;
  'tessera.network': TesseraNetworkPayload;
  'tessera.console': TesseraConsolePayload;
  'tessera.error': TesseraErrorPayload;
  'tessera.vitals': TesseraVitalsPayload;
  'tessera.resource': TesseraResourcePayload;
  'tessera.tag': TesseraTagPayload;
  'tessera.canvas': TesseraCanvasPayload;
}
/** The `data` of a custom event carrying our telemetry. */
export interface TesseraCustomEventData<T extends TesseraEventTag = TesseraEventTag> {
  tag: T;
  payload: TesseraEventPayloads[T];
}

// ---------------------------------------------------------------------------------------------------------------
// Tags, conditions, feature flags
// ---------------------------------------------------------------------------------------------------------------

/** GET /v1/web/tags. */
export interface TrackerTag {
  id: number;
  selector: string;
}
export interface TrackerTagsResponse {
  tags: TrackerTag[];
}

/**
 * A conditional-recording rule (GET /v1/web/conditions/{projectKey}): recording starts when any rule matches.
 * visited_url: the page href (operator on the path); exception: an error message; network_request: a request's
 * url (or, with greater_than, its status); custom_event: a custom event tag; duration: seconds in the session
 * (greater_than). `value` lists alternatives (any matches).
 */
export const CONDITION_TYPES = [
  'visited_url',
  'exception',
  'network_request',
  'custom_event',
  'duration',
] as const;
export const CONDITION_OPERATORS = ['is', 'contains', 'starts_with', 'ends_with', 'greater_than'] as const;
export const trackerConditionSchema = z.object({
  id: z.number().int(),
  name: z.string().max(200),
  type: z.enum(CONDITION_TYPES),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.array(z.string().max(2000)).max(50),
});
export type TrackerCondition = z.infer<typeof trackerConditionSchema>;
export interface TrackerConditionsResponse {
  conditions: TrackerCondition[];
}

/** POST /v1/web/feature-flags body. */
export const featureFlagsRequestSchema = z.object({
  projectID: z.string().max(64),
  userID: z.string().max(128).nullable().default(null),
  metadata: z.record(z.string().max(100), shortText).default({}),
  referrer: z.string().max(TRACKER_HREF_LIMIT).default(''),
  os: z.string().max(100).default(''),
  device: z.string().max(100).default(''),
  country: z.string().max(100).default(''),
  state: z.string().max(100).default(''),
  city: z.string().max(100).default(''),
  browser: z.string().max(100).default(''),
  persistFlags: z
    .array(z.object({ key: z.string().max(200), value: z.union([z.string().max(2000), z.boolean()]) }))
    .max(200)
    .default([]),
});
export type FeatureFlagsRequest = z.input<typeof featureFlagsRequestSchema>;
export interface FeatureFlag {
  key: string;
  is_persist: boolean;
  value: string | boolean;
  payload: string | null;
}
export interface FeatureFlagsResponse {
  flags: FeatureFlag[];
}

/** POST /v1/web/images answer. */
export interface TrackerImagesResponse {
  ok: true;
  stored: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Staff API (/api/ingest/staff/*: support_agent and admin, each call with x-staff-reason, audited)
// ---------------------------------------------------------------------------------------------------------------

/** GET /api/ingest/staff/sessions query. `from`/`to` are ISO 8601; `page` filters on a page path containing it. */
export const staffSessionsQuerySchema = z.object({
  customer: z.string().min(1).max(128).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.string().min(1).max(500).optional(),
  hasErrors: z.enum(['true', 'false']).optional(),
  minDurationS: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(31 * 24 * 3600)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffSessionsQuery = z.input<typeof staffSessionsQuerySchema>;

/** One recorded session in the staff list. `customerId` is null for an anonymous session. */
export interface StaffSessionSummary {
  sessionID: string;
  customerId: string | null;
  customerEmail?: string;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  pages: number;
  firstPage: string;
  errors: number;
  device: string;
  browser: string;
  os: string;
  width: number;
  height: number;
  trackerVersion: string;
}
/** A page of sessions, newest first; `nextCursor` is null on the last page. */
export interface StaffSessionsPage {
  items: StaffSessionSummary[];
  nextCursor: string | null;
}
/** One page load of a session. */
export interface StaffSessionPage {
  index: number;
  href: string;
  title: string;
  at: string;
}
/** A canvas snapshot stored with the session (GET .../images/:name). */
export interface StaffSessionImage {
  name: string;
  size: number;
  contentType: string;
}
/** GET /api/ingest/staff/sessions/:sessionID. */
export interface StaffSessionDetail extends StaffSessionSummary {
  pageList: StaffSessionPage[];
  images: StaffSessionImage[];
  timezone: string | null;
  referrer: string;
  quarantinedBatches: number;
}
/** GET /api/ingest/staff/sessions/:sessionID/events: every batch of every page, in order. */
export interface StaffSessionEvents {
  events: RrwebEvent[];
}

// ---------------------------------------------------------------------------------------------------------------
// Error codes (docs/api.md, "Ingest")
// ---------------------------------------------------------------------------------------------------------------

export const INGEST_ERROR_CODES = [
  'TRACKER_PROJECT_UNKNOWN',
  'TRACKER_VERSION_UNSUPPORTED',
  'TRACKER_USER_MISMATCH',
  'TRACKER_TOKEN_INVALID',
  'TRACKER_BATCH_INVALID',
  'TRACKER_BATCH_TOO_LARGE',
  'TRACKER_BATCH_ENCODING',
  'TRACKER_BATCH_MISMATCH',
  'TRACKER_IMAGE_INVALID',
  'TRACKER_RATE_LIMITED',
  'REPLAY_SESSION_NOT_FOUND',
  'REPLAY_IMAGE_NOT_FOUND',
] as const;
export type IngestErrorCode = (typeof INGEST_ERROR_CODES)[number];
