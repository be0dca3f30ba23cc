import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_CALL_START, STORAGE_CONTROL_AGENT } from './constants.ts';
import {
  createCallMachine,
  createControlMachine,
  createRecordingMachine,
  storedCallAgent,
  type KeyValueStore,
} from './machines.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('calls', () => {
  it('an incoming call unanswered for 30 s ends by itself', () => {
    const call = createCallMachine({ store: memoryStore() });
    const changes: string[] = [];
    call.onChange((s) => changes.push(`${s.state}${s.ended ? `:${s.ended}` : ''}`));
    expect(call.request('agent-1')).toBe(true);
    vi.advanceTimersByTime(29_999);
    expect(call.snapshot.state).toBe('requesting');
    vi.advanceTimersByTime(1);
    expect(call.snapshot.state).toBe('none');
    expect(changes).toEqual(['requesting', 'none:timeout']);
  });

  it('answered: active with the start time kept for a reload; no time-out afterwards', () => {
    const store = memoryStore();
    const call = createCallMachine({ store, now: () => 1_000_000 });
    call.request('agent-1');
    vi.advanceTimersByTime(10_000);
    expect(call.answer()).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(call.snapshot).toEqual({ state: 'active', agentId: 'agent-1', startedAt: 1_000_000 });
    expect(JSON.parse(store.data.get(STORAGE_CALL_START)!)).toEqual({ agentId: 'agent-1', at: 1_000_000 });
    expect(storedCallAgent(store)).toBe('agent-1');

    // The page reloads: the same agent's call goes on with the stored start (the duration survives).
    const after = createCallMachine({ store });
    expect(after.resume('agent-2')).toBe(false);
    expect(after.resume('agent-1')).toBe(true);
    expect(after.snapshot.startedAt).toBe(1_000_000);
  });

  it('a second request while one is on is refused; rejected or ended, the start time is forgotten', () => {
    const store = memoryStore();
    const call = createCallMachine({ store });
    call.request('agent-1');
    expect(call.request('agent-2')).toBe(false);
    expect(call.reject()).toBe(true);
    expect(call.snapshot).toMatchObject({ state: 'none', ended: 'rejected' });
    vi.advanceTimersByTime(30_000);
    expect(call.snapshot.ended).toBe('rejected'); // the old timer is gone
    call.request('agent-1');
    call.answer();
    expect(call.end('agent', 'agent-2')).toBe(false); // an unknown agent's call_end is ignored
    expect(call.snapshot.state).toBe('active');
    expect(call.end('agent', 'agent-1')).toBe(true);
    expect(store.data.has(STORAGE_CALL_START)).toBe(false);
    expect(call.answer()).toBe(false);
  });
});

describe('remote control', () => {
  it('Disabled -> Requesting -> Enabled; the granted agent id is stored; a request while Enabled is busy', () => {
    const store = memoryStore();
    const control = createControlMachine({ store });
    expect(control.request('agent-1')).toBe('requesting');
    expect(control.allows('agent-1')).toBe(false);
    expect(control.grant()).toBe(true);
    expect(control.snapshot).toEqual({ state: 'enabled', agentId: 'agent-1' });
    expect(store.data.get(STORAGE_CONTROL_AGENT)).toBe('agent-1');
    expect(control.allows('agent-1')).toBe(true);
    expect(control.allows('agent-2')).toBe(false);
    expect(control.request('agent-2')).toBe('busy');
    expect(control.snapshot.state).toBe('enabled');
    vi.advanceTimersByTime(60_000); // no expiry once granted
    expect(control.snapshot.state).toBe('enabled');
  });

  it('declining gives Disabled', () => {
    const control = createControlMachine({ store: memoryStore() });
    control.request('agent-1');
    expect(control.reject()).toBe(true);
    expect(control.snapshot.state).toBe('disabled');
    expect(control.allows('agent-1')).toBe(false);
  });

  it('Requesting expires after 30 s and releases control', () => {
    const control = createControlMachine({ store: memoryStore() });
    const seen: unknown[] = [];
    control.onChange((s) => seen.push(s));
    control.request('agent-1');
    vi.advanceTimersByTime(29_999);
    expect(control.snapshot.state).toBe('requesting');
    vi.advanceTimersByTime(1);
    expect(control.snapshot.state).toBe('disabled');
    expect(seen.at(-1)).toEqual({ state: 'disabled', agentId: 'agent-1', expired: true });
    expect(control.grant()).toBe(false); // too late
  });

  it("a second agent's request while Requesting releases control", () => {
    const control = createControlMachine({ store: memoryStore() });
    control.request('agent-1');
    expect(control.request('agent-1')).toBe('ignored');
    expect(control.request('agent-2')).toBe('released');
    expect(control.snapshot.state).toBe('disabled');
    expect(control.grant()).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(control.snapshot.state).toBe('disabled');
  });

  it('released when the page is hidden; re-granted when visible again and that agent is connected', () => {
    const store = memoryStore();
    const control = createControlMachine({ store });
    control.request('agent-1');
    control.grant();
    expect(control.hidden()).toBe(true);
    expect(control.snapshot.state).toBe('disabled');
    expect(control.allows('agent-1')).toBe(false);
    expect(store.data.get(STORAGE_CONTROL_AGENT)).toBe('agent-1');
    expect(control.visible(['agent-2'])).toBe(false); // that agent is gone
    expect(control.snapshot.state).toBe('disabled');
    expect(control.visible(['agent-2', 'agent-1'])).toBe(true);
    expect(control.snapshot).toEqual({ state: 'enabled', agentId: 'agent-1' });
  });

  it('after a reload the stored agent is re-granted once it is connected; an explicit release forgets it', () => {
    const store = memoryStore();
    store.setItem(STORAGE_CONTROL_AGENT, 'agent-1');
    const control = createControlMachine({ store });
    expect(control.visible(['agent-1'])).toBe(true);
    expect(control.release('agent-2')).toBe(false); // another agent cannot release it
    expect(control.release('agent-1')).toBe(true);
    expect(store.data.has(STORAGE_CONTROL_AGENT)).toBe(false);
    expect(control.visible(['agent-1'])).toBe(false);
  });
});

describe('recording', () => {
  it('off -> requesting -> on -> off; rejected gives off; another agent cannot stop it', () => {
    const recording = createRecordingMachine();
    expect(recording.request('agent-1')).toBe(true);
    expect(recording.request('agent-2')).toBe(false);
    expect(recording.accept()).toBe(true);
    expect(recording.snapshot).toEqual({ state: 'on', agentId: 'agent-1' });
    expect(recording.stop('agent-2')).toBe(false);
    expect(recording.stop('agent-1')).toBe(true);
    recording.request('agent-2');
    expect(recording.reject()).toBe(true);
    expect(recording.snapshot.state).toBe('off');
  });
});
