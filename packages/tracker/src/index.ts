/** @tessera/tracker: the browser SDK of session tracking (issue #17; protocol in docs/tracker-protocol.md). */
export {
  createTracker,
  NO_WORKER,
  type FeatureFlag,
  type PluginContext,
  type StartResult,
  type Tracker,
  type TrackerOptions,
  type TrackerPlugin,
  type TrackerState,
  type TrackerStatus,
  type WorkerState,
} from './tracker.ts';
export { TRACKER_VERSION, MIN_TRACKER_VERSION } from './constants.ts';
export { INCORRECT_SERVER_RESPONSE, StartError, type StartResponse } from './start.ts';
export { createMaskTextFn, maskText, maskAlways } from './mask.ts';
export { sanitizeEvent } from './sanitize.ts';
/** Usability tests (issue #19): the participant overlay, its own chunk, loaded only for a participant. */
export const loadUsabilityTest = () => import('./uxt/index.ts');
export type { UsabilityTest, UsabilityTestOptions } from './uxt/index.ts';
/**
 * Live assist (issue #18): the customer's side, its own chunk (socket.io and PeerJS), loaded once the tracker runs:
 * `const { startAssist } = await loadAssist(); const assist = startAssist(tracker, { peer: { iceServers } });`.
 */
export const loadAssist = () => import('./assist/index.ts');
export type { Assist, AssistOptions, AssistPeerOptions, AssistStatus } from './assist/index.ts';
