/**
 * Every live-assist constant of spec section 9 "Live assist" (and the limits of sections 2 and 5 the customer side
 * enforces), with the spec's numbers. Nothing else in packages/tracker/src/assist writes one of these numbers.
 */

/** Section 4: an incoming call unanswered for 30 s ends by itself. */
export const CALL_REQUEST_TIMEOUT_MS = 30_000;
/** Section 4: a remote-control request unanswered for 30 s expires and releases control. */
export const CONTROL_REQUEST_TIMEOUT_MS = 30_000;

/** The PeerJS heartbeat (the server expects one every 5000 ms) and the default port when none is given. */
export const PEER_HEARTBEAT_MS = 5000;
export const DEFAULT_PEER_PORT = 443;

/** The call window's duration is refreshed every 500 ms; the remote video is checked (paused?) every 1 s. */
export const CALL_DURATION_REFRESH_MS = 500;
export const REMOTE_VIDEO_CHECK_MS = 1000;

/** The placeholder video track sent until the customer turns the camera on: 60 fps on a 2x2 canvas. */
export const PLACEHOLDER_VIDEO_FPS = 60;
export const PLACEHOLDER_VIDEO_SIZE = 2;

/**
 * The assist socket's reconnection (spec: "Socket 30 attempts, delay 1 s to 25 s"; the client's randomization 0.5
 * and connect time-out 20000 ms).
 */
export const SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: 30,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 25_000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

/** The peer reconnects up to 30 times, waiting 2 * min(n, 8) seconds before attempt n. */
export const PEER_RECONNECT_ATTEMPTS = 30;
export const PEER_RECONNECT_STEP_MS = 2000;
export const PEER_RECONNECT_STEP_CAP = 8;

/** rrweb events streamed to agents: a batch over 10000 events is split in two (again, until none is). */
export const ASSIST_BATCH_SPLIT = 10_000;
/** The smallest batch the spec compresses (5000 messages); socket.io's per-message deflate does it here. */
export const ASSIST_BATCH_MIN = 5000;

/** Section 2: the agent's name on the pointer is shortened to 9 characters and an ellipsis when over 10. */
export const POINTER_NAME_LIMIT = 10;
export const POINTER_NAME_KEEP = 9;
/** Section 2: the agent's name shown in the call window is at most 20 characters. */
export const AGENT_NAME_DISPLAY_LIMIT = 20;

/** Section 2: annotation strokes are red, 8 px wide, and fade after 4 s. */
export const ANNOTATION_COLOR = 'red';
export const ANNOTATION_WIDTH = 8;
export const ANNOTATION_FADE_MS = 4000;

/** Section 9: z-indexes of the agent's pointer and the confirmation popup. */
export const POINTER_Z_INDEX = 999_998;
export const CONFIRM_Z_INDEX = 2_147_483_646;

/** Section 2: the call window sits about 50 px from the bottom and 10 px from the right, 200x200 at first. */
export const CALL_WINDOW_BOTTOM_PX = 50;
export const CALL_WINDOW_RIGHT_PX = 10;
export const CALL_WINDOW_START_SIZE_PX = 200;

/** The assist socket's path (spec section 7) and the sessionStorage keys of section 3. */
export const ASSIST_SOCKET_PATH = '/ws-assist/socket';
export const STORAGE_CALL_START = 'tessera.assist.callStart';
export const STORAGE_CONTROL_AGENT = 'tessera.assist.controlAgent';
