/**
 * The live channel (socket.io at ASSIST_SOCKET_PATH, packages/contracts/src/live-assist.ts): who may connect,
 * the rooms, and what is forwarded where.
 *
 * - A customer tab connects with its tracker session token (checked by the ingest, in-process) and its tab id; one
 *   socket per tab (a second is refused with ASSIST_TAB_TAKEN). Its events go to the agents of its session only.
 * - An agent connects with a staff access token (support_agent or admin) and the session to join. Its events go to
 *   the tabs of that session only, with the server's `agentId` and `name` added (never the agent's own claim).
 * - A `control_event` is forwarded only from the agent a tab last granted control to, while that tab reports control
 *   enabled; otherwise it is refused and audited ('not_granted'). A rate limit applies per agent.
 * - Every payload is checked against the contract's schema; anything invalid (wrong type, unknown event, NUL or a
 *   lone surrogate in a string) is dropped and counted, never forwarded.
 * - A token is not trusted for the socket's life: an agent's staff token is verified again (the platform verifier,
 *   which knows revocations) before each control_event, call_request, recording_request and control_request, and
 *   every REVERIFY_INTERVAL_MS; a tab's session token is verified again (the ingest) on the same period. A socket
 *   whose token fails, or an agent's once its token's expiry passes, is disconnected (and the agent's PeerJS
 *   connection closed, through `onAgentLeft`).
 */
import { createHash } from 'node:crypto';
import {
  ASSIST_AGENT_EVENTS,
  ASSIST_TAB_EVENTS,
  type AssistAgentEvent,
  assistAgentPeerId,
  assistAuthSchema,
  type AssistConnectError,
  type AssistLiveSession,
  type AssistTabEvent,
  assistTabPeerId,
  IDENTITY_CLIENT,
  INGEST_SESSION_CLIENT,
  isValidAssistPeerId,
  STAFF_CASE_REFERENCE_PATTERN,
  type VerifiedTrackerSession,
} from '@tessera/contracts';
import type { Principal, ServiceContext } from '@tessera/platform';
import type { Server, Socket } from 'socket.io';
import { droppedEvents, refusedActions, refusedConnections } from '../../metrics.ts';
import type { ActionDetail, ActionLog } from './audit.ts';
import type { AgentTime } from './agent-time.ts';

/** Sessions remembered (with their project key) after their tabs have gone, so an agent may still join them. */
const KNOWN_SESSIONS_MAX = 10000;

/** How often every connected socket's token is verified again. */
export const REVERIFY_INTERVAL_MS = 60_000;

/** Agent events that act on the customer's page: the agent's token is verified again before each is handled. */
const REVERIFIED_EVENTS: ReadonlySet<string> = new Set([
  'control_event',
  'call_request',
  'recording_request',
  'control_request',
]);

/** The groups that may join a live session. */
export const ASSIST_GROUPS = ['support_agent', 'admin'] as const;

/** A staff user's agent id: 12 hex characters, stable per user, revealing nothing of the user id. */
export function agentIdOf(staffUserId: string): string {
  return createHash('sha256').update(`tessera-assist-agent:${staffUserId}`).digest('hex').slice(0, 12);
}

/** Keys an agent may name in an audited `key` control event; any other key is audited as 'character'. */
const NAMED_KEYS = new Set([
  'Enter',
  'Tab',
  'Escape',
  'Backspace',
  'Delete',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  ' ',
]);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when every string in `value` is well-formed and free of NUL (recursively, bounded depth). */
export function hasSafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
  }
  if (depth > 4 || value === null || typeof value !== 'object') {
    return depth <= 4 || typeof value !== 'object';
  }
  return Object.entries(value).every(
    ([key, inner]) => hasSafeText(key, depth + 1) && hasSafeText(inner, depth + 1),
  );
}

interface TabState {
  readonly socket: Socket;
  readonly tabId: string;
  readonly peerId: string;
  readonly connectedAt: Date;
  visible: boolean;
  /** The agent the tab last granted control to, and the control state it reports. */
  control: { state: 'disabled' | 'requesting' | 'enabled'; agentId: string | null };
  call: { state: 'none' | 'requesting' | 'active'; agentId: string | null };
}

