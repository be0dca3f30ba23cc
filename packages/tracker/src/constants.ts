/**
 * Every constant of spec section 9 "Tracker" (and the limits of sections 5 and 8 the tracker enforces), with the
 * spec's numbers. Nothing else in the tracker writes one of these numbers.
 */

/** The tracker's version, sent as `trackerVersion` in the start call. */
export const TRACKER_VERSION = '15.1.1';
/** Plugins (live assist, usability tests) declare the tracker version they need; below this one a warning is given. */
export const MIN_TRACKER_VERSION = '14.0.10';

/** Tags: GET /v1/web/tags once a session starts, then the page is polled for their selectors every 500 ms. */
export const TAG_POLL_INTERVAL_MS = 500;

/** Canvas snapshot quality (image/webp) per the project's `canvasQuality`. */
export const CANVAS_QUALITY = { low: 0.35, medium: 0.55, high: 0.8 } as const;
/** An image batch (POST /v1/web/images) is sent once more than 9 images wait. */
export const CANVAS_IMAGES_PER_BATCH = 9;

/** Node maintainer: every 30 s, up to 2500 remembered nodes are checked and the detached ones forgotten. */
export const NODE_MAINTAINER_INTERVAL_MS = 30_000;
export const NODE_MAINTAINER_BATCH = 2500;

/** Cold start (conditional recording): the rolling buffer restarts (new full snapshot) every 30 s. */
export const COLD_START_BUFFER_RESTART_MS = 30_000;
/** Duration conditions are checked every second. */
export const DURATION_CONDITION_CHECK_MS = 1000;

/** The worker sends what it holds every 10 s. */
export const WORKER_FLUSH_INTERVAL_MS = 10_000;
/** A session is resumed in the same tab within 30 minutes of its last activity, else a new one starts. */
export const SESSION_RESTART_MS = 30 * 60 * 1000;

/** Batches over 24000 bytes are gzip-compressed (default; the start answer may give another threshold). */
export const COMPRESSION_THRESHOLD = 24_000;
/** A batch is closed when it nears 200000 bytes (default beaconSizeLimit)... */
export const BEACON_SIZE = 200_000;
/** ...and is never sent above 1000000 bytes, whatever the start answer says. */
export const BEACON_SIZE_LIMIT = 1_000_000;
/** A batch is sent with `keepalive` (survives the page's unload) when its body is under 65536 bytes. */
export const KEEPALIVE_LIMIT = 65_536;

/** Batch send retries: status 400 and above (401 aside) is retried up to 10 times, waiting 250 ms x attempt. */
export const SEND_RETRIES = 10;
export const SEND_RETRY_STEP_MS = 250;

/** Console capture: at most 30 messages per tick (event-loop turn). */
export const CONSOLE_MESSAGES_PER_TICK = 30;

/** The tab id: 12 hexadecimal characters, kept in sessionStorage. */
export const TAB_ID_LENGTH = 12;

/** Section 5: href values longer than 100000 characters are blanked. */
export const HREF_MAX_LENGTH = 100_000;
/** Section 5: websocket messages over 5242880 characters, or with a channel name over 255, are dropped. */
export const WEBSOCKET_MESSAGE_MAX_LENGTH = 5_242_880;
export const WEBSOCKET_CHANNEL_MAX_LENGTH = 255;
/** Section 5: input labels are truncated to 100 characters. */
export const INPUT_LABEL_MAX_LENGTH = 100;

/** rrweb sampling: mouse moves every 50 ms, scrolls every 150 ms, inputs: the last value only. */
export const MOUSEMOVE_SAMPLING_MS = 50;
export const SCROLL_SAMPLING_MS = 150;

/** Texts carried by custom events (console messages, error stacks) are truncated to this many characters. */
export const CUSTOM_TEXT_MAX_LENGTH = 1000;

/** sessionStorage keys. */
export const STORAGE_SESSION_KEY = 'tessera.tracker.session';
export const STORAGE_TAB_KEY = 'tessera.tracker.tab';
