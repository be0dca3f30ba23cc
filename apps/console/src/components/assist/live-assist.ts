/**
 * The agent's side of one live session (issue #18), without React: the socket.io connection to the assist server
 * (ASSIST_SOCKET_PATH, the staff token in the handshake), the tab being followed, and the call, control and
 * recording states as the customer's tab reports them. The page subscribes to `state` and to `onEvents` (the
 * followed tab's rrweb events, for the live mirror). The server checks every agent event again (docs/api.md,
 * "Live assist"): nothing here is a permission.
 */
import {
  ASSIST_SOCKET_PATH,
  ASSIST_SOCKET_RECONNECTION,
  type AssistActionRefused,
  type AssistAgentEvent,
  type AssistTabInfo,
  type AssistWelcome,
  RRWEB_CUSTOM_EVENT_TYPE,
  type RrwebEvent,
  TESSERA_EVENT_TAGS,
} from '@tessera/contracts';
import { io, type Socket } from 'socket.io-client';

/** Server -> agent events that are not tab events (services/assist). */
const SERVER_EVENTS = {
  welcome: 'assist_welcome',
  tabConnected: 'tab_connected',
  tabDisconnected: 'tab_disconnected',
  actionRefused: 'action_refused',
} as const;

/** rrweb's Meta event: a new page (and, after it, a full snapshot) starts. */
const RRWEB_META = 4;
/** Events kept per tab since its last meta event, so switching tabs or remounting the mirror can rebuild it. */
const TAB_BUFFER_MAX = 100_000;

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'left';
export type CallState = 'none' | 'requesting' | 'active';
export type CallNotice = 'declined' | 'ended' | 'media' | null;
export type ControlState = 'disabled' | 'requesting' | 'enabled' | 'other';
export type ControlNotice = 'rejected' | 'busy' | 'released' | null;
export type RecordingState = 'off' | 'requesting' | 'on' | 'saving' | 'saved' | 'failed';
export type RecordingNotice = 'rejected' | null;
export type RefusalReason = 'credential' | 'money' | 'masked' | 'not_granted' | 'rate_limited';

export interface LiveAssistState {
  connection: ConnectionState;
  /** Why the server refused the socket (ASSIST_CONNECT_ERRORS), when `connection` is 'refused'. */
  refusedCode: string | null;
  me: { agentId: string; name: string; peerId: string; projectKey: string } | null;
  tabs: AssistTabInfo[];
  /** The tab the mirror follows and agent events go to. */
  tabId: string | null;
  /** Whether the followed tab has sent a page yet (a meta event). */
  hasPage: boolean;
  /**
   * The address the followed tab last loaded (rrweb's meta event, or the tracker's page event, both sent on a page
   * load): the single-page app's later navigations do not change it, so the page says "loaded", not "current".
   */
  href: string | null;
  call: CallState;
  callNotice: CallNotice;
  control: ControlState;
  controlNotice: ControlNotice;
  recording: RecordingState;
  recordingNotice: RecordingNotice;
  /** The last refusal of one of the agent's actions, by the tab or the server. */
  refusal: { reason: RefusalReason; label: string; at: number } | null;
  otherAgents: { agentId: string; name: string }[];
}

export const initialLiveState: LiveAssistState = {
  connection: 'connecting',
  refusedCode: null,
  me: null,
  tabs: [],
  tabId: null,
  hasPage: false,
  href: null,
  call: 'none',
  callNotice: null,
  control: 'disabled',
  controlNotice: null,
  recording: 'off',
  recordingNotice: null,
  refusal: null,
  otherAgents: [],
};

/**
 * The page address a batch ends on, or null when it names none: rrweb's meta event carries the href of a page load;
 * in the single-page app, later pages come as the tracker's 'tessera.page' custom events.
 */
export function hrefOf(events: readonly RrwebEvent[]): string | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    const data = isRecord(event.data) ? event.data : null;
    let href: unknown;
    if (event.type === RRWEB_META) {
      href = data?.['href'];
    } else if (
      event.type === RRWEB_CUSTOM_EVENT_TYPE &&
      data?.['tag'] === TESSERA_EVENT_TAGS.page &&
      isRecord(data['payload'])
    ) {
      href = data['payload']['href'];
    }
    if (typeof href === 'string' && href !== '') {
      return href.slice(0, 2000);
    }
  }
  return null;
}

type Listener = () => void;
type EventsListener = (events: RrwebEvent[], fresh: boolean) => void;
type Payload = Record<string, unknown>;

