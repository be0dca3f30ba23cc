/**
 * Live assist, the customer's side (issue #18; spec sections 2 to 9 "Live assist"; wire shapes in
 * packages/contracts/src/live-assist.ts). `startAssist(tracker, options)` joins the tracker as a plugin: once the
 * tracker has a session it connects the assist socket (socket.io at /ws-assist/socket with the session's token and
 * the tab id), streams the recorder's masked events while at least one agent is joined (a full snapshot on each
 * join), and answers the agents' requests after the customer's consent: calls (PeerJS), remote control,
 * annotation while a call or control is on, recording. The web app loads this module on its own (a dynamic import
 * through `loadAssist()` of the package's index): other pages never download socket.io or PeerJS.
 */
import { io, type Socket } from 'socket.io-client';
import type { PluginContext, Tracker } from '../tracker.ts';
import { openLocalMedia, openTabPeer, type LocalMedia, type PeerState, type TabPeer } from './call.ts';
import { ASSIST_SOCKET_PATH, SOCKET_RECONNECTION } from './constants.ts';
import {
  createCallMachine,
  createControlMachine,
  createRecordingMachine,
  storedCallAgent,
} from './machines.ts';
import { mountOverlays, type ConfirmHandle, type Overlays } from './overlay.ts';
import { createRemoteControl, type ControlKind } from './remote-control.ts';
import { assistBrowserSupported, splitBatch, tabPeerId } from './rules.ts';
import { ASSIST_TEXTS, assistLanguage, type AssistLanguage, type AssistTexts } from './texts.ts';

export { ASSIST_HOST_ID } from './overlay.ts';
export { ASSIST_TEXTS, type AssistLanguage } from './texts.ts';
export { LOCAL_STREAM_REQUIRED } from './call.ts';

/** Websocket messages over 5242880 characters are dropped by the server (spec section 5): never sent. */
const MESSAGE_LIMIT = 5_242_880;
/** Streamed events leave the page at most this often (ms): one message per burst, not one per event. */
const STREAM_INTERVAL_MS = 100;
const CONTROL_KINDS = new Set<ControlKind>(['click', 'scroll', 'move', 'focus', 'input', 'key']);

export interface AssistPeerOptions {
  /** Default: the page's host name. */
  host?: string;
  /** Default: the page's port, else 443 (https) or 80. */
  port?: number;
  /** Default '/assist'. */
  path?: string;
  /** Default: the tracker's project key. */
  key?: string;
  /** Default: the page is https. */
  secure?: boolean;
  /** From /config.json `assist.iceServers`; default none (one host needs none). */
  iceServers?: RTCIceServer[];
}

export interface AssistOptions {
  /** Where the assist socket answers; default the page's origin. */
  socketUrl?: string;
  peer?: AssistPeerOptions;
  /** Default: after `<html lang>`, followed live. */
  lang?: AssistLanguage;
  /** Logs (default console.warn with a '[tessera assist]' prefix). */
  log?: (message: string) => void;
}

export type SocketState = 'closed' | 'opening' | 'open';

export interface AssistStatus {
  socket: SocketState;
  peer: PeerState | null;
  agents: { agentId: string; name: string }[];
  call: 'none' | 'requesting' | 'active';
  control: 'disabled' | 'requesting' | 'enabled';
  recording: 'off' | 'requesting' | 'on';
}

export interface Assist {
  readonly status: AssistStatus;
  /** The call's RTCPeerConnection while one is on (journeys read its state and stats). */
  readonly peerConnection: RTCPeerConnection | null;
  stop(): void;
}

interface Agent {
  agentId: string;
  name: string;
  peerId: string;
}

const AGENT_ID = /^[0-9a-f]{12}$/u;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function agentFrom(payload: unknown): { agentId: string; name: string } | null {
  const data = record(payload);
  const agentId = data['agentId'];
  if (typeof agentId !== 'string' || !AGENT_ID.test(agentId)) {
    return null;
  }
  return { agentId, name: typeof data['name'] === 'string' ? data['name'] : '' };
}

/**
 * Starts live assist for the tracker's sessions. Refused (logged, nothing shown) in a browser the spec does not
 * support (Chrome 72+, Firefox 59+, Safari 605+, not iOS).
 */
