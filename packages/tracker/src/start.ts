/**
 * The start of a session, as pure functions: whether the tracker may start at all (spec section 5: https unless
 * secure mode is off, Do Not Track, browser features), and the validation of the start answer (spec sections 3, 5
 * and 8: 'Incorrect server response', 'Server error: {status}. {text}', 'canceled').
 */
import { BEACON_SIZE, BEACON_SIZE_LIMIT, COMPRESSION_THRESHOLD } from './constants.ts';

/** What `refusalReason` looks at; the tracker passes `globalThis`. */
export interface StartEnvironment {
  location?: { protocol?: string; hostname?: string };
  navigator?: { doNotTrack?: string | null; msDoNotTrack?: string | null } & Record<string, unknown>;
  doNotTrack?: string | null;
  Worker?: unknown;
  Blob?: unknown;
  URL?: { createObjectURL?: unknown };
  CompressionStream?: unknown;
  MutationObserver?: unknown;
  Map?: unknown;
  WeakMap?: unknown;
  Set?: unknown;
  Promise?: unknown;
  fetch?: unknown;
  sessionStorage?: unknown;
  requestAnimationFrame?: unknown;
}

/** The browser features the tracker needs; one missing refuses the start. */
const REQUIRED_FEATURES = [
  'Worker',
  'Blob',
  'CompressionStream',
  'MutationObserver',
  'Map',
  'WeakMap',
  'Set',
  'Promise',
  'fetch',
  'sessionStorage',
  'requestAnimationFrame',
] as const;

/** Why the tracker must not start here, or null. Each reason is logged once by the tracker. */
export function refusalReason(env: StartEnvironment, secureMode: boolean): string | null {
  const protocol = env.location?.protocol;
  if (secureMode && protocol !== 'https:') {
    return 'Tracker refused to start: the page is not served over https (secure mode is on).';
  }
  const dnt = [env.navigator?.doNotTrack, env.doNotTrack, env.navigator?.msDoNotTrack];
  if (dnt.some((value) => value === '1' || value === 'yes')) {
    return 'Tracker refused to start: Do Not Track is on.';
  }
  const missing = REQUIRED_FEATURES.filter((feature) => {
    try {
      return typeof env[feature] === 'undefined' || env[feature] === null;
    } catch {
      return true;
    }
  });
  if (typeof env.URL?.createObjectURL !== 'function') {
    missing.push('URL.createObjectURL' as never);
  }
  if (missing.length > 0) {
    return `Tracker refused to start: missing browser features: ${missing.join(', ')}.`;
  }
  return null;
}

export type CanvasQuality = 'low' | 'medium' | 'high';

/** The start answer (spec section 3), as the tracker uses it after validation. */
export interface StartResponse {
  token: string;
  userUUID: string;
  projectID: string;
  beaconSizeLimit: number;
  compressionThreshold: number;
  delay: number;
  sessionID: string;
  startTimestamp: number;
  userBrowser: string;
  userCity: string;
  userCountry: string;
  userDevice: string;
  userOS: string;
  userState: string;
  canvasEnabled: boolean;
  canvasQuality: CanvasQuality;
  canvasFPS: number;
  assistOnly: boolean;
  features: { 'feature-flags': boolean; 'usability-test': boolean };
}

export const INCORRECT_SERVER_RESPONSE = 'Incorrect server response';

/** A start that did not give a session: `canceled` when the server's text is 'canceled' (no error is logged). */
export class StartError extends Error {
  constructor(
    message: string,
    readonly canceled = false,
  ) {
    super(message);
    this.name = 'StartError';
  }
}

/** The error of a non-200 start answer: 'Server error: {status}. {text}'; the text 'canceled' is a cancel. */
export function startHttpError(status: number, text: string): StartError {
  return new StartError(`Server error: ${status}. ${text}`, text.trim() === 'canceled');
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * Validates a 200 start answer: token, userUUID and sessionID must be strings and delay a number, otherwise
 * 'Incorrect server response'. The size limits are clamped: beaconSizeLimit never above 1000000.
 */
export function validateStartResponse(body: unknown): StartResponse {
  if (typeof body !== 'object' || body === null) {
    throw new StartError(INCORRECT_SERVER_RESPONSE);
  }
  const b = body as Record<string, unknown>;
  if (
    typeof b.token !== 'string' ||
    typeof b.userUUID !== 'string' ||
    typeof b.sessionID !== 'string' ||
    typeof b.delay !== 'number' ||
    !Number.isFinite(b.delay)
  ) {
    throw new StartError(INCORRECT_SERVER_RESPONSE);
  }
  const features = (typeof b.features === 'object' && b.features !== null ? b.features : {}) as Record<
    string,
    unknown
  >;
  const quality = b.canvasQuality === 'medium' || b.canvasQuality === 'high' ? b.canvasQuality : 'low';
  return {
    token: b.token,
    userUUID: b.userUUID,
    sessionID: b.sessionID,
    delay: b.delay,
    projectID: str(b.projectID),
    beaconSizeLimit: Math.min(Math.max(num(b.beaconSizeLimit, BEACON_SIZE), 1000), BEACON_SIZE_LIMIT),
    compressionThreshold: Math.max(num(b.compressionThreshold, COMPRESSION_THRESHOLD), 0),
    startTimestamp: num(b.startTimestamp, 0),
    userBrowser: str(b.userBrowser),
    userCity: str(b.userCity),
    userCountry: str(b.userCountry),
    userDevice: str(b.userDevice),
    userOS: str(b.userOS),
    userState: str(b.userState),
    canvasEnabled: b.canvasEnabled === true,
    canvasQuality: quality,
    canvasFPS: Math.min(Math.max(num(b.canvasFPS, 1), 0.1), 30),
    assistOnly: b.assistOnly === true,
    features: {
      'feature-flags': features['feature-flags'] === true,
      'usability-test': features['usability-test'] === true,
    },
  };
}