const isRecord = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A recording turns on only from a request (or from off, when the customer's tab reports one under way). Once the
 * agent stopped it (saving, saved, failed), a late report of the same consent must not start a second recorder:
 * its upload would be refused, the consent being spent, and the page would say the recording failed.
 */
function mayTurnOn(recording: RecordingState): boolean {
  return recording === 'requesting' || recording === 'off';
}

/** The pure state changes of the tab's replies (exported for tests): `me` is this agent's id. */
export function reduceTabEvent(
  state: LiveAssistState,
  event: string,
  payload: Payload,
  me: string | null,
): LiveAssistState {
  const agentId = text(payload['agentId']) || null;
  const mine = agentId === null || agentId === me;
  switch (event) {
    case 'call_state': {
      const next = text(payload['state']);
      if (next === 'active' || next === 'requesting') {
        return mine ? { ...state, call: next } : state;
      }
      return next === 'none' && mine ? { ...state, call: 'none' } : state;
    }
    case 'call_answered':
      return mine ? { ...state, call: 'active', callNotice: null } : state;
    case 'call_rejected':
      return mine ? { ...state, call: 'none', callNotice: 'declined' } : state;
    case 'call_ended':
      return mine && state.call !== 'none' ? { ...state, call: 'none', callNotice: 'ended' } : state;
    case 'control_state': {
      const next = text(payload['state']);
      if (next === 'enabled') {
        return { ...state, control: mine && agentId !== null ? 'enabled' : 'other' };
      }
      if (next === 'requesting') {
        return mine && agentId !== null ? { ...state, control: 'requesting' } : state;
      }
      return next === 'disabled' ? { ...state, control: 'disabled' } : state;
    }
    case 'control_granted':
      return { ...state, control: agentId === me ? 'enabled' : 'other', controlNotice: null };
    case 'control_rejected':
      return agentId === me ? { ...state, control: 'disabled', controlNotice: 'rejected' } : state;
    case 'control_busy':
      return agentId === me ? { ...state, control: 'disabled', controlNotice: 'busy' } : state;
    case 'control_released':
      return agentId === me || state.control === 'other'
        ? { ...state, control: 'disabled', controlNotice: agentId === me ? 'released' : null }
        : state;
    case 'recording_state': {
      const next = text(payload['state']);
      if (!mine) {
        return state;
      }
      if (next === 'on') {
        return mayTurnOn(state.recording) ? { ...state, recording: 'on' } : state;
      }
      if (next === 'off' && (state.recording === 'on' || state.recording === 'requesting')) {
        return { ...state, recording: 'off' };
      }
      return state;
    }
    case 'recording_accepted':
      return mine && mayTurnOn(state.recording)
        ? { ...state, recording: 'on', recordingNotice: null }
        : state;
    case 'recording_rejected':
      return mine ? { ...state, recording: 'off', recordingNotice: 'rejected' } : state;
    case 'recording_stopped':
      return mine && state.recording === 'on' ? { ...state, recording: 'off' } : state;
    case 'remote_refused': {
      const reason = text(payload['reason']);
      if (agentId !== me || !['credential', 'money', 'masked', 'not_granted'].includes(reason)) {
        return state;
      }
      return {
        ...state,
        refusal: {
          reason: reason as RefusalReason,
          label: text(payload['label']).slice(0, 100),
          at: Date.now(),
        },
      };
    }
    default:
      return state;
  }
}

const TAB_REPLIES = [
  'call_state',
  'control_state',
  'recording_state',
  'remote_refused',
  'call_answered',
  'call_rejected',
  'call_ended',
  'control_granted',
  'control_rejected',
  'control_busy',
  'control_released',
  'recording_accepted',
  'recording_rejected',
  'recording_stopped',
] as const;

export class LiveAssist {
  state: LiveAssistState = initialLiveState;
  private readonly listeners = new Set<Listener>();
  private readonly eventListeners = new Set<EventsListener>();
  private readonly buffers = new Map<string, RrwebEvent[]>();
  private socket: Socket | null = null;

  constructor(
    private readonly sessionId: string,
    private readonly token: () => Promise<string | null>,
    /** The case reference the agent gave (the live list and the live view carry it as `ref`). */
    private readonly reason: string,
  ) {}

  /** Opens the socket (the token is read again on every reconnection). */
  connect(): void {
    if (this.socket) {
      return;
    }
    this.set({ connection: 'connecting', refusedCode: null });
    const socket = io({
      path: ASSIST_SOCKET_PATH,
      transports: ['websocket'],
      ...ASSIST_SOCKET_RECONNECTION,
      randomizationFactor: 0.5,
      timeout: 20_000,
      auth: (send) => {
        void this.token().then((token) =>
          send({ identity: 'agent', token: token ?? '', sessionId: this.sessionId, reason: this.reason }),
        );
      },
    });
    this.socket = socket;
    // Every handler below belongs to this socket only: after a leave or a retry, a late event of the old one is ignored.
    const on = <A extends unknown[]>(event: string, handler: (...args: A) => void) =>
      socket.on(event, (...args: unknown[]) => {
        if (this.socket === socket) {
          handler(...(args as A));
        }
      });
    on('connect', (): void => this.set({ connection: 'connected', refusedCode: null }));
    on('disconnect', (reason: string) => {
      if (this.state.connection === 'left') {
        return;
      }
      // The server closing the socket is final (socket.io does not reconnect it); anything else reconnects.
      this.set({ connection: reason === 'io server disconnect' ? 'refused' : 'reconnecting' });
    });
    on('connect_error', (error: Error & { data?: { code?: unknown } }) => {
      const code = typeof error.data?.code === 'string' ? error.data.code : error.message;
      // A refusal by the server's middleware is final for this socket; a network failure retries by itself.
      if (!socket.active) {
        this.set({
          connection: 'refused',
          refusedCode: /^[A-Z_]{3,64}$/.test(code) ? code : 'ASSIST_UNAVAILABLE',
        });
      } else {
        this.set({ connection: 'reconnecting' });
      }
    });
    on(SERVER_EVENTS.welcome, (welcome: AssistWelcome) => this.welcome(welcome));
    on(SERVER_EVENTS.tabConnected, (tab: AssistTabInfo) => this.tabConnected(tab));
    on(SERVER_EVENTS.tabDisconnected, (payload: { tabId?: unknown }) =>
      this.tabDisconnected(text(payload?.tabId)),
    );
    on(SERVER_EVENTS.actionRefused, (refused: AssistActionRefused) => {
      if (isRecord(refused) && (refused.reason === 'not_granted' || refused.reason === 'rate_limited')) {
        this.set({ refusal: { reason: refused.reason, label: '', at: Date.now() } });
      }
    });
    on('agent_joined', (agent: unknown) => {
      if (isRecord(agent) && text(agent['agentId']) && agent['agentId'] !== this.state.me?.agentId) {
        const others = this.state.otherAgents.filter((other) => other.agentId !== agent['agentId']);
        this.set({
          otherAgents: [...others, { agentId: text(agent['agentId']), name: text(agent['name']) }],
        });
      }
    });
    on('agent_left', (agent: unknown) => {
      if (isRecord(agent)) {
        this.set({
          otherAgents: this.state.otherAgents.filter((other) => other.agentId !== agent['agentId']),
        });
      }
    });
    on('page_visibility', (payload: unknown) => {
      if (isRecord(payload) && typeof payload['visible'] === 'boolean') {
        const tabId = text(payload['tabId']);
        this.set({
          tabs: this.state.tabs.map((tab) =>
            tab.tabId === tabId ? { ...tab, visible: payload['visible'] as boolean } : tab,
          ),
        });
      }
    });
    on('rrweb', (payload: unknown) => this.rrweb(payload));
    for (const event of TAB_REPLIES) {
      on(event, (payload: unknown) => {
        const body = isRecord(payload) ? payload : {};
        if (this.state.tabId && body['tabId'] && body['tabId'] !== this.state.tabId) {
          return;
        }
        this.set(reduceTabEvent(this.state, event, body, this.state.me?.agentId ?? null));
      });
    }
  }

  /** Leaves the session: the server records the leave; the tab stops streaming when no agent is left. */
  leave(): void {
    this.set({ connection: 'left', control: 'disabled', call: 'none' });
    this.socket?.disconnect();
    this.socket = null;
  }

  /** Tries again after a refusal (the session may have come online). */
  retry(): void {
    this.socket?.disconnect();
    this.socket = null;
    this.state = { ...initialLiveState };
    this.notify();
    this.connect();
  }

  /** An agent event to the followed tab (the server adds who sent it). */
  send(event: AssistAgentEvent, payload: Payload = {}): void {
    const tabId = this.state.tabId;
    this.socket?.emit(event, tabId ? { ...payload, tabId } : payload);
  }

  requestCall(): void {
    this.set({ call: 'requesting', callNotice: null });
    this.send('call_request');
  }

  endCall(notice: CallNotice = 'ended'): void {
    this.send('call_end');
    this.set({ call: 'none', callNotice: notice });
  }

  requestControl(): void {
    this.set({ control: 'requesting', controlNotice: null, refusal: null });
    this.send('control_request');
  }

  releaseControl(): void {
    this.send('control_release');
    this.set({ control: 'disabled', controlNotice: null });
  }

  requestRecording(): void {
    this.set({ recording: 'requesting', recordingNotice: null });
    this.send('recording_request');
  }

  stopRecording(): void {
    this.send('recording_stop');
  }

  setRecording(recording: RecordingState): void {
    this.set({ recording });
  }

  clearRefusal(): void {
    this.set({ refusal: null });
  }

  /** Follows another tab of the session: the mirror is rebuilt from that tab's buffered events. */
  follow(tabId: string): void {
    if (tabId === this.state.tabId || !this.state.tabs.some((tab) => tab.tabId === tabId)) {
      return;
    }
    const buffered = this.buffers.get(tabId) ?? [];
    this.set({ tabId, hasPage: buffered.length > 0, href: hrefOf(buffered), control: 'disabled' });
    this.emitEvents(buffered, true);
  }

  /** The followed tab's events since its last page, for a mirror mounting late. */
  bufferedEvents(): RrwebEvent[] {
    return this.state.tabId ? [...(this.buffers.get(this.state.tabId) ?? [])] : [];
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onEvents(listener: EventsListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  getState = (): LiveAssistState => this.state;

  private welcome(welcome: AssistWelcome): void {
    if (!isRecord(welcome)) {
      return;
    }
    const tabs = Array.isArray(welcome.tabs) ? welcome.tabs : [];
    const followed = tabs.find((tab) => tab.visible) ?? tabs[0];
    this.set({
      me: {
        agentId: welcome.agentId,
        name: welcome.name,
        peerId: welcome.peerId,
        projectKey: welcome.projectKey,
      },
      tabs,
      tabId:
        this.state.tabId && tabs.some((tab) => tab.tabId === this.state.tabId)
          ? this.state.tabId
          : (followed?.tabId ?? null),
      otherAgents: (Array.isArray(welcome.agents) ? welcome.agents : [])
        .filter((agent) => agent.agentId !== welcome.agentId)
        .map((agent) => ({ agentId: agent.agentId, name: agent.name })),
    });
  }

  private tabConnected(tab: AssistTabInfo): void {
    if (!isRecord(tab) || !text(tab.tabId)) {
      return;
    }
    const tabs = [...this.state.tabs.filter((known) => known.tabId !== tab.tabId), tab];
    this.set({ tabs, tabId: this.state.tabId ?? tab.tabId });
  }

  private tabDisconnected(tabId: string): void {
    this.buffers.delete(tabId);
    const tabs = this.state.tabs.filter((tab) => tab.tabId !== tabId);
    if (this.state.tabId !== tabId) {
      this.set({ tabs });
      return;
    }
    const next = tabs.find((tab) => tab.visible) ?? tabs[0];
    this.set({
      tabs,
      tabId: next?.tabId ?? null,
      hasPage: false,
      href: null,
      control: 'disabled',
      call: 'none',
    });
    if (next) {
      this.emitEvents(this.buffers.get(next.tabId) ?? [], true);
    }
  }

  private rrweb(payload: unknown): void {
    if (!isRecord(payload) || !Array.isArray(payload['events'])) {
      return;
    }
    const tabId = text(payload['tabId']);
    const events = (payload['events'] as unknown[]).filter(
      (event): event is RrwebEvent =>
        isRecord(event) && typeof event['type'] === 'number' && typeof event['timestamp'] === 'number',
    );
    if (!tabId || events.length === 0) {
      return;
    }
    // From a meta event on, the tab is on a new page (or took a full snapshot for a joining agent): start over.
    const metaAt = events.map((event) => event.type).lastIndexOf(RRWEB_META);
    const fresh = metaAt >= 0;
    const kept = fresh ? events.slice(metaAt) : events;
    const buffer = fresh ? [] : (this.buffers.get(tabId) ?? []);
    if (!fresh && buffer.length === 0) {
      // Without a page to apply them to, incremental events are useless: wait for the next meta event.
      return;
    }
    buffer.push(...kept);
    if (buffer.length > TAB_BUFFER_MAX) {
      this.buffers.delete(tabId);
    } else {
      this.buffers.set(tabId, buffer);
    }
    if (!this.state.tabId) {
      this.set({ tabId });
    }
    if (tabId !== this.state.tabId) {
      return;
    }
    const href = hrefOf(kept);
    if (fresh || (href !== null && href !== this.state.href)) {
      this.set({ hasPage: true, href: href ?? this.state.href });
    }
    this.emitEvents(kept, fresh);
  }

  private emitEvents(events: RrwebEvent[], fresh: boolean): void {
    for (const listener of this.eventListeners) {
      listener(events, fresh);
    }
  }

  private set(patch: Partial<LiveAssistState>): void {
    this.state = { ...this.state, ...patch };
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) {
      listener();
    }
  }
}