export function startAssist(tracker: Tracker, options: AssistOptions = {}): Assist {
  const log = options.log ?? ((message: string) => console.warn(`[tessera assist] ${message}`));
  const status: AssistStatus = {
    socket: 'closed',
    peer: null,
    agents: [],
    call: 'none',
    control: 'disabled',
    recording: 'off',
  };
  if (!assistBrowserSupported(navigator.userAgent) || typeof RTCPeerConnection !== 'function') {
    log(ASSIST_TEXTS.en.unsupported);
    return { status, peerConnection: null, stop: () => undefined };
  }

  const language = (): AssistLanguage => options.lang ?? assistLanguage(document.documentElement.lang);
  const texts = (): AssistTexts => ASSIST_TEXTS[language()];
  const agents = new Map<string, Agent>();
  const call = createCallMachine();
  const control = createControlMachine();
  const recording = createRecordingMachine();
  const remote = createRemoteControl();
  let context: PluginContext | null = null;
  let socket: Socket | null = null;
  let peer: TabPeer | null = null;
  let local: LocalMedia | null = null;
  let overlays: Overlays | null = null;
  let stopStream: (() => void) | null = null;
  let outbox: unknown[] = [];
  let streamTimer: ReturnType<typeof setTimeout> | null = null;
  const popups = new Map<'call' | 'control' | 'recording', ConfirmHandle>();
  let stopped = false;

  const ui = (): Overlays => {
    overlays ??= mountOverlays(texts(), {
      onAudio: () => {
        local?.toggleAudio();
        showCall();
      },
      onVideo: () => {
        void local?.toggleVideo(peer?.peerConnection ?? null).then(() => showCall());
      },
      onEndCall: () => {
        call.end('ended');
      },
      onEndControl: () => {
        const agentId = control.snapshot.agentId;
        if (control.release() && agentId) {
          emit('control_released', { agentId });
        }
      },
    });
    return overlays;
  };
  const reflect = () => {
    status.agents = [...agents.values()].map(({ agentId, name }) => ({ agentId, name }));
    status.call = call.snapshot.state;
    status.control = control.snapshot.state;
    status.recording = recording.snapshot.state;
    status.peer = peer?.state ?? null;
    const root = document.documentElement.dataset;
    root['assistSocket'] = status.socket;
    root['assistCall'] = status.call;
    root['assistControl'] = status.control;
    root['assistRecording'] = status.recording;
    root['assistAgents'] = String(agents.size);
  };
  const emit = (event: string, payload: Record<string, unknown>) => {
    if (socket?.connected) {
      socket.emit(event, payload);
    }
  };
  const closePopup = (kind: 'call' | 'control' | 'recording') => {
    popups.get(kind)?.close();
    popups.delete(kind);
  };
  const nameOf = (agentId: string | null) => (agentId ? (agents.get(agentId)?.name ?? '') : '');

  // --- Streaming the recording to joined agents --------------------------------------------------------------
  const sendBatch = (events: unknown[]) => {
    if (events.length === 0) {
      return;
    }
    const size = JSON.stringify(events).length;
    if (size > MESSAGE_LIMIT) {
      if (events.length === 1) {
        log(`An event of ${size} characters was not streamed (over ${MESSAGE_LIMIT}).`);
        return;
      }
      const half = Math.ceil(events.length / 2);
      sendBatch(events.slice(0, half));
      sendBatch(events.slice(half));
      return;
    }
    emit('rrweb', { events });
  };
  const drain = () => {
    streamTimer = null;
    const events = outbox;
    outbox = [];
    for (const batch of splitBatch(events)) {
      sendBatch(batch);
    }
  };
  const startStreaming = () => {
    if (!context) {
      return;
    }
    if (!stopStream) {
      stopStream = context.onEvent((event) => {
        outbox.push(event);
        streamTimer ??= setTimeout(drain, STREAM_INTERVAL_MS);
      });
    }
    // The joining agent needs the whole page: a Meta and a full snapshot now.
    context.takeFullSnapshot();
  };
  const stopStreaming = () => {
    stopStream?.();
    stopStream = null;
    outbox = [];
    if (streamTimer !== null) {
      clearTimeout(streamTimer);
      streamTimer = null;
    }
  };

  // --- Calls -------------------------------------------------------------------------------------------------
  const showCall = () => {
    const snapshot = call.snapshot;
    if (snapshot.state !== 'active' || snapshot.startedAt === null) {
      overlays?.setCall(null);
      overlays?.setStreams(null, null);
      return;
    }
    ui().setCall({
      agentName: nameOf(snapshot.agentId),
      startedAt: snapshot.startedAt,
      audioOn: local?.audioOn ?? true,
      videoOn: local?.videoOn ?? false,
    });
  };
  const ensurePeer = (): TabPeer | null => {
    if (peer && peer.state !== 'destroyed') {
      return peer;
    }
    if (!context) {
      return null;
    }
    const secure = location.protocol === 'https:';
    const given = options.peer ?? {};
    try {
      peer = openTabPeer(
        tabPeerId(context.projectKey, context.sessionID, context.tabId),
        context.token,
        {
          host: given.host ?? location.hostname,
          port: given.port ?? (Number(location.port) || (secure ? 443 : 80)),
          path: given.path ?? '/assist',
          key: given.key ?? context.projectKey,
          secure: given.secure ?? secure,
          iceServers: given.iceServers ?? [],
        },
        log,
        () => reflect(),
      );
    } catch (error) {
      log(error instanceof Error ? error.message : String(error));
      peer = null;
    }
    return peer;
  };
  /** Media and peer for the accepted call; false when the microphone is refused (the call then ends). */
  const connectCall = async (agentId: string): Promise<boolean> => {
    const agent = agents.get(agentId);
    try {
      local ??= await openLocalMedia(log);
    } catch (error) {
      log(`Microphone unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    const tabPeer = ensurePeer();
    if (!tabPeer || !agent) {
      return false;
    }
    try {
      tabPeer.expect(agent.peerId, local.stream, {
        onRemote: (stream) => overlays?.setStreams(stream, local?.stream ?? null),
        onClosed: () => {
          call.end('agent');
        },
        log,
      });
    } catch (error) {
      log(error instanceof Error ? error.message : String(error));
      return false;
    }
    ui().setStreams(null, local.stream);
    return true;
  };
  const hangUp = () => {
    peer?.hangUp();
    local?.stop();
    local = null;
  };

  call.onChange((snapshot) => {
    emit('call_state', { state: snapshot.state, agentId: snapshot.agentId });
    if (snapshot.state !== 'requesting') {
      closePopup('call');
    }
    if (snapshot.state === 'none') {
      hangUp();
      if (snapshot.agentId) {
        if (snapshot.ended === 'rejected' || snapshot.ended === 'timeout') {
          emit('call_rejected', { agentId: snapshot.agentId });
        } else if (snapshot.ended === 'ended' || snapshot.ended === 'media') {
          emit('call_ended', { agentId: snapshot.agentId });
        }
      }
      if (snapshot.ended === 'media') {
        ui().notice(texts().noMicrophone);
      }
    }
    showCall();
    reflect();
  });

  const onCallRequest = (payload: unknown) => {
    const from = agentFrom(payload);
    if (!from || !agents.has(from.agentId)) {
      return;
    }
    if (!call.request(from.agentId)) {
      emit('call_rejected', { agentId: from.agentId });
      return;
    }
    const t = texts();
    const popup = ui().confirm({
      kind: 'call',
      text: t.incomingCall,
      confirmLabel: t.answer,
      declineLabel: t.reject,
      phoneIcon: true,
    });
    popups.set('call', popup);
    void popup.result.then(async (answer) => {
      if (answer === null || call.snapshot.state !== 'requesting' || call.snapshot.agentId !== from.agentId) {
        return;
      }
      if (!answer) {
        call.reject();
        return;
      }
      const ready = await connectCall(from.agentId);
      if (call.snapshot.state !== 'requesting' || call.snapshot.agentId !== from.agentId) {
        hangUp(); // the request timed out or was ended while the microphone was asked for
        return;
      }
      if (!ready) {
        call.end('media');
        return;
      }
      call.answer();
      emit('call_answered', { agentId: from.agentId });
    });
  };

  // --- Remote control ----------------------------------------------------------------------------------------
  control.onChange((snapshot) => {
    emit('control_state', { state: snapshot.state, agentId: snapshot.agentId });
    if (snapshot.state !== 'requesting') {
      closePopup('control');
    }
    if (snapshot.expired && snapshot.agentId) {
      emit('control_released', { agentId: snapshot.agentId });
    }
    if (snapshot.state === 'enabled') {
      ui().setControl(nameOf(snapshot.agentId));
    } else {
      overlays?.setControl(null);
      overlays?.hidePointer();
    }
    reflect();
  });

  const onControlRequest = (payload: unknown) => {
    const from = agentFrom(payload);
    if (!from || !agents.has(from.agentId)) {
      return;
    }
    const previous = control.snapshot.agentId;
    const outcome = control.request(from.agentId);
    if (outcome === 'busy') {
      emit('control_busy', { agentId: from.agentId });
      return;
    }
    if (outcome === 'released') {
      if (previous) {
        emit('control_released', { agentId: previous });
      }
      emit('control_rejected', { agentId: from.agentId });
      return;
    }
    if (outcome !== 'requesting') {
      return;
    }
    const t = texts();
    const popup = ui().confirm({
      kind: 'control',
      text: t.controlRequest,
      confirmLabel: t.grantControl,
      declineLabel: t.reject,
    });
    popups.set('control', popup);
    void popup.result.then((answer) => {
      if (
        answer === null ||
        control.snapshot.state !== 'requesting' ||
        control.snapshot.agentId !== from.agentId
      ) {
        return;
      }
      if (answer && document.visibilityState !== 'hidden') {
        control.grant();
        emit('control_granted', { agentId: from.agentId });
      } else {
        control.reject();
        emit('control_rejected', { agentId: from.agentId });
      }
    });
  };

  const onControlEvent = (payload: unknown) => {
    const from = agentFrom(payload);
    const data = record(payload);
    const kind = data['kind'] as ControlKind;
    if (!from || !CONTROL_KINDS.has(kind)) {
      return;
    }
    if (!control.allows(from.agentId)) {
      emit('remote_refused', { agentId: from.agentId, kind, reason: 'not_granted', label: '' });
      return;
    }
    const x = typeof data['x'] === 'number' ? data['x'] : undefined;
    const y = typeof data['y'] === 'number' ? data['y'] : undefined;
    if ((kind === 'move' || kind === 'click') && x !== undefined && y !== undefined) {
      ui().movePointer(x, y, from.name || nameOf(from.agentId));
    }
    const outcome = remote.execute({
      kind,
      x,
      y,
      value: typeof data['value'] === 'string' ? data['value'] : undefined,
      key: typeof data['key'] === 'string' ? data['key'] : undefined,
    });
    if (!outcome.ok) {
      emit('remote_refused', { agentId: from.agentId, kind, reason: outcome.reason, label: outcome.label });
      ui().notice(texts().refused);
    }
  };

  // --- Recording ---------------------------------------------------------------------------------------------
  recording.onChange((snapshot) => {
    emit('recording_state', { state: snapshot.state, agentId: snapshot.agentId });
    if (snapshot.state !== 'requesting') {
      closePopup('recording');
    }
    if (snapshot.state === 'on') {
      ui().setRecording(true);
    } else {
      overlays?.setRecording(false);
    }
    reflect();
  });
  const onRecordingRequest = (payload: unknown) => {
    const from = agentFrom(payload);
    if (!from || !agents.has(from.agentId)) {
      return;
    }
    if (!recording.request(from.agentId)) {
      emit('recording_rejected', { agentId: from.agentId });
      return;
    }
    const t = texts();
    const popup = ui().confirm({
      kind: 'recording',
      title: t.recordingTitle,
      text: t.recordingRequest,
      confirmLabel: t.allowRecording,
      declineLabel: t.reject,
    });
    popups.set('recording', popup);
    void popup.result.then((answer) => {
      if (
        answer === null ||
        recording.snapshot.state !== 'requesting' ||
        recording.snapshot.agentId !== from.agentId
      ) {
        return;
      }
      if (answer) {
        recording.accept();
        emit('recording_accepted', { agentId: from.agentId });
      } else {
        recording.reject();
        emit('recording_rejected', { agentId: from.agentId });
      }
    });
  };

  // --- Agents joining and leaving ----------------------------------------------------------------------------
  const onAgentJoined = (payload: unknown) => {
    const from = agentFrom(payload);
    const peerId = record(payload)['peerId'];
    if (!from || typeof peerId !== 'string') {
      return;
    }
    agents.set(from.agentId, { ...from, peerId });
    startStreaming();
    // After a reload: the call of this agent goes on (its start time from sessionStorage; the agent dials again),
    // and its control comes back when the page is visible.
    if (storedCallAgent() === from.agentId && call.snapshot.state === 'none') {
      void connectCall(from.agentId).then((ready) => {
        if (ready && call.resume(from.agentId)) {
          emit('call_answered', { agentId: from.agentId });
        }
      });
    }
    if (document.visibilityState === 'visible' && control.visible([...agents.keys()])) {
      emit('control_granted', { agentId: from.agentId });
    }
    reflect();
  };
  const onAgentLeft = (payload: unknown) => {
    const from = agentFrom(payload);
    if (!from || !agents.delete(from.agentId)) {
      return;
    }
    if (call.snapshot.agentId === from.agentId) {
      call.end('agent', from.agentId);
    }
    if (control.snapshot.agentId === from.agentId) {
      control.release(from.agentId);
    }
    recording.stop(from.agentId);
    overlays?.hidePointer();
    if (agents.size === 0) {
      stopStreaming();
    }
    reflect();
  };

  const onVisibility = () => {
    const visible = document.visibilityState === 'visible';
    emit('page_visibility', { visible });
    const agentId = control.snapshot.agentId;
    if (!visible && control.hidden() && agentId) {
      emit('control_released', { agentId });
    } else if (visible && control.visible([...agents.keys()]) && control.snapshot.agentId) {
      emit('control_granted', { agentId: control.snapshot.agentId });
    }
  };
  document.addEventListener('visibilitychange', onVisibility);

  const languageObserver = new MutationObserver(() => overlays?.setTexts(texts()));
  languageObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });

  // --- The socket --------------------------------------------------------------------------------------------
  const disconnect = () => {
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    status.socket = 'closed';
    agents.clear();
    stopStreaming();
    reflect();
  };
  const connect = (started: PluginContext) => {
    const sameSession = context?.sessionID === started.sessionID;
    context = started;
    if (socket && sameSession) {
      // A new token for the same session (the tracker's 401 restart): reconnect with it.
      socket.auth = { identity: 'session', token: started.token, tabId: started.tabId };
      socket.disconnect().connect();
      return;
    }
    disconnect();
    if (!sameSession) {
      call.end('agent');
      control.release();
      recording.stop();
      peer?.destroy();
      peer = null;
    }
    status.socket = 'opening';
    const created = io(options.socketUrl ?? location.origin, {
      path: ASSIST_SOCKET_PATH,
      auth: { identity: 'session', token: started.token, tabId: started.tabId },
      transports: ['websocket'],
      ...SOCKET_RECONNECTION,
    });
    socket = created;
    created.on('connect', () => {
      status.socket = 'open';
      emit('page_visibility', { visible: document.visibilityState === 'visible' });
      reflect();
    });
    created.on('disconnect', () => {
      status.socket = created.active ? 'opening' : 'closed';
      agents.clear();
      stopStreaming();
      reflect();
    });
    created.on('connect_error', (error: Error) => {
      status.socket = created.active ? 'opening' : 'closed';
      log(`Assist socket: ${error.message}`);
      reflect();
    });
    created.io.on('reconnect_failed', () => {
      status.socket = 'closed';
      reflect();
    });
    created.on('agent_joined', onAgentJoined);
    created.on('agent_left', onAgentLeft);
    created.on('call_request', onCallRequest);
    created.on('call_end', (payload: unknown) => {
      const from = agentFrom(payload);
      if (from && !call.end('agent', from.agentId)) {
        log(`call_end from an unknown agent ${from.agentId}`);
      }
    });
    created.on('control_request', onControlRequest);
    created.on('control_release', (payload: unknown) => {
      const from = agentFrom(payload);
      if (from && control.release(from.agentId)) {
        emit('control_released', { agentId: from.agentId });
      }
    });
    created.on('control_event', onControlEvent);
    created.on('annotation', (payload: unknown) => {
      const from = agentFrom(payload);
      const data = record(payload);
      const phase = data['phase'];
      const consented =
        from !== null &&
        ((call.snapshot.state === 'active' && call.snapshot.agentId === from.agentId) ||
          control.allows(from.agentId));
      if (
        consented &&
        (phase === 'start' || phase === 'move' || phase === 'end') &&
        typeof data['x'] === 'number' &&
        typeof data['y'] === 'number'
      ) {
        ui().annotate(phase, data['x'], data['y']);
      }
    });
    created.on('recording_request', onRecordingRequest);
    created.on('recording_stop', (payload: unknown) => {
      const from = agentFrom(payload);
      if (from && recording.stop(from.agentId)) {
        emit('recording_stopped', { agentId: from.agentId });
      }
    });
    reflect();
  };

  tracker.addPlugin({
    name: 'live-assist',
    onStart(started) {
      if (!stopped) {
        connect(started);
      }
    },
    onStop() {
      disconnect();
    },
  });
  reflect();

  return {
    status,
    get peerConnection() {
      return peer?.peerConnection ?? null;
    },
    stop() {
      stopped = true;
      for (const kind of ['call', 'control', 'recording'] as const) {
        closePopup(kind);
      }
      call.end('ended');
      control.release(); // the agents are told through control_state
      recording.stop();
      call.dispose();
      control.dispose();
      disconnect();
      peer?.destroy();
      peer = null;
      document.removeEventListener('visibilitychange', onVisibility);
      languageObserver.disconnect();
      overlays?.destroy();
      overlays = null;
    },
  };
}
