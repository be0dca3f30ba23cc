import { describe, expect, it } from 'vitest';
import {
  ASSIST_AGENT_EVENTS,
  ASSIST_TAB_EVENTS,
  assistAgentPeerId,
  assistAuthSchema,
  assistInvalidPeerIdMessage,
  assistPeerReconnectDelayMs,
  assistPointerName,
  assistTabPeerId,
  isValidAssistPeerId,
} from './live-assist.ts';

const session = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f';

describe('live assist contract', () => {
  it('builds peer ids that pass the peer-id rule', () => {
    expect(isValidAssistPeerId(assistTabPeerId('tessera-web', session, '0123456789ab'))).toBe(true);
    expect(isValidAssistPeerId(assistAgentPeerId('tessera-web', session, 'abcdef012345'))).toBe(true);
    for (const bad of ['', '-a', 'a-', 'a--b', 'a  b', 'a/b', 'é']) {
      expect(isValidAssistPeerId(bad)).toBe(false);
    }
    expect(assistInvalidPeerIdMessage('a--b')).toBe('ID "a--b" is invalid');
  });

  it('shortens the pointer name as the spec says', () => {
    expect(assistPointerName('')).toBe('Agent');
    expect(assistPointerName(null)).toBe('Agent');
    expect(assistPointerName('Jean Dupont')).toBe('Jean Dupo...');
    expect(assistPointerName('Jean Dupon')).toBe('Jean Dupon');
  });

  it('waits 2*min(n,8) seconds between peer reconnections', () => {
    expect([1, 2, 8, 9, 30].map(assistPeerReconnectDelayMs)).toEqual([2000, 4000, 16000, 16000, 16000]);
  });

  it('checks handshakes and payloads', () => {
    expect(
      assistAuthSchema.safeParse({ identity: 'session', token: 't', tabId: '0123456789ab' }).success,
    ).toBe(true);
    expect(assistAuthSchema.safeParse({ identity: 'agent', token: 't', sessionId: session }).success).toBe(
      true,
    );
    expect(assistAuthSchema.safeParse({ identity: 'agent', token: 't', sessionId: 'x' }).success).toBe(false);
    expect(ASSIST_AGENT_EVENTS.control_event.safeParse({ kind: 'click', x: 1, y: 2 }).success).toBe(true);
    expect(ASSIST_AGENT_EVENTS.control_event.safeParse({ kind: 'drag' }).success).toBe(false);
    expect(ASSIST_AGENT_EVENTS.control_event.safeParse({ kind: 'move', x: Infinity }).success).toBe(false);
    expect(ASSIST_TAB_EVENTS.control_granted.safeParse({ agentId: 'abcdef012345' }).success).toBe(true);
    expect(ASSIST_TAB_EVENTS.control_granted.safeParse({ agentId: 'ABC' }).success).toBe(false);
    expect(ASSIST_TAB_EVENTS.rrweb.safeParse({ events: [] }).success).toBe(false);
  });
});
