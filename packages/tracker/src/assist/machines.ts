/**
 * The live-assist states of spec section 4 on the customer side, as small machines with injected timers and
 * storage (unit-tested with fake timers in machines.test.ts). They decide; assist.ts shows and sends.
 */
import {
  CALL_REQUEST_TIMEOUT_MS,
  CONTROL_REQUEST_TIMEOUT_MS,
  STORAGE_CALL_START,
  STORAGE_CONTROL_AGENT,
} from './constants.ts';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** sessionStorage, or nothing when the browser refuses it (private mode): states then do not survive a reload. */
export function sessionStore(): KeyValueStore {
  const storage = (() => {
    try {
      return globalThis.sessionStorage;
    } catch {
      return undefined;
    }
  })();
  return {
    getItem: (key) => {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        storage?.setItem(key, value);
      } catch {
        // Refused: the state lives in the page only.
      }
    },
    removeItem: (key) => {
      try {
        storage?.removeItem(key);
      } catch {
        // Refused: nothing was stored.
      }
    },
  };
}

export const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type Listener<S> = (snapshot: S) => void;

function listeners<S>() {
  const set = new Set<Listener<S>>();
  return {
    add(listener: Listener<S>) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(snapshot: S) {
      for (const listener of set) {
        listener(snapshot);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Calls: not requesting ('none'), requesting (incoming; auto-ended after 30 s unanswered), active.

export type CallState = 'none' | 'requesting' | 'active';
export type CallEndReason = 'rejected' | 'timeout' | 'ended' | 'agent' | 'media';
export interface CallSnapshot {
  state: CallState;
  agentId: string | null;
  /** When the call was answered (epoch ms; kept in sessionStorage so the duration survives a reload). */
  startedAt: number | null;
  /** Why the last call ended, on the change to 'none'. */
  ended?: CallEndReason;
}

export interface CallMachine {
  readonly snapshot: CallSnapshot;
  /** An agent asks for a call: 'requesting' (true) when none is on, else refused (false). */
  request(agentId: string): boolean;
  answer(): boolean;
  reject(): boolean;
  /** Ends the call (the customer, the agent or a media failure); an unknown agent's end is ignored (false). */
  end(reason: CallEndReason, agentId?: string): boolean;
  /** After a reload: the call of this agent that was active goes on (its start time from storage). */
  resume(agentId: string): boolean;
  onChange(listener: Listener<CallSnapshot>): () => void;
  dispose(): void;
}

export function createCallMachine(
  options: { timers?: Timers; store?: KeyValueStore; now?: () => number } = {},
): CallMachine {
  const timers = options.timers ?? defaultTimers;
  const store = options.store ?? sessionStore();
  const now = options.now ?? Date.now;
  const events = listeners<CallSnapshot>();
  let snapshot: CallSnapshot = { state: 'none', agentId: null, startedAt: null };
  let timer: unknown = null;

  const clearTimer = () => {
    if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
  };
  const set = (next: CallSnapshot) => {
    snapshot = next;
    events.emit(snapshot);
  };
  const storedStart = (agentId: string): number | null => {
    try {
      const parsed = JSON.parse(store.getItem(STORAGE_CALL_START) ?? 'null') as {
        agentId?: unknown;
        at?: unknown;
      } | null;
      return parsed &&
        parsed.agentId === agentId &&
        typeof parsed.at === 'number' &&
        Number.isFinite(parsed.at)
        ? parsed.at
        : null;
    } catch {
      return null;
    }
  };
  const machine: CallMachine = {
    get snapshot() {
      return snapshot;
    },
    request(agentId) {
      if (snapshot.state !== 'none') {
        return false;
      }
      set({ state: 'requesting', agentId, startedAt: null });
      timer = timers.setTimeout(() => {
        timer = null;
        machine.end('timeout');
      }, CALL_REQUEST_TIMEOUT_MS);
      return true;
    },
    answer() {
      if (snapshot.state !== 'requesting' || snapshot.agentId === null) {
        return false;
      }
      clearTimer();
      const at = now();
      store.setItem(STORAGE_CALL_START, JSON.stringify({ agentId: snapshot.agentId, at }));
      set({ state: 'active', agentId: snapshot.agentId, startedAt: at });
      return true;
    },
    reject() {
      if (snapshot.state !== 'requesting') {
        return false;
      }
      return machine.end('rejected');
    },
    end(reason, agentId) {
      if (snapshot.state === 'none' || (agentId !== undefined && agentId !== snapshot.agentId)) {
        return false;
      }
      clearTimer();
      store.removeItem(STORAGE_CALL_START);
      set({ state: 'none', agentId: snapshot.agentId, startedAt: null, ended: reason });
      return true;
    },
    resume(agentId) {
      const at = storedStart(agentId);
      if (snapshot.state !== 'none' || at === null) {
        return false;
      }
      set({ state: 'active', agentId, startedAt: at });
      return true;
    },
    onChange: (listener) => events.add(listener),
    dispose: clearTimer,
  };
  return machine;
}

/** The agent id of the call kept in sessionStorage (a reload during a call), or null. */
export function storedCallAgent(store: KeyValueStore = sessionStore()): string | null {
  try {
    const parsed = JSON.parse(store.getItem(STORAGE_CALL_START) ?? 'null') as { agentId?: unknown } | null;
    return typeof parsed?.agentId === 'string' ? parsed.agentId : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Remote control: Disabled, Requesting, Enabled.

export type ControlState = 'disabled' | 'requesting' | 'enabled';
export interface ControlSnapshot {
  state: ControlState;
  /** The agent requesting or granted control (in 'disabled': the last one, or null). */
  agentId: string | null;
}

/** What a request led to: shown to the customer, answered busy, or released (a second agent while requesting). */
export type ControlRequestOutcome = 'requesting' | 'busy' | 'released' | 'ignored';

export interface ControlMachine {
  readonly snapshot: ControlSnapshot;
  request(agentId: string): ControlRequestOutcome;
  grant(): boolean;
  reject(): boolean;
  /** The customer ends control, or the agent releases it (an agent releases only its own control). */
  release(agentId?: string): boolean;
  /** The page is hidden: control is released, the granted agent id stays stored for the return. */
  hidden(): boolean;
  /** The page is visible again: control is re-granted when the stored agent is among the connected agents. */
  visible(connectedAgents: readonly string[]): boolean;
  /** The agent may act on the page: control is enabled and granted to that agent's id. */
  allows(agentId: string): boolean;
  onChange(listener: Listener<ControlSnapshot & { expired?: boolean }>): () => void;
  dispose(): void;
}

export function createControlMachine(
  options: { timers?: Timers; store?: KeyValueStore } = {},
): ControlMachine {
  const timers = options.timers ?? defaultTimers;
  const store = options.store ?? sessionStore();
  const events = listeners<ControlSnapshot & { expired?: boolean }>();
  let snapshot: ControlSnapshot = { state: 'disabled', agentId: null };
  let timer: unknown = null;

  const clearTimer = () => {
    if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
  };
  const set = (next: ControlSnapshot, expired?: boolean) => {
    snapshot = next;
    events.emit(expired ? { ...snapshot, expired } : snapshot);
  };
  const machine: ControlMachine = {
    get snapshot() {
      return snapshot;
    },
    request(agentId) {
      if (snapshot.state === 'enabled') {
        return snapshot.agentId === agentId ? 'ignored' : 'busy';
      }
      if (snapshot.state === 'requesting') {
        if (snapshot.agentId === agentId) {
          return 'ignored';
        }
        // A second agent while requesting: control is released (nobody gets it).
        clearTimer();
        store.removeItem(STORAGE_CONTROL_AGENT);
        set({ state: 'disabled', agentId: snapshot.agentId });
        return 'released';
      }
      set({ state: 'requesting', agentId });
      timer = timers.setTimeout(() => {
        timer = null;
        if (snapshot.state === 'requesting') {
          set({ state: 'disabled', agentId: snapshot.agentId }, true);
        }
      }, CONTROL_REQUEST_TIMEOUT_MS);
      return 'requesting';
    },
    grant() {
      if (snapshot.state !== 'requesting' || snapshot.agentId === null) {
        return false;
      }
      clearTimer();
      store.setItem(STORAGE_CONTROL_AGENT, snapshot.agentId);
      set({ state: 'enabled', agentId: snapshot.agentId });
      return true;
    },
    reject() {
      if (snapshot.state !== 'requesting') {
        return false;
      }
      clearTimer();
      set({ state: 'disabled', agentId: snapshot.agentId });
      return true;
    },
    release(agentId) {
      if (agentId !== undefined && agentId !== snapshot.agentId) {
        return false;
      }
      const wasStored = store.getItem(STORAGE_CONTROL_AGENT) !== null;
      store.removeItem(STORAGE_CONTROL_AGENT);
      if (snapshot.state === 'disabled') {
        return wasStored;
      }
      clearTimer();
      set({ state: 'disabled', agentId: snapshot.agentId });
      return true;
    },
    hidden() {
      if (snapshot.state !== 'enabled') {
        return false;
      }
      set({ state: 'disabled', agentId: snapshot.agentId });
      return true;
    },
    visible(connectedAgents) {
      const stored = store.getItem(STORAGE_CONTROL_AGENT);
      if (snapshot.state !== 'disabled' || stored === null || !connectedAgents.includes(stored)) {
        return false;
      }
      set({ state: 'enabled', agentId: stored });
      return true;
    },
    allows(agentId) {
      return snapshot.state === 'enabled' && snapshot.agentId === agentId;
    },
    onChange: (listener) => events.add(listener),
    dispose: clearTimer,
  };
  return machine;
}

// ---------------------------------------------------------------------------------------------------------------
// Recording: off, requested, recording.

export type RecordingState = 'off' | 'requesting' | 'on';
export interface RecordingSnapshot {
  state: RecordingState;
  agentId: string | null;
}

export interface RecordingMachine {
  readonly snapshot: RecordingSnapshot;
  request(agentId: string): boolean;
  accept(): boolean;
  reject(): boolean;
  /** The agent stops (its own recording only), or the agent left. */
  stop(agentId?: string): boolean;
  onChange(listener: Listener<RecordingSnapshot>): () => void;
}

export function createRecordingMachine(): RecordingMachine {
  const events = listeners<RecordingSnapshot>();
  let snapshot: RecordingSnapshot = { state: 'off', agentId: null };
  const set = (next: RecordingSnapshot) => {
    snapshot = next;
    events.emit(snapshot);
  };
  return {
    get snapshot() {
      return snapshot;
    },
    request(agentId) {
      if (snapshot.state !== 'off') {
        return false;
      }
      set({ state: 'requesting', agentId });
      return true;
    },
    accept() {
      if (snapshot.state !== 'requesting') {
        return false;
      }
      set({ state: 'on', agentId: snapshot.agentId });
      return true;
    },
    reject() {
      if (snapshot.state !== 'requesting') {
        return false;
      }
      set({ state: 'off', agentId: snapshot.agentId });
      return true;
    },
    stop(agentId) {
      if (snapshot.state === 'off' || (agentId !== undefined && agentId !== snapshot.agentId)) {
        return false;
      }
      set({ state: 'off', agentId: snapshot.agentId });
      return true;
    },
    onChange: (listener) => events.add(listener),
  };
}
