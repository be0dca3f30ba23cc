import * as contract from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import {
  agentPeerIdPrefix,
  assistBrowserSupported,
  displayName,
  durationText,
  isValidPeerId,
  peerErrorText,
  peerReconnectDelay,
  pointerName,
  refusalLabel,
  remoteRefusal,
  splitBatch,
  tabPeerId,
  type ElementLike,
} from './rules.ts';
import { ASSIST_TEXTS, assistLanguage, formatText } from './texts.ts';

/** A minimal element: tag, attributes and a parent (what the refusal policy reads of a DOM element). */
function el(
  tagName: string,
  attributes: Record<string, string> = {},
  parentElement: ElementLike | null = null,
): ElementLike {
  return {
    tagName: tagName.toUpperCase(),
    parentElement,
    getAttribute: (name) => attributes[name] ?? null,
    hasAttribute: (name) => name in attributes,
  };
}

describe('agent names', () => {
  it("shortens the pointer's name to 9 characters and an ellipsis when longer than 10", () => {
    expect(pointerName('Alexandrine')).toBe('Alexandri...');
    expect(pointerName('Alexandra B')).toBe('Alexandra...');
    expect(pointerName('Jean-Louis')).toBe('Jean-Louis'); // exactly 10: kept
    expect(pointerName('Ana')).toBe('Ana');
  });

  it("says 'Agent' when no name is given", () => {
    expect(pointerName(undefined)).toBe('Agent');
    expect(pointerName(null)).toBe('Agent');
    expect(pointerName('   ')).toBe('Agent');
    expect(displayName('')).toBe('Agent');
  });

  it('shows at most 20 characters of the name in the call window', () => {
    expect(displayName('Maximilienne de la Tour-Dupin')).toBe('Maximilienne de la T');
    expect(displayName('Maximilienne de la Tour-Dupin')).toHaveLength(20);
    expect(displayName('Ana Demo')).toBe('Ana Demo');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(pointerName('Émilie-Ève Ostrowska')).toBe('Émilie-Èv...');
  });
});

describe('call duration', () => {
  it("reads 'Xm' plus seconds", () => {
    expect(durationText(0)).toBe('0m 00s');
    expect(durationText(5_400)).toBe('0m 05s');
    expect(durationText(61_000)).toBe('1m 01s');
    expect(durationText(12 * 60_000 + 40_999)).toBe('12m 40s');
  });

  it('never shows a negative or broken duration (a clock moved back, a bad stored start)', () => {
    expect(durationText(-3000)).toBe('0m 00s');
    expect(durationText(Number.NaN)).toBe('0m 00s');
  });
});

describe('peer ids (spec section 5)', () => {
  it('accepts letters and digits with single spaces, underscores or hyphens between them', () => {
    expect(isValidPeerId('tessera-web-0b7f2c9a-3f44-4c4e-9d0a-1f2e3d4c5b6a-0a1b2c3d4e5f')).toBe(true);
    expect(isValidPeerId('a b_c-d')).toBe(true);
  });

  it('refuses separators at the ends, doubled, or other characters', () => {
    for (const id of ['', '-a', 'a-', 'a--b', 'a  b', 'a.b', 'a/b', 'é', 'a_-b']) {
      expect(isValidPeerId(id)).toBe(false);
    }
  });

  it("builds the tab's id from project, session and tab, and throws the spec's text when invalid", () => {
    expect(tabPeerId('tessera-web', 's1', '0a1b2c3d4e5f')).toBe('tessera-web-s1-0a1b2c3d4e5f');
    expect(() => tabPeerId('tessera.web', 's1', 'ab')).toThrow('ID "tessera.web-s1-ab" is invalid');
    expect(agentPeerIdPrefix('tessera-web', 's1')).toBe('tessera-web-s1-agent-');
  });
});

