/** Pure rules of live assist on the customer side (spec sections 2, 5, 8, 9), each unit-tested in rules.test.ts. */
import {
  AGENT_NAME_DISPLAY_LIMIT,
  ASSIST_BATCH_SPLIT,
  PEER_RECONNECT_STEP_CAP,
  PEER_RECONNECT_STEP_MS,
  POINTER_NAME_KEEP,
  POINTER_NAME_LIMIT,
} from './constants.ts';

/**
 * The agent's name on the pointer: 'Agent' (or the page language's word) when none is given, shortened to 9
 * characters and an ellipsis ('...', as the contract's assistPointerName) when longer than 10.
 */
export function pointerName(name: string | null | undefined, fallback = 'Agent'): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') {
    return fallback;
  }
  const chars = Array.from(trimmed);
  return chars.length > POINTER_NAME_LIMIT ? `${chars.slice(0, POINTER_NAME_KEEP).join('')}...` : trimmed;
}

/** The agent's name in the call window and texts: at most 20 characters; 'Agent' when none is given. */
export function displayName(name: string | null | undefined, fallback = 'Agent'): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? fallback : Array.from(trimmed).slice(0, AGENT_NAME_DISPLAY_LIMIT).join('');
}

/** The call's elapsed duration as shown in the call window: minutes with 'm', then seconds ('0m 05s', '12m 40s'). */
export function durationText(elapsedMs: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(elapsedMs) ? elapsedMs : 0) / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
}

/** Spec section 5: letters and digits, with single spaces, underscores or hyphens only between them. */
const PEER_ID = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/u;

export function isValidPeerId(id: string): boolean {
  return PEER_ID.test(id);
}

export function invalidPeerIdMessage(id: string): string {
  return `ID "${id}" is invalid`;
}

/** The tab's peer id, `${projectKey}-${sessionId}-${tabId}`; throws 'ID "..." is invalid' when the rule fails. */
export function tabPeerId(projectKey: string, sessionId: string, tabId: string): string {
  const id = `${projectKey}-${sessionId}-${tabId}`;
  if (!isValidPeerId(id)) {
    throw new Error(invalidPeerIdMessage(id));
  }
  return id;
}

/** An agent's peer id for this session starts with this (`${projectKey}-${sessionId}-agent-`). */
export function agentPeerIdPrefix(projectKey: string, sessionId: string): string {
  return `${projectKey}-${sessionId}-agent-`;
}

/**
 * Spec section 5: live assist runs on Chrome 72+, Firefox 59+ and Safari 605+ (WebKit build), not on iOS. Other
 * Chromium-based browsers are read by their Chrome version; anything unrecognised is refused.
 */
export function assistBrowserSupported(userAgent: string): boolean {
  if (/\b(iPhone|iPad|iPod)\b/u.test(userAgent) || /\bCriOS\/|\bFxiOS\//u.test(userAgent)) {
    return false;
  }
  const firefox = /\bFirefox\/(\d+)/u.exec(userAgent);
  if (firefox) {
    return Number(firefox[1]) >= 59;
  }
  const chrome = /\b(?:Headless)?Chrom(?:e|ium)\/(\d+)/u.exec(userAgent);
  if (chrome) {
    return Number(chrome[1]) >= 72;
  }
  const safari = /\bVersion\/[\d.]+.*\bSafari\/(\d+)/u.exec(userAgent);
  if (safari) {
    return Number(safari[1]) >= 605;
  }
  return false;
}

/** The delay before the peer's reconnection attempt n (1-based): 2 * min(n, 8) seconds. */
export function peerReconnectDelay(attempt: number): number {
  return PEER_RECONNECT_STEP_MS * Math.min(Math.max(1, attempt), PEER_RECONNECT_STEP_CAP);
}