interface AgentState {
  readonly agentId: string;
  readonly staffUserId: string;
  readonly name: string;
  readonly peerId: string;
  readonly joinedAt: Date;
  readonly sockets: Set<Socket>;
  /** Rate limit window: the second and the count in it. */
  window: { second: number; count: number };
  /** Pointer moves and annotation moves since the agent's last audited row (moves are counted, not each written). */
  moves: number;
}

interface SessionState {
  readonly sessionId: string;
  readonly projectKey: string;
  info: VerifiedTrackerSession;
  readonly tabs: Map<string, TabState>;
  readonly agents: Map<string, AgentState>;
}

type TabData = { identity: 'session'; sessionId: string; tabId: string; token: string };
type AgentData = {
  identity: 'agent';
  sessionId: string;
  agentId: string;
  staffUserId: string;
  token: string;
  /** The staff token's expiry (seconds since the epoch). */
  expiresAtS: number;
};

export interface LiveHubOptions {
  readonly io: Server;
  readonly context: ServiceContext;
  readonly actions: ActionLog;
  readonly time: AgentTime;
  readonly now: () => Date;
  readonly controlEventsPerSecond: number;
  /** How often every socket's token is verified again (default REVERIFY_INTERVAL_MS). */
  readonly reverifyIntervalMs?: number;
}

/** At most this many allowed, not yet uploaded recordings per session and agent. */
const RECORDING_CONSENTS_MAX = 5;
/** At most this many sessions and agents with allowed recordings are remembered (the oldest go first). */
const RECORDING_CONSENT_KEYS_MAX = 10_000;

function connectError(code: AssistConnectError): Error {
  refusedConnections.inc({ endpoint: 'socket', code }, 1);
  const error = new Error(code) as Error & { data?: unknown };
  error.data = { code };
  return error;
}

const rooms = {
  tabs: (sessionId: string) => `tabs:${sessionId}`,
  agents: (sessionId: string) => `agents:${sessionId}`,
};