describe('browser support (spec section 5)', () => {
  const chrome = (v: number) =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`;
  it('Chrome 72+, Firefox 59+, Safari 605+', () => {
    expect(assistBrowserSupported(chrome(72))).toBe(true);
    expect(assistBrowserSupported(chrome(71))).toBe(false);
    expect(assistBrowserSupported(chrome(120).replace('Chrome/', 'HeadlessChrome/'))).toBe(true);
    expect(
      assistBrowserSupported('Mozilla/5.0 (X11; Linux x86_64; rv:59.0) Gecko/20100101 Firefox/59.0'),
    ).toBe(true);
    expect(
      assistBrowserSupported('Mozilla/5.0 (X11; Linux x86_64; rv:58.0) Gecko/20100101 Firefox/58.0'),
    ).toBe(false);
    expect(
      assistBrowserSupported(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ),
    ).toBe(true);
    expect(
      assistBrowserSupported(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Safari/604.1.38',
      ),
    ).toBe(false);
  });

  it('not on iOS, whatever the browser', () => {
    expect(
      assistBrowserSupported(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(
      assistBrowserSupported(
        'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(assistBrowserSupported('curl/8.0')).toBe(false);
  });
});

describe('the refusal policy (bank rules of issue #18)', () => {
  it('refuses credential fields', () => {
    expect(remoteRefusal(el('input', { type: 'password' }))).toBe('credential');
    expect(remoteRefusal(el('input', { type: 'PASSWORD' }))).toBe('credential');
    expect(remoteRefusal(el('input', { autocomplete: 'one-time-code' }))).toBe('credential');
    expect(remoteRefusal(el('input', { autocomplete: 'section-login current-password' }))).toBe('credential');
    expect(remoteRefusal(el('input', { autocomplete: 'new-password' }))).toBe('credential');
    expect(remoteRefusal(el('input', { 'data-assist': 'credential' }))).toBe('credential');
  });

  it('refuses money confirmations, on the element or inside it', () => {
    const button = el('button', { 'data-assist': 'confirm' });
    expect(remoteRefusal(button)).toBe('money');
    expect(remoteRefusal(el('span', {}, button))).toBe('money');
    expect(remoteRefusal(el('span', {}, el('div', {}, button)))).toBe('money');
  });

  it('refuses masked and private elements and everything inside them (the overlays are private)', () => {
    expect(remoteRefusal(el('p', { 'data-private': '' }))).toBe('masked');
    expect(remoteRefusal(el('input', {}, el('div', { 'data-tracker-mask': '' })))).toBe('masked');
    expect(
      remoteRefusal(el('button', {}, el('div', { 'data-private': '', 'data-tessera-assist': '' }))),
    ).toBe('masked');
  });

  it('lets the agent prepare other fields and click other buttons', () => {
    expect(remoteRefusal(el('input', { type: 'text', autocomplete: 'name' }))).toBeNull();
    expect(remoteRefusal(el('button', { 'data-assist': 'other' }, el('form')))).toBeNull();
    expect(remoteRefusal(null)).toBeNull();
  });

  it('labels the refused element by tag, type and name only, never its text', () => {
    expect(refusalLabel(el('input', { type: 'password', name: 'current' }))).toBe(
      'input[type=password][name=current]',
    );
    expect(refusalLabel(el('button', { 'data-assist': 'confirm' }))).toBe('button');
    expect(refusalLabel(el('input', { name: 'x"><img src=x>' }))).toBe('input[name=ximgsrc=x]');
  });
});

describe('streaming and reconnection constants', () => {
  it('splits a batch over 10000 events in two, again until none is', () => {
    const events = Array.from({ length: 25_000 }, (_, i) => i);
    const parts = splitBatch(events);
    expect(parts.every((part) => part.length <= 10_000)).toBe(true);
    expect(parts.flat()).toEqual(events);
    expect(splitBatch(Array.from({ length: 10_000 }, (_, i) => i))).toHaveLength(1);
    expect(splitBatch(Array.from({ length: 10_001 }, (_, i) => i)).map((part) => part.length)).toEqual([
      5001, 5000,
    ]);
    expect(splitBatch([])).toEqual([]);
  });

  it('waits 2 * min(n, 8) seconds before peer reconnection attempt n', () => {
    expect([1, 2, 8, 9, 30].map(peerReconnectDelay)).toEqual([2000, 4000, 16_000, 16_000, 16_000]);
  });

  it("uses section 9's numbers", () => {
    expect(constants.CALL_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(constants.CONTROL_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(constants.PEER_HEARTBEAT_MS).toBe(5000);
    expect(constants.CALL_DURATION_REFRESH_MS).toBe(500);
    expect(constants.POINTER_Z_INDEX).toBe(999_998);
    expect(constants.CONFIRM_Z_INDEX).toBe(2_147_483_646);
    expect(constants.SOCKET_RECONNECTION).toMatchObject({
      reconnectionAttempts: 30,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 25_000,
    });
  });

  it('logs peer errors with their own message, else the spec text of their type', () => {
    expect(peerErrorText('network', 'Lost connection to server.')).toBe(
      'network: Lost connection to server.',
    );
    expect(peerErrorText('socket-closed', '')).toBe('socket-closed: Underlying socket is already closed.');
  });
});

describe('texts', () => {
  it('exist in English and French with the same keys', () => {
    expect(Object.keys(ASSIST_TEXTS.fr).sort()).toEqual(Object.keys(ASSIST_TEXTS.en).sort());
    for (const text of Object.values(ASSIST_TEXTS.fr)) {
      expect(text.trim()).not.toBe('');
    }
  });

  it("are the spec's in English", () => {
    expect(ASSIST_TEXTS.en).toMatchObject({
      incomingCall: 'You have an incoming call. Do you want to answer?',
      answer: 'Answer',
      reject: 'Reject',
      controlRequest: 'Agent requested remote control. Allow?',
      grantControl: 'Grant Remote Control',
      recordingTitle: 'Allow Recording',
      recordingRequest: 'Agent requested to record activity in this browser tab.',
      videoPaused: 'Video has been paused. Click anywhere to resume.',
    });
  });

  it('follow <html lang>', () => {
    expect(assistLanguage('fr')).toBe('fr');
    expect(assistLanguage('fr-FR')).toBe('fr');
    expect(assistLanguage('en-US')).toBe('en');
    expect(assistLanguage('')).toBe('en');
    expect(assistLanguage('frisian')).toBe('en');
    expect(formatText('Call with {name}', { name: 'Ana' })).toBe('Call with Ana');
  });
});

describe('the wire contract (packages/contracts live-assist.ts)', () => {
  it('has the same numbers, paths, storage keys and peer-id rule as the customer side', () => {
    expect(constants.CALL_REQUEST_TIMEOUT_MS).toBe(contract.ASSIST_CALL_TIMEOUT_MS);
    expect(constants.CONTROL_REQUEST_TIMEOUT_MS).toBe(contract.ASSIST_CONTROL_TIMEOUT_MS);
    expect(constants.PEER_HEARTBEAT_MS).toBe(contract.ASSIST_PEER_HEARTBEAT_MS);
    expect(constants.DEFAULT_PEER_PORT).toBe(contract.ASSIST_PEER_DEFAULT_PORT);
    expect(constants.SOCKET_RECONNECTION).toMatchObject(contract.ASSIST_SOCKET_RECONNECTION);
    expect(constants.ASSIST_BATCH_SPLIT).toBe(contract.ASSIST_BATCH_SPLIT);
    expect(constants.ASSIST_SOCKET_PATH).toBe(contract.ASSIST_SOCKET_PATH);
    expect(constants.STORAGE_CALL_START).toBe(contract.ASSIST_STORAGE_KEYS.callStart);
    expect(constants.STORAGE_CONTROL_AGENT).toBe(contract.ASSIST_STORAGE_KEYS.controlAgent);
    expect(constants.POINTER_Z_INDEX).toBe(contract.ASSIST_OVERLAY.pointerZIndex);
    expect(constants.CONFIRM_Z_INDEX).toBe(contract.ASSIST_OVERLAY.confirmZIndex);
    expect(constants.ANNOTATION_FADE_MS).toBe(contract.ASSIST_OVERLAY.annotation.fadeMs);
    expect(constants.ANNOTATION_WIDTH).toBe(contract.ASSIST_OVERLAY.annotation.width);
    for (const attempt of [1, 4, 8, 12]) {
      expect(peerReconnectDelay(attempt)).toBe(contract.assistPeerReconnectDelayMs(attempt));
    }
    for (const name of [undefined, '', 'Ana', 'Jean-Louis', 'Alexandrine Martin']) {
      expect(pointerName(name)).toBe(contract.assistPointerName(name));
    }
    for (const id of ['tessera-web-s1-0a1b2c3d4e5f', 'a--b', 'a b', '-a']) {
      expect(isValidPeerId(id)).toBe(contract.isValidAssistPeerId(id));
    }
  });
});
