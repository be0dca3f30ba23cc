/**
 * Live assist (issue #18): the wire contract between the assist server (services/assist), the customer's tab
 * (packages/tracker) and the agent's console (apps/console). Spec sections 2 "Live-assist overlays", 3 "Live-assist
 * peer entities", 4 "Live-assist", 6, 7 "Live assist", 8 "Live assist" and 9 "Live assist"; docs/api.md ("Live
 * assist") documents the events, routes and error codes, docs/adr/ the design.
 *
 * Transport: one port. socket.io (v4) at ASSIST_SOCKET_PATH for the live channel; the PeerJS server at
 * ASSIST_PEER_PATH for call signalling (GET {path}/{key}/id, GET {path}/{key}/peers, WebSocket {path}/peerjs).
 * Every payload is checked on the server with the schemas below; an invalid one is dropped (and counted), never
 * forwarded. The server adds `agentId` and `name` to what an agent sends (the tab never trusts an agent id coming
 * from the agent) and `tabId` to what a tab sends.
 */
import { z } from 'zod';
import { TRACKER_TAB_ID_PATTERN } from './session-tracking.ts';

// ---------------------------------------------------------------------------------------------------------------
// Transport and shared constants (spec section 9, "Live assist")
// ---------------------------------------------------------------------------------------------------------------

/** socket.io path of the live channel (spec section 7: "Assist websocket at /ws-assist/socket"). */
export const ASSIST_SOCKET_PATH = '/ws-assist/socket';
/** Mount point of the PeerJS server (peerjs client option `path`). */
export const ASSIST_PEER_PATH = '/assist';
/** PeerJS heartbeat (client `pingInterval`), and the server's alive time-out is a few heartbeats. */
export const ASSIST_PEER_HEARTBEAT_MS = 5000;
/** Default peer port when the page gives none. */
export const ASSIST_PEER_DEFAULT_PORT = 443;
/** An incoming call is ended when unanswered this long. */
export const ASSIST_CALL_TIMEOUT_MS = 30000;
/** A remote-control request expires (and releases control) after this long. */
export const ASSIST_CONTROL_TIMEOUT_MS = 30000;
/** Peer reconnection: up to 30 attempts, waiting 2 * min(n, 8) seconds before attempt n (1-based). */
export const ASSIST_PEER_RECONNECT_ATTEMPTS = 30;
export function assistPeerReconnectDelayMs(attempt: number): number {
  return 2000 * Math.min(Math.max(1, Math.floor(attempt)), 8);
}
/** Socket reconnection of the assist socket (socket.io client options). */
export const ASSIST_SOCKET_RECONNECTION = {
  reconnectionAttempts: 30,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 25000,
} as const;
/** Assist compression: the tab batches at least this many rrweb events... */
export const ASSIST_BATCH_MIN = 5000;
/** ...and splits a batch of more than this many in two. The server drops an `rrweb` payload above it. */
export const ASSIST_BATCH_SPLIT = 10000;
/** Websocket messages over this many characters are dropped (spec section 5); the server's socket limit. */
export const ASSIST_MESSAGE_LIMIT = 5242880;
/** PeerJS data chunk size, send buffer limit and its retry delay. */
export const ASSIST_DATA_CHUNK_BYTES = 16300;
export const ASSIST_SEND_BUFFER_LIMIT = 8388608;
export const ASSIST_SEND_BUFFER_RETRY_MS = 50;
/** Call duration display refresh, remote video check. */
export const ASSIST_CALL_DURATION_REFRESH_MS = 500;
export const ASSIST_REMOTE_VIDEO_CHECK_MS = 1000;
/** Placeholder video track: 60 fps on a 2x2 canvas. */
export const ASSIST_PLACEHOLDER_VIDEO = { fps: 60, width: 2, height: 2 } as const;
/** Canvas stream: 30 fps, checked every 5 s. */
export const ASSIST_CANVAS_STREAM = { fps: 30, checkMs: 5000 } as const;
/** Recording: 30 fps, 1280x720, video/webm. */
export const ASSIST_RECORDING = { fps: 30, width: 1280, height: 720, mimeType: 'video/webm' } as const;
/** Largest recording upload the server accepts, in bytes (413 ASSIST_RECORDING_TOO_LARGE above it). */
export const ASSIST_RECORDING_SIZE_LIMIT = 100 * 1024 * 1024;
/** Remote-control events one agent may send per second; more are refused ('rate_limited') and audited. */
export const ASSIST_CONTROL_EVENTS_PER_SECOND = 100;