/** A batch of streamed events: one over 10000 events is split in two, and each half again, until none is. */
export function splitBatch<T>(events: readonly T[]): T[][] {
  if (events.length === 0) {
    return [];
  }
  if (events.length <= ASSIST_BATCH_SPLIT) {
    return [events.slice()];
  }
  const half = Math.ceil(events.length / 2);
  return [...splitBatch(events.slice(0, half)), ...splitBatch(events.slice(half))];
}

/** The peer's errors of spec section 8 by type, as logged (the spec's texts). */
export const PEER_ERROR_TEXTS: Record<string, string> = {
  'browser-incompatible': 'The current browser does not support WebRTC',
  disconnected: 'Cannot connect to new Peer after disconnecting from server.',
  'invalid-id': 'ID is invalid',
  'invalid-key': 'API KEY is invalid',
  network: 'Lost connection to server.',
  'peer-unavailable': 'Could not connect to peer',
  'ssl-unavailable': 'SSL is unavailable',
  'server-error': 'Could not get an ID from the server.',
  'socket-error': 'Lost connection to server.',
  'socket-closed': 'Underlying socket is already closed.',
  'unavailable-id': 'ID is taken',
  webrtc: 'WebRTC error',
};

/** The line logged for a peer error: the error's own message when it has one, else the spec's text for its type. */
export function peerErrorText(type: string | undefined, message: string | undefined): string {
  const text = message?.trim() ? message.trim() : (PEER_ERROR_TEXTS[type ?? ''] ?? 'Peer error');
  return type ? `${type}: ${text}` : text;
}

/** Why the tab refuses an agent's click or input on an element; null when it may act. */
export type RefusalReason = 'credential' | 'money' | 'masked';

/** The part of a DOM element the refusal policy reads (a real Element fits). */
export interface ElementLike {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  readonly parentElement: ElementLike | null;
}

/** Autocomplete tokens of credentials (WHATWG autofill): passwords and one-time codes. */
const CREDENTIAL_AUTOCOMPLETE = new Set(['current-password', 'new-password', 'one-time-code']);

function isCredential(element: ElementLike): boolean {
  if (
    element.tagName.toLowerCase() === 'input' &&
    (element.getAttribute('type') ?? '').toLowerCase() === 'password'
  ) {
    return true;
  }
  const tokens = (element.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/u);
  return (
    tokens.some((token) => CREDENTIAL_AUTOCOMPLETE.has(token)) ||
    element.getAttribute('data-assist') === 'credential'
  );
}

/**
 * The bank's refusal policy for remote control (issue #18): credential fields (password, one-time code, their
 * autocomplete tokens, `data-assist="credential"`), money-moving confirmations (`data-assist="confirm"` on the
 * element or an ancestor), and masked or private elements (`data-private`, `data-tracker-mask` on the element or
 * an ancestor; the live-assist overlays carry `data-private`) refuse the agent's clicks and input.
 */
export function remoteRefusal(target: ElementLike | null): RefusalReason | null {
  if (target === null) {
    return null;
  }
  if (isCredential(target)) {
    return 'credential';
  }
  let money = false;
  let masked = false;
  for (let node: ElementLike | null = target; node !== null; node = node.parentElement) {
    if (node.getAttribute('data-assist') === 'confirm') {
      money = true;
    }
    if (node.hasAttribute('data-private') || node.hasAttribute('data-tracker-mask')) {
      masked = true;
    }
  }
  return money ? 'money' : masked ? 'masked' : null;
}

/**
 * A label of the refused element for the agent and the audit log: its tag, type and name attributes only (never
 * its text or value, which may hold an amount or a secret), at most 100 characters.
 */
export function refusalLabel(target: ElementLike | null): string {
  if (target === null) {
    return '';
  }
  const tag = target.tagName.toLowerCase();
  const type = target.getAttribute('type');
  const name = target.getAttribute('name');
  const label = `${tag}${type ? `[type=${type}]` : ''}${name ? `[name=${name}]` : ''}`;
  return label.replace(/[^\w[\]=-]/gu, '').slice(0, 100);
}
