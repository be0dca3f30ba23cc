import { describe, expect, it } from 'vitest';
import { hrefOf, initialLiveState, type LiveAssistState, reduceTabEvent } from './live-assist.ts';

const ME = 'aaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbb';
const step = (state: LiveAssistState, event: string, payload: Record<string, unknown> = {}) =>
  reduceTabEvent(state, event, payload, ME);

describe('the agent view of the tab replies (issue #18)', () => {
  it('a call: requested, answered, then ended by the customer', () => {
    let state: LiveAssistState = { ...initialLiveState, call: 'requesting' };
    state = step(state, 'call_answered', { agentId: ME });
    expect(state.call).toBe('active');
    state = step(state, 'call_ended', { agentId: ME });
    expect(state).toMatchObject({ call: 'none', callNotice: 'ended' });
  });

  it('a declined call says so', () => {
    const state = step({ ...initialLiveState, call: 'requesting' }, 'call_rejected', { agentId: ME });
    expect(state).toMatchObject({ call: 'none', callNotice: 'declined' });
  });

  it('another agent’s call answer does not change this agent’s call', () => {
    const state = step({ ...initialLiveState, call: 'requesting' }, 'call_answered', { agentId: OTHER });
    expect(state.call).toBe('requesting');
  });

  it('control granted to this agent, then released', () => {
    let state = step({ ...initialLiveState, control: 'requesting' }, 'control_granted', { agentId: ME });
    expect(state.control).toBe('enabled');
    state = step(state, 'control_released', { agentId: ME });
    expect(state).toMatchObject({ control: 'disabled', controlNotice: 'released' });
  });

  it('control granted to another agent shows that another agent is in control', () => {
    const state = step(initialLiveState, 'control_granted', { agentId: OTHER });
    expect(state.control).toBe('other');
  });

  it('a refused and a busy control request say why', () => {
    expect(
      step({ ...initialLiveState, control: 'requesting' }, 'control_rejected', { agentId: ME }),
    ).toMatchObject({
      control: 'disabled',
      controlNotice: 'rejected',
    });
    expect(
      step({ ...initialLiveState, control: 'requesting' }, 'control_busy', { agentId: ME }),
    ).toMatchObject({
      control: 'disabled',
      controlNotice: 'busy',
    });
  });

  it('the 30-second expiry on the tab (control_state disabled) ends the request', () => {
    const state = step({ ...initialLiveState, control: 'requesting' }, 'control_state', {
      state: 'disabled',
      agentId: null,
    });
    expect(state.control).toBe('disabled');
  });

  it('a refusal on the customer page is kept with its reason and label, for this agent only', () => {
    const state = step(initialLiveState, 'remote_refused', {
      agentId: ME,
      kind: 'click',
      reason: 'money',
      label: 'Confirm transfer',
    });
    expect(state.refusal).toMatchObject({ reason: 'money', label: 'Confirm transfer' });
    expect(
      step(initialLiveState, 'remote_refused', { agentId: OTHER, kind: 'click', reason: 'money', label: '' })
        .refusal,
    ).toBeNull();
  });

  it('an unknown refusal reason is ignored', () => {
    const state = step(initialLiveState, 'remote_refused', {
      agentId: ME,
      kind: 'click',
      reason: 'whatever',
    });
    expect(state.refusal).toBeNull();
  });

  it('recording: accepted, then stopped by the customer; or declined', () => {
    let state = step({ ...initialLiveState, recording: 'requesting' }, 'recording_accepted', {});
    expect(state.recording).toBe('on');
    state = step(state, 'recording_stopped', {});
    expect(state.recording).toBe('off');
    expect(step({ ...initialLiveState, recording: 'requesting' }, 'recording_rejected', {})).toMatchObject({
      recording: 'off',
      recordingNotice: 'rejected',
    });
  });
  it('a late report of the consent, after the agent stopped the recording, does not turn it on again', () => {
    // The tab reports the state, then the consent: over long-polling they may arrive a round trip apart, and the
    // agent may have pressed stop in between.
    let state = step({ ...initialLiveState, recording: 'requesting' }, 'recording_state', { state: 'on' });
    expect(state.recording).toBe('on');
    state = { ...state, recording: 'saving' };
    expect(step(state, 'recording_accepted', {}).recording).toBe('saving');
    expect(step(state, 'recording_state', { state: 'on' }).recording).toBe('saving');
    for (const settled of ['saved', 'failed'] as const) {
      expect(step({ ...state, recording: settled }, 'recording_accepted', {}).recording).toBe(settled);
    }
  });
});

describe('hrefOf', () => {
  it('reads the page address of a meta event', () => {
    expect(
      hrefOf([
        { type: 3, timestamp: 1, data: {} },
        { type: 4, timestamp: 2, data: { href: 'https://bank.test/wallets', width: 1, height: 1 } },
      ]),
    ).toBe('https://bank.test/wallets');
  });

  it('follows the single-page app: the last page event wins', () => {
    expect(
      hrefOf([
        { type: 4, timestamp: 1, data: { href: 'https://bank.test/dashboard/home/', width: 1, height: 1 } },
        {
          type: 5,
          timestamp: 2,
          data: { tag: 'tessera.page', payload: { href: 'https://bank.test/dashboard/wallets/' } },
        },
        { type: 3, timestamp: 3, data: {} },
      ]),
    ).toBe('https://bank.test/dashboard/wallets/');
  });

  it('is null without a meta event or with a hostile one', () => {
    expect(hrefOf([{ type: 3, timestamp: 1, data: {} }])).toBeNull();
    expect(hrefOf([{ type: 4, timestamp: 1, data: { href: 42 } }])).toBeNull();
  });
});