/** Overlays (spec section 2 and 9). */
export const ASSIST_OVERLAY = {
  /** z-index of the agent's pointer. */
  pointerZIndex: 999998,
  /** z-index of the confirmation popup (and the call window, which must stay above the page). */
  confirmZIndex: 2147483646,
  /** Call window: fixed about 50 px from the bottom and 10 px from the right, starting at 200x200. */
  callWindow: { bottom: 50, right: 10, width: 200, height: 200 },
  /** Annotation strokes: red, width 8, fading after 4 s. */
  annotation: { color: 'red', width: 8, fadeMs: 4000 },
  /** Recording border: 2 px dashed red. */
  recordingBorder: '2px dashed red',
} as const;
/** Agent name on the pointer: shortened to 9 characters plus an ellipsis when longer than 10; 'Agent' when empty. */
export const ASSIST_POINTER_NAME_MAX = 10;
export const ASSIST_POINTER_NAME_KEEP = 9;
/** The separate display limit of the agent name (call window). */
export const ASSIST_AGENT_NAME_DISPLAY_LIMIT = 20;
/** The pointer label of an agent name (spec section 2, item 3). */
export function assistPointerName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') {
    return 'Agent';
  }
  const chars = Array.from(trimmed);
  return chars.length > ASSIST_POINTER_NAME_MAX
    ? `${chars.slice(0, ASSIST_POINTER_NAME_KEEP).join('')}...`
    : trimmed;
}
/** Session storage keys of the tab: the call start timestamp and the id of the agent granted control. */
export const ASSIST_STORAGE_KEYS = {
  callStart: 'tessera.assist.callStart',
  controlAgent: 'tessera.assist.controlAgent',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Peer ids (spec section 5: letters and digits, with single spaces, underscores or hyphens only between them)
// ---------------------------------------------------------------------------------------------------------------

/** The spec's peer-id rule (the same as peerjs's own check). */
export const ASSIST_PEER_ID_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
/** The error text of an invalid peer id. */
export function assistInvalidPeerIdMessage(id: string): string {
  return `ID "${id}" is invalid`;
}
export function isValidAssistPeerId(id: string): boolean {
  return id.length <= 200 && ASSIST_PEER_ID_PATTERN.test(id);
}
/** An agent id: 12 hex characters, derived by the server from the staff user (stable per agent). */
export const ASSIST_AGENT_ID_PATTERN = /^[0-9a-f]{12}$/;
/** The tab's peer id: `${projectKey}-${sessionId}-${tabId}`. */
export function assistTabPeerId(projectKey: string, sessionId: string, tabId: string): string {
  return `${projectKey}-${sessionId}-${tabId}`;
}
/** An agent's peer id for a session: `${projectKey}-${sessionId}-agent-${agentId}`. */
export function assistAgentPeerId(projectKey: string, sessionId: string, agentId: string): string {
  return `${projectKey}-${sessionId}-agent-${agentId}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The ingest's in-process session-token verifier (services/ingest offers it; services/assist uses it)
// ---------------------------------------------------------------------------------------------------------------

/** A live tracker session, as the ingest knows it from its bearer token. */
export interface VerifiedTrackerSession {
  sessionId: string;
  projectKey: string;
  /** The signed-in customer, or null for an anonymous visitor. */
  userId: string | null;
  assistOnly: boolean;
  startedAt: string;
  device: string;
  browser: string;
  os: string;
}
export interface IngestSessionClient {
  /** The web app's tracker project key (INGEST_PROJECT_KEY): the PeerServer's key. */
  readonly projectKey: string;
  /** The live session of a tracker token, or null (unknown, expired or not a token). */
  verifySessionToken(token: string): Promise<VerifiedTrackerSession | null>;
}
/** `context.clients?.get(INGEST_SESSION_CLIENT)`. */
export const INGEST_SESSION_CLIENT: { readonly service: 'ingest'; readonly __client?: IngestSessionClient } =
  {
    service: 'ingest',
  };

// ---------------------------------------------------------------------------------------------------------------
// Handshake (socket.io `auth`)
// ---------------------------------------------------------------------------------------------------------------

const tabIdSchema = z.string().regex(TRACKER_TAB_ID_PATTERN);
const agentIdSchema = z.string().regex(ASSIST_AGENT_ID_PATTERN);
const tokenSchema = z.string().min(1).max(4096);

/** The customer's tab: the tracker session bearer token and the tab id (12 hex characters). */
export const assistTabAuthSchema = z.object({
  identity: z.literal('session'),
  token: tokenSchema,
  tabId: tabIdSchema,
});
/** The agent: a staff access token (support_agent or admin) and the session to join. */
export const assistAgentAuthSchema = z.object({
  identity: z.literal('agent'),
  token: tokenSchema,
  sessionId: z.uuid(),
  /** Optional case reference (as x-staff-reason) written to the staff audit log with the join. */
  reason: z.string().max(40).optional(),
});
export const assistAuthSchema = z.discriminatedUnion('identity', [
  assistTabAuthSchema,
  assistAgentAuthSchema,
]);
export type AssistTabAuth = z.infer<typeof assistTabAuthSchema>;
export type AssistAgentAuth = z.infer<typeof assistAgentAuthSchema>;

/**
 * Why the server refused a socket (the `message` of the client's `connect_error`, also in `error.data.code`).
 * ASSIST_HANDSHAKE_INVALID: the auth object does not match the schemas. ASSIST_UNAUTHENTICATED: the token is
 * unknown or expired. ASSIST_FORBIDDEN: the staff token is not a support agent's or an admin's.
 * ASSIST_TAB_TAKEN: another socket is already connected for this tab. ASSIST_SESSION_NOT_LIVE: no tab of the
 * session has connected (the agent may retry). ASSIST_PEER_ID_INVALID: the project key makes an invalid peer id.
 * ASSIST_REASON_REQUIRED: an agent's `reason` is missing or not a case reference (STAFF_CASE_REFERENCE_PATTERN).
 */
export const ASSIST_CONNECT_ERRORS = [
  'ASSIST_HANDSHAKE_INVALID',
  'ASSIST_UNAUTHENTICATED',
  'ASSIST_FORBIDDEN',
  'ASSIST_TAB_TAKEN',
  'ASSIST_SESSION_NOT_LIVE',
  'ASSIST_PEER_ID_INVALID',
  'ASSIST_REASON_REQUIRED',
] as const;
export type AssistConnectError = (typeof ASSIST_CONNECT_ERRORS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Events: server -> tab
// ---------------------------------------------------------------------------------------------------------------

const nameSchema = z.string().max(200);

/** Sent to the tab when an agent joins (and, on connect, once per agent already joined). */
export const assistAgentJoinedSchema = z.object({
  agentId: agentIdSchema,
  name: nameSchema,
  peerId: z.string(),
});
export const assistAgentLeftSchema = z.object({ agentId: agentIdSchema });
export type AssistAgentJoined = z.infer<typeof assistAgentJoinedSchema>;
export type AssistAgentLeft = z.infer<typeof assistAgentLeftSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Events: server -> agent
// ---------------------------------------------------------------------------------------------------------------

export interface AssistTabInfo {
  tabId: string;
  peerId: string;
  visible: boolean;
}
/** Sent to the agent once connected: who it is on this session and the tabs already connected. */
export interface AssistWelcome {
  agentId: string;
  name: string;
  peerId: string;
  projectKey: string;
  sessionId: string;
  tabs: AssistTabInfo[];
  /** The other agents joined to the session. */
  agents: { agentId: string; name: string; peerId: string }[];
}
/** A tab of the session connected / disconnected. */
export type AssistTabConnected = AssistTabInfo;
export interface AssistTabDisconnected {
  tabId: string;
}
/** The server refused one of the agent's events (it was audited). */
export interface AssistActionRefused {
  event: string;
  reason: 'not_granted' | 'rate_limited' | 'unknown_tab';
}

// ---------------------------------------------------------------------------------------------------------------
// Events: tab -> agents of its session (the server adds `tabId`)
// ---------------------------------------------------------------------------------------------------------------

/** rrweb events (eventWithTime), masked by the recorder; at most ASSIST_BATCH_SPLIT per message. */
export const assistRrwebSchema = z.object({
  events: z
    .array(z.object({ type: z.number().int(), timestamp: z.number(), data: z.unknown() }).loose())
    .min(1)
    .max(ASSIST_BATCH_SPLIT),
});
export const ASSIST_CALL_STATES = ['none', 'requesting', 'active'] as const;
export const ASSIST_CONTROL_STATES = ['disabled', 'requesting', 'enabled'] as const;
export const ASSIST_RECORDING_STATES = ['off', 'requesting', 'on'] as const;
export const assistCallStateSchema = z.object({
  state: z.enum(ASSIST_CALL_STATES),
  agentId: agentIdSchema.nullable(),
});
export const assistControlStateSchema = z.object({
  state: z.enum(ASSIST_CONTROL_STATES),
  agentId: agentIdSchema.nullable(),
});
export const assistRecordingStateSchema = z.object({
  state: z.enum(ASSIST_RECORDING_STATES),
  agentId: agentIdSchema.nullable(),
});
export const ASSIST_REFUSAL_REASONS = ['credential', 'money', 'masked', 'not_granted'] as const;
export const ASSIST_CONTROL_KINDS = ['click', 'scroll', 'move', 'focus', 'input', 'key'] as const;
/** The tab refused an agent's action (credential field, money-moving confirmation, masked element, no grant). */
export const assistRemoteRefusedSchema = z.object({
  agentId: agentIdSchema,
  kind: z.enum(ASSIST_CONTROL_KINDS),
  reason: z.enum(ASSIST_REFUSAL_REASONS),
  /** A short description of the element (its accessible name), never a value. */
  label: z.string().max(100),
});
export const assistPageVisibilitySchema = z.object({ visible: z.boolean() });
/** Tab replies that name the agent they answer (optional for the call and recording replies). */
export const assistTabReplySchema = z.object({ agentId: agentIdSchema });
export const assistTabOptionalReplySchema = z.object({ agentId: agentIdSchema.optional() });

/** The tab's events and their schemas. */
export const ASSIST_TAB_EVENTS = {
  rrweb: assistRrwebSchema,
  call_state: assistCallStateSchema,
  control_state: assistControlStateSchema,
  recording_state: assistRecordingStateSchema,
  remote_refused: assistRemoteRefusedSchema,
  page_visibility: assistPageVisibilitySchema,
  call_answered: assistTabOptionalReplySchema,
  call_rejected: assistTabOptionalReplySchema,
  call_ended: assistTabOptionalReplySchema,
  control_granted: assistTabReplySchema,
  control_rejected: assistTabReplySchema,
  control_busy: assistTabReplySchema,
  control_released: assistTabReplySchema,
  recording_accepted: assistTabOptionalReplySchema,
  recording_rejected: assistTabOptionalReplySchema,
  recording_stopped: assistTabOptionalReplySchema,
} as const;
export type AssistTabEvent = keyof typeof ASSIST_TAB_EVENTS;
/** What an agent receives for a tab event: the tab's payload plus the server-set tab id. */
export type AssistFromTab<E extends AssistTabEvent> = z.infer<(typeof ASSIST_TAB_EVENTS)[E]> & {
  tabId: string;
};

// ---------------------------------------------------------------------------------------------------------------
// Events: agent -> its session's tab(s) (the server adds `agentId` and `name`)
// ---------------------------------------------------------------------------------------------------------------

/** Every agent payload may name one tab of the session; without it, every tab of the session receives it. */
const targetSchema = z.object({ tabId: tabIdSchema.optional() });
export const assistAgentSimpleSchema = targetSchema;
/** A remote-control event; x and y in the tab's viewport CSS pixels. */
export const assistControlEventSchema = targetSchema.extend({
  kind: z.enum(ASSIST_CONTROL_KINDS),
  x: z.number().min(-100000).max(100000).optional(),
  y: z.number().min(-100000).max(100000).optional(),
  value: z.string().max(10000).optional(),
  key: z.string().min(1).max(32).optional(),
});
export const ASSIST_ANNOTATION_PHASES = ['start', 'move', 'end'] as const;
export const assistAnnotationSchema = targetSchema.extend({
  phase: z.enum(ASSIST_ANNOTATION_PHASES),
  x: z.number().min(-100000).max(100000),
  y: z.number().min(-100000).max(100000),
});

/** The agent's events and their schemas (a missing payload counts as `{}`). */
export const ASSIST_AGENT_EVENTS = {
  call_request: assistAgentSimpleSchema,
  call_end: assistAgentSimpleSchema,
  control_request: assistAgentSimpleSchema,
  control_release: assistAgentSimpleSchema,
  control_event: assistControlEventSchema,
  annotation: assistAnnotationSchema,
  recording_request: assistAgentSimpleSchema,
  recording_stop: assistAgentSimpleSchema,
} as const;
export type AssistAgentEvent = keyof typeof ASSIST_AGENT_EVENTS;
/** What a tab receives for an agent event: the agent's payload plus the server-set agent id and name. */
export type AssistFromAgent<E extends AssistAgentEvent> = z.infer<(typeof ASSIST_AGENT_EVENTS)[E]> & {
  agentId: string;
  name: string;
};
export type AssistControlEvent = z.infer<typeof assistControlEventSchema>;
export type AssistAnnotation = z.infer<typeof assistAnnotationSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Staff REST (/api/assist/staff/*): support_agent and admin, `x-staff-reason` required, staff-audited
// ---------------------------------------------------------------------------------------------------------------

/** The staff audit actions of the assist reads. */
export const ASSIST_AUDIT_ACTIONS = {
  live: 'assist.live',
  actions: 'assist.actions',
  recordingUpload: 'assist.recording.upload',
  recordingList: 'assist.recording.list',
  recordingView: 'assist.recording.view',
  stats: 'assist.stats',
} as const;

/** GET /api/assist/staff/live */
export interface AssistLiveSession {
  sessionId: string;
  projectKey: string;
  customerId: string | null;
  /** ISO time of the session's start (ingest). */
  startedAt: string;
  device: string;
  browser: string;
  os: string;
  tabs: (AssistTabInfo & { connectedAt: string })[];
  agents: { agentId: string; name: string; peerId: string; joinedAt: string }[];
  /** The customer asked the assistant for a person in this session (the latest request), or null. */
  helpRequest: AssistLiveHelpRequest | null;
}
/** A customer's request for a person, as the console shows it: what the assistant passed on. */
export interface AssistLiveHelpRequest {
  /** The assistant's intent before the request (an AssistantIntent), or null at the start of a conversation. */
  intent: string | null;
  language: string;
  transcript: { role: 'customer' | 'assistant'; text: string; at: string }[];
  requestedAt: string;
}
export interface AssistLiveList {
  sessions: AssistLiveSession[];
}

/** The kinds of audited actions (assist.actions.kind). */
export const ASSIST_ACTION_KINDS = [
  'join',
  'leave',
  'call_request',
  'call_end',
  'control_request',
  'control_release',
  'control_event',
  'annotation',
  'recording_request',
  'recording_stop',
  'remote_refused',
] as const;
export type AssistActionKind = (typeof ASSIST_ACTION_KINDS)[number];
/** forwarded: sent on to the tab; refused: the server refused it (detail.reason); reported: the tab refused it. */
export const ASSIST_ACTION_OUTCOMES = ['forwarded', 'refused', 'reported'] as const;

/** GET /api/assist/staff/sessions/{sessionId}/actions */
export interface AssistAction {
  seq: number;
  sessionId: string;
  agentId: string;
  /** The staff user behind the agent id. */
  staffUserId: string;
  kind: AssistActionKind;
  outcome: (typeof ASSIST_ACTION_OUTCOMES)[number];
  /** Never a typed value: control `input` keeps only its length, `key` only named keys. */
  detail: Record<string, string | number | boolean | null>;
  at: string;
  prevHash: string;
  hash: string;
}
export interface AssistActionList {
  actions: AssistAction[];
  /** The hash chain re-computed by the server: valid, or the first sequence number that does not verify. */
  chain: { valid: boolean; brokenAt: number | null };
}

/** POST (body: video/webm, header x-recording-duration-ms) and GET /api/assist/staff/sessions/{sessionId}/recordings */
export interface AssistRecording {
  id: string;
  sessionId: string;
  agentId: string;
  size: number;
  durationMs: number;
  contentType: string;
  createdAt: string;
}
export interface AssistRecordingList {
  recordings: AssistRecording[];
}
/** GET /api/assist/staff/sessions/{sessionId}/recordings/{recordingId} streams the video (video/webm). */

/** GET /api/assist/staff/stats?from&to (ISO times; `to` exclusive) and .../stats.csv */
export const assistStatsQuerySchema = z.object({ from: z.iso.datetime(), to: z.iso.datetime() });
export interface AssistAgentStats {
  agentId: string;
  name: string;
  liveSeconds: number;
  callSeconds: number;
  controlSeconds: number;
}
export interface AssistStats {
  from: string;
  to: string;
  agents: AssistAgentStats[];
}
/** The CSV header line of stats.csv. */
export const ASSIST_STATS_CSV_HEADER = 'agent_id,name,live_seconds,call_seconds,control_seconds';

/** The ICE servers delivered in /config.json under `assist` (ASSIST_ICE_SERVERS). */
export const assistIceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const assistIceServersSchema = z.array(assistIceServerSchema).max(10);
export type AssistIceServer = z.infer<typeof assistIceServerSchema>;