export function createLiveHub({
  io,
  context,
  actions,
  time,
  now,
  controlEventsPerSecond,
  reverifyIntervalMs = REVERIFY_INTERVAL_MS,
}: LiveHubOptions) {
  const sessions = new Map<string, SessionState>();
  /** Told an agent's peer id when the agent's last socket of a session has gone (its PeerJS connection closes). */
  const leftListeners: ((peerId: string) => void)[] = [];
  /** Session ids seen with their project key (an agent may join once a tab of the session has connected). */
  const known = new Map<string, { projectKey: string; info: VerifiedTrackerSession }>();
  const verifier = () => context.clients?.find(INGEST_SESSION_CLIENT);
  const directory = () => context.clients?.find(IDENTITY_CLIENT);

  const sessionOf = (sessionId: string): SessionState | undefined => sessions.get(sessionId);
  // Recordings the customer allowed and that are not uploaded yet, per session and agent: each 'Allow Recording'
  // lets that agent file one recording under the session (staff.routes.ts), never without it.
  const recordingConsents = new Map<string, number>();
  const consentKey = (sessionId: string, agentId: string) => `${sessionId}:${agentId}`;
  const ensureSession = (sessionId: string): SessionState | undefined => {
    const existing = sessions.get(sessionId);
    if (existing) {
      return existing;
    }
    const seen = known.get(sessionId);
    if (!seen) {
      return undefined;
    }
    const created: SessionState = {
      sessionId,
      projectKey: seen.projectKey,
      info: seen.info,
      tabs: new Map(),
      agents: new Map(),
    };
    sessions.set(sessionId, created);
    return created;
  };
  const dropIfEmpty = (session: SessionState) => {
    if (session.tabs.size === 0 && session.agents.size === 0) {
      sessions.delete(session.sessionId);
    }
  };

  const audit = (
    session: SessionState,
    agent: AgentState,
    kind: Parameters<ActionLog['append']>[0]['kind'],
    outcome: 'forwarded' | 'refused' | 'reported',
    detail: ActionDetail,
  ) => {
    const moves = agent.moves;
    agent.moves = 0;
    void actions.append({
      sessionId: session.sessionId,
      agentId: agent.agentId,
      staffUserId: agent.staffUserId,
      kind,
      outcome,
      detail: moves > 0 ? { ...detail, movesBefore: moves } : detail,
    });
  };
  const timeKey = (session: SessionState, agent: AgentState) => ({
    sessionId: session.sessionId,
    agentId: agent.agentId,
    staffUserId: agent.staffUserId,
    name: agent.name,
  });

  // ---------------------------------------------------------------------------------------------------------
  // Handshake
  // ---------------------------------------------------------------------------------------------------------

  io.use((socket, next) => {
    void (async () => {
      const parsed = assistAuthSchema.safeParse(socket.handshake.auth);
      if (!parsed.success || !hasSafeText(parsed.data)) {
        return next(connectError('ASSIST_HANDSHAKE_INVALID'));
      }
      const auth = parsed.data;
      if (auth.identity === 'session') {
        const verified = await verifier()?.verifySessionToken(auth.token);
        if (!verified) {
          return next(connectError('ASSIST_UNAUTHENTICATED'));
        }
        const peerId = assistTabPeerId(verified.projectKey, verified.sessionId, auth.tabId);
        if (!isValidAssistPeerId(peerId)) {
          return next(connectError('ASSIST_PEER_ID_INVALID'));
        }
        known.delete(verified.sessionId);
        known.set(verified.sessionId, { projectKey: verified.projectKey, info: verified });
        // Bounded: the oldest sessions seen are forgotten first (an agent can join them again once a tab is back).
        for (const oldest of known.keys()) {
          if (known.size <= KNOWN_SESSIONS_MAX || sessions.has(oldest)) {
            break;
          }
          known.delete(oldest);
        }
        const session = ensureSession(verified.sessionId)!;
        session.info = verified;
        const holder = session.tabs.get(auth.tabId);
        // A reservation whose socket closed during its own handshake never connected: it does not hold the tab.
        if (holder && holder.socket.conn.readyState !== 'closed') {
          return next(connectError('ASSIST_TAB_TAKEN'));
        }
        // Reserved now (before any await) so a second socket for the tab is refused.
        session.tabs.set(auth.tabId, {
          socket,
          tabId: auth.tabId,
          peerId,
          connectedAt: now(),
          visible: true,
          control: { state: 'disabled', agentId: null },
          call: { state: 'none', agentId: null },
        });
        socket.data = {
          identity: 'session',
          sessionId: verified.sessionId,
          tabId: auth.tabId,
          token: auth.token,
        } satisfies TabData;
        return next();
      }
      let principal: Principal;
      try {
        principal = await context.auth.verifyAccessToken(auth.token);
      } catch {
        return next(connectError('ASSIST_UNAUTHENTICATED'));
      }
      if (!principal.groups.some((group) => (ASSIST_GROUPS as readonly string[]).includes(group))) {
        return next(connectError('ASSIST_FORBIDDEN'));
      }
      // Joining is a staff read like any other: it needs a case reference.
      if (auth.reason === undefined || !STAFF_CASE_REFERENCE_PATTERN.test(auth.reason)) {
        return next(connectError('ASSIST_REASON_REQUIRED'));
      }
      const session = ensureSession(auth.sessionId);
      if (!session) {
        return next(connectError('ASSIST_SESSION_NOT_LIVE'));
      }
      const agentId = agentIdOf(principal.userId);
      const peerId = assistAgentPeerId(session.projectKey, session.sessionId, agentId);
      if (!isValidAssistPeerId(peerId)) {
        return next(connectError('ASSIST_PEER_ID_INVALID'));
      }
      const contact = await directory()
        ?.getContact(principal.userId)
        .catch(() => null);
      const name = (contact?.displayName ?? '').trim().slice(0, 200) || 'Agent';
      const existing = session.agents.get(agentId);
      const agent: AgentState = existing ?? {
        agentId,
        staffUserId: principal.userId,
        name,
        peerId,
        joinedAt: now(),
        sockets: new Set(),
        window: { second: 0, count: 0 },
        moves: 0,
      };
      for (const held of agent.sockets) {
        if (held.conn.readyState === 'closed') {
          agent.sockets.delete(held);
        }
      }
      const first = agent.sockets.size === 0;
      agent.sockets.add(socket);
      session.agents.set(agentId, agent);
      socket.data = {
        identity: 'agent',
        sessionId: session.sessionId,
        agentId,
        staffUserId: principal.userId,
        token: auth.token,
        expiresAtS: principal.expiresAtS,
      } satisfies AgentData;
      if (first) {
        const reason = auth.reason.trim();
        const record = directory()?.recordStaffAccess;
        if (record) {
          await record({
            action: 'assist.join',
            subjectId: session.info.userId,
            reason,
            detail: { sessionId: session.sessionId },
            actorId: principal.userId,
            actorGroups: principal.groups,
          }).catch((error: unknown) =>
            context.log.warn({ err: error }, 'staff audit of an assist join failed'),
          );
        }
      }
      return next();
    })().catch((error: unknown) => {
      context.log.error({ err: error }, 'assist handshake failed');
      next(connectError('ASSIST_UNAUTHENTICATED'));
    });
  });

  io.on('connection', (socket) => {
    const data = socket.data as TabData | AgentData;
    if (data.identity === 'session') {
      onTab(socket, data);
    } else {
      onAgent(socket, data);
    }
  });

  // ---------------------------------------------------------------------------------------------------------
  // Tabs
  // ---------------------------------------------------------------------------------------------------------

  function onTab(socket: Socket, data: TabData) {
    const session = sessionOf(data.sessionId);
    const tab = session?.tabs.get(data.tabId);
    if (!session || !tab) {
      socket.disconnect(true);
      return;
    }
    void socket.join(rooms.tabs(session.sessionId));
    io.to(rooms.agents(session.sessionId)).emit('tab_connected', {
      tabId: tab.tabId,
      peerId: tab.peerId,
      visible: tab.visible,
    });
    for (const agent of session.agents.values()) {
      socket.emit('agent_joined', { agentId: agent.agentId, name: agent.name, peerId: agent.peerId });
    }

    socket.onAny((event: string, ...args: unknown[]) => {
      if (!Object.hasOwn(ASSIST_TAB_EVENTS, event)) {
        droppedEvents.inc({ side: 'tab', reason: 'unknown_event' }, 1);
        return;
      }
      const name = event as AssistTabEvent;
      const parsed = ASSIST_TAB_EVENTS[name].safeParse(args[0] ?? {});
      if (!parsed.success || (name !== 'rrweb' && !hasSafeText(parsed.data))) {
        droppedEvents.inc({ side: 'tab', reason: 'invalid_payload' }, 1);
        return;
      }
      try {
        onTabEvent(session, tab, name, parsed.data as Record<string, unknown>);
      } catch (error) {
        // A listener's exception would reach the engine's data handler: never let one event take the process down.
        droppedEvents.inc({ side: 'tab', reason: 'error' }, 1);
        context.log.error({ err: error, event: name }, 'live assist event failed');
      }
    });

    socket.on('disconnect', () => {
      session.tabs.delete(tab.tabId);
      endTabTimes(session, tab);
      io.to(rooms.agents(session.sessionId)).emit('tab_disconnected', { tabId: tab.tabId });
      dropIfEmpty(session);
    });
  }

  function endTabTimes(session: SessionState, tab: TabState) {
    if (tab.call.state === 'active' && tab.call.agentId !== null) {
      endIfNoOtherTab(session, tab, tab.call.agentId, 'call');
    }
    if (tab.control.state === 'enabled' && tab.control.agentId !== null) {
      endIfNoOtherTab(session, tab, tab.control.agentId, 'control');
    }
  }

  /** Ends an agent's call or control time unless another tab of the session still has it active. */
  function endIfNoOtherTab(
    session: SessionState,
    except: TabState,
    agentId: string,
    kind: 'call' | 'control',
  ) {
    const stillActive = [...session.tabs.values()].some(
      (other) =>
        other !== except &&
        (kind === 'call'
          ? other.call.state === 'active' && other.call.agentId === agentId
          : other.control.state === 'enabled' && other.control.agentId === agentId),
    );
    if (!stillActive) {
      time.end({ sessionId: session.sessionId, agentId }, kind);
    }
  }

  function setCall(
    session: SessionState,
    tab: TabState,
    state: TabState['call']['state'],
    agentId: string | null,
  ) {
    const before = tab.call;
    tab.call = { state, agentId };
    if (
      before.state === 'active' &&
      before.agentId !== null &&
      (state !== 'active' || agentId !== before.agentId)
    ) {
      endIfNoOtherTab(session, tab, before.agentId, 'call');
    }
    const agent = agentId === null ? undefined : session.agents.get(agentId);
    if (state === 'active' && agent) {
      time.start(timeKey(session, agent), 'call');
    }
  }

  function setControl(
    session: SessionState,
    tab: TabState,
    state: TabState['control']['state'],
    agentId: string | null,
  ) {
    const before = tab.control;
    tab.control = { state, agentId };
    if (
      before.state === 'enabled' &&
      before.agentId !== null &&
      (state !== 'enabled' || agentId !== before.agentId)
    ) {
      endIfNoOtherTab(session, tab, before.agentId, 'control');
    }
    const agent = agentId === null ? undefined : session.agents.get(agentId);
    if (state === 'enabled' && agent) {
      time.start(timeKey(session, agent), 'control');
    }
  }

  function onTabEvent(
    session: SessionState,
    tab: TabState,
    name: AssistTabEvent,
    payload: Record<string, unknown>,
  ) {
    const agentId = typeof payload['agentId'] === 'string' ? payload['agentId'] : null;
    switch (name) {
      case 'call_state':
        setCall(session, tab, payload['state'] as TabState['call']['state'], agentId);
        break;
      case 'call_answered':
        if (agentId !== null) {
          setCall(session, tab, 'active', agentId);
        }
        break;
      case 'call_rejected':
      case 'call_ended':
        setCall(session, tab, 'none', null);
        break;
      case 'control_state':
        setControl(session, tab, payload['state'] as TabState['control']['state'], agentId);
        break;
      case 'control_granted':
        setControl(session, tab, 'enabled', agentId);
        break;
      case 'control_rejected':
      case 'control_released':
        if (tab.control.agentId === agentId) {
          setControl(session, tab, 'disabled', null);
        }
        break;
      case 'page_visibility':
        tab.visible = payload['visible'] === true;
        break;
      case 'recording_accepted':
        if (agentId !== null && session.agents.has(agentId)) {
          const key = consentKey(session.sessionId, agentId);
          recordingConsents.delete(key); // re-inserted last: the oldest are dropped first
          recordingConsents.set(key, Math.min((recordingConsents.get(key) ?? 0) + 1, RECORDING_CONSENTS_MAX));
          for (const oldest of recordingConsents.keys()) {
            if (recordingConsents.size <= RECORDING_CONSENT_KEYS_MAX) {
              break;
            }
            recordingConsents.delete(oldest);
          }
        }
        break;
      case 'remote_refused': {
        const agent = agentId === null ? undefined : session.agents.get(agentId);
        if (!agent) {
          droppedEvents.inc({ side: 'tab', reason: 'unknown_agent' }, 1);
          return;
        }
        audit(session, agent, 'remote_refused', 'reported', {
          tabId: tab.tabId,
          kind: payload['kind'] as string,
          reason: payload['reason'] as string,
          label: payload['label'] as string,
        });
        break;
      }
      default:
        break;
    }
    io.to(rooms.agents(session.sessionId)).emit(name, { ...payload, tabId: tab.tabId });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Agents
  // ---------------------------------------------------------------------------------------------------------

  function onAgent(socket: Socket, data: AgentData) {
    const session = sessionOf(data.sessionId);
    const agent = session?.agents.get(data.agentId);
    if (!session || !agent) {
      socket.disconnect(true);
      return;
    }
    let chain: Promise<void> = Promise.resolve();
    void socket.join(rooms.agents(session.sessionId));
    socket.emit('assist_welcome', {
      agentId: agent.agentId,
      name: agent.name,
      peerId: agent.peerId,
      projectKey: session.projectKey,
      sessionId: session.sessionId,
      tabs: [...session.tabs.values()].map((tab) => ({
        tabId: tab.tabId,
        peerId: tab.peerId,
        visible: tab.visible,
      })),
      agents: [...session.agents.values()]
        .filter((other) => other !== agent)
        .map((other) => ({ agentId: other.agentId, name: other.name, peerId: other.peerId })),
    });
    if (agent.sockets.size === 1) {
      io.to(rooms.tabs(session.sessionId)).emit('agent_joined', {
        agentId: agent.agentId,
        name: agent.name,
        peerId: agent.peerId,
      });
      time.start(timeKey(session, agent), 'live');
      audit(session, agent, 'join', 'forwarded', {});
    }

    socket.onAny((event: string, ...args: unknown[]) => {
      if (!Object.hasOwn(ASSIST_AGENT_EVENTS, event)) {
        droppedEvents.inc({ side: 'agent', reason: 'unknown_event' }, 1);
        return;
      }
      const name = event as AssistAgentEvent;
      const parsed = ASSIST_AGENT_EVENTS[name].safeParse(args[0] ?? {});
      if (!parsed.success || !hasSafeText(parsed.data)) {
        droppedEvents.inc({ side: 'agent', reason: 'invalid_payload' }, 1);
        return;
      }
      const handle = () => {
        if (!socket.connected) {
          return;
        }
        try {
          onAgentEvent(socket, session, agent, name, parsed.data as Record<string, unknown>);
        } catch (error) {
          // A listener's exception would reach the engine's data handler: never let one event take the process down.
          droppedEvents.inc({ side: 'agent', reason: 'error' }, 1);
          context.log.error({ err: error, event: name }, 'live assist event failed');
        }
      };
      // Events are handled in order; the ones acting on the page wait for the token to be verified again.
      chain = chain
        .then(async () => {
          if (REVERIFIED_EVENTS.has(name) && !(await agentTokenHolds(data))) {
            if (socket.connected) {
              refusedActions.inc({ reason: 'token_invalid' }, 1);
              audit(session, agent, name, 'refused', { reason: 'token_invalid' });
              socket.disconnect(true);
            }
            return;
          }
          handle();
        })
        .catch((error: unknown) =>
          context.log.error({ err: error, event: name }, 'live assist event failed'),
        );
    });

    // The socket ends when the staff token expires, whatever else happens.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(Math.max(data.expiresAtS * 1000 - now().getTime(), 0), 2 ** 31 - 1),
    );
    expiry.unref?.();

    socket.on('disconnect', () => {
      clearTimeout(expiry);
      agent.sockets.delete(socket);
      if (agent.sockets.size > 0) {
        return;
      }
      session.agents.delete(agent.agentId);
      // A leaving agent keeps nothing: its grants end here (the tab releases control on agent_left).
      for (const tab of session.tabs.values()) {
        if (tab.control.agentId === agent.agentId) {
          setControl(session, tab, 'disabled', null);
        }
        if (tab.call.agentId === agent.agentId) {
          setCall(session, tab, 'none', null);
        }
      }
      time.end({ sessionId: session.sessionId, agentId: agent.agentId }, 'call');
      time.end({ sessionId: session.sessionId, agentId: agent.agentId }, 'control');
      time.end({ sessionId: session.sessionId, agentId: agent.agentId }, 'live');
      audit(session, agent, 'leave', 'forwarded', {});
      io.to(rooms.tabs(session.sessionId)).emit('agent_left', { agentId: agent.agentId });
      for (const listener of leftListeners) {
        listener(agent.peerId);
      }
      dropIfEmpty(session);
    });
  }

  /** Whether an agent socket's staff token still verifies (not revoked, not expired) for the same staff user. */
  async function agentTokenHolds(data: AgentData): Promise<boolean> {
    if (data.expiresAtS * 1000 <= now().getTime()) {
      return false;
    }
    const principal = await context.auth.verifyAccessToken(data.token).catch(() => null);
    return (
      principal !== null &&
      principal.userId === data.staffUserId &&
      principal.groups.some((group) => (ASSIST_GROUPS as readonly string[]).includes(group))
    );
  }

  /** Whether a tab socket's tracker session token still verifies for the same session. */
  async function tabTokenHolds(data: TabData): Promise<boolean> {
    const verified = await verifier()
      ?.verifySessionToken(data.token)
      .catch(() => null);
    return verified?.sessionId === data.sessionId;
  }

  /** Verifies every connected socket's token again; disconnects those that fail. */
  async function reverifyAll(): Promise<void> {
    const checks = [...io.sockets.sockets.values()].map(async (socket) => {
      const data = socket.data as TabData | AgentData | undefined;
      if (data === undefined || !socket.connected) {
        return;
      }
      const holds = data.identity === 'session' ? await tabTokenHolds(data) : await agentTokenHolds(data);
      if (!holds && socket.connected) {
        refusedConnections.inc({ endpoint: 'socket', code: 'token_invalid' }, 1);
        socket.disconnect(true);
      }
    });
    await Promise.all(checks);
  }
  let reverifying = false;
  const reverifyTimer = setInterval(() => {
    if (reverifying) {
      return;
    }
    reverifying = true;
    reverifyAll()
      .catch((error: unknown) => context.log.error({ err: error }, 'live assist token check failed'))
      .finally(() => {
        reverifying = false;
      });
  }, reverifyIntervalMs);
  reverifyTimer.unref?.();

  function overRate(agent: AgentState): boolean {
    const second = Math.floor(now().getTime() / 1000);
    if (agent.window.second !== second) {
      agent.window = { second, count: 0 };
    }
    agent.window.count += 1;
    return agent.window.count > controlEventsPerSecond;
  }

  function onAgentEvent(
    socket: Socket,
    session: SessionState,
    agent: AgentState,
    name: AssistAgentEvent,
    payload: Record<string, unknown>,
  ) {
    const target = typeof payload['tabId'] === 'string' ? payload['tabId'] : null;
    let tabs = [...session.tabs.values()].filter((tab) => target === null || tab.tabId === target);
    // Every agent event counts against the agent's rate (a flood of requests would flood the audit too).
    if (overRate(agent)) {
      refusedActions.inc({ reason: 'rate_limited' }, 1);
      // Audited once per second of excess, not per event.
      if (agent.window.count === controlEventsPerSecond + 1) {
        audit(session, agent, name, 'refused', {
          reason: 'rate_limited',
          ...(name === 'control_event' ? { kind: payload['kind'] as string } : {}),
        });
      }
      socket.emit('action_refused', { event: name, reason: 'rate_limited' });
      return;
    }
    if (target !== null && tabs.length === 0) {
      refusedActions.inc({ reason: 'unknown_tab' }, 1);
      audit(session, agent, name, 'refused', { reason: 'unknown_tab', tabId: target });
      socket.emit('action_refused', { event: name, reason: 'unknown_tab' });
      return;
    }
    if (name === 'control_event') {
      const kind = payload['kind'] as string;
      tabs = tabs.filter((tab) => tab.control.state === 'enabled' && tab.control.agentId === agent.agentId);
      if (tabs.length === 0) {
        refusedActions.inc({ reason: 'not_granted' }, 1);
        audit(session, agent, 'control_event', 'refused', { reason: 'not_granted', kind });
        socket.emit('action_refused', { event: name, reason: 'not_granted' });
        return;
      }
      if (kind === 'move') {
        agent.moves += 1;
      } else {
        audit(session, agent, 'control_event', 'forwarded', controlDetail(payload));
      }
    } else if (name === 'annotation') {
      if (payload['phase'] === 'move') {
        agent.moves += 1;
      } else {
        audit(session, agent, 'annotation', 'forwarded', { phase: payload['phase'] as string });
      }
    } else {
      audit(session, agent, name, 'forwarded', target === null ? {} : { tabId: target });
    }
    const forwarded = { ...payload, agentId: agent.agentId, name: agent.name };
    for (const tab of tabs) {
      tab.socket.emit(name, forwarded);
    }
  }

  /** What the audit keeps of a control event: never a typed value, only its length; only named keys. */
  function controlDetail(payload: Record<string, unknown>): ActionDetail {
    const detail: ActionDetail = { kind: payload['kind'] as string };
    if (typeof payload['x'] === 'number') {
      detail['x'] = Math.round(payload['x']);
    }
    if (typeof payload['y'] === 'number') {
      detail['y'] = Math.round(payload['y']);
    }
    if (typeof payload['value'] === 'string') {
      detail['valueLength'] = Array.from(payload['value']).length;
    }
    if (typeof payload['key'] === 'string') {
      detail['key'] = NAMED_KEYS.has(payload['key']) ? payload['key'] : 'character';
    }
    return detail;
  }

  return {
    /** Whether the customer allowed a recording by this agent in this session that is not uploaded yet. */
    hasRecordingConsent(sessionId: string, agentId: string): boolean {
      return (recordingConsents.get(consentKey(sessionId, agentId)) ?? 0) > 0;
    },
    /** Uses one allowed recording (its upload is stored). */
    useRecordingConsent(sessionId: string, agentId: string): void {
      const key = consentKey(sessionId, agentId);
      const left = (recordingConsents.get(key) ?? 0) - 1;
      if (left > 0) {
        recordingConsents.set(key, left);
      } else {
        recordingConsents.delete(key);
      }
    },
    /** Calls `listener` with an agent's peer id when the agent's last socket of a session has gone. */
    onAgentLeft(listener: (peerId: string) => void): void {
      leftListeners.push(listener);
    },
    /** Stops the periodic token checks. */
    close(): void {
      clearInterval(reverifyTimer);
    },
    /** The sessions with a connected tab, and their joined agents (help requests are the staff route's). */
    live(): Omit<AssistLiveSession, 'helpRequest'>[] {
      return [...sessions.values()]
        .filter((session) => session.tabs.size > 0)
        .map((session) => ({
          sessionId: session.sessionId,
          projectKey: session.projectKey,
          customerId: session.info.userId,
          startedAt: session.info.startedAt,
          device: session.info.device,
          browser: session.info.browser,
          os: session.info.os,
          tabs: [...session.tabs.values()].map((tab) => ({
            tabId: tab.tabId,
            peerId: tab.peerId,
            visible: tab.visible,
            connectedAt: tab.connectedAt.toISOString(),
          })),
          agents: [...session.agents.values()].map((agent) => ({
            agentId: agent.agentId,
            name: agent.name,
            peerId: agent.peerId,
            joinedAt: agent.joinedAt.toISOString(),
          })),
        }));
    },
    /** The project key and session of a session id seen by this process. */
    knownSession(sessionId: string) {
      return known.get(sessionId);
    },
    /** Whether the agent is joined to the session right now. */
    isJoined(sessionId: string, agentId: string): boolean {
      return sessions.get(sessionId)?.agents.has(agentId) === true;
    },
    /** The sessions an agent is joined to right now. */
    sessionsOfAgent(agentId: string): string[] {
      return [...sessions.values()]
        .filter((session) => session.agents.has(agentId))
        .map((session) => session.sessionId);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
