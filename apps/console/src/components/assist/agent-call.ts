/**
 * The agent's call with the customer's tab (issue #18): PeerJS against our own PeerServer (ASSIST_PEER_PATH on
 * this origin, the session's project key, the staff token, the ICE servers of /config.json; never the public cloud
 * defaults), the agent's camera and microphone, the remote media, mute and camera toggles, and the connection's
 * state and received bytes read from getStats every second (spec section 9: "Remote video check every 1 s").
 *
 * Who dials: the customer answers the `call_request` on their page; then the console calls the tab's peer id with
 * its stream. If the tab dials the agent instead, the console answers that call (and does not dial).
 */
import {
  ASSIST_PEER_HEARTBEAT_MS,
  ASSIST_PEER_PATH,
  ASSIST_PEER_RECONNECT_ATTEMPTS,
  assistPeerReconnectDelayMs,
  ASSIST_REMOTE_VIDEO_CHECK_MS,
  type AssistIceServer,
} from '@tessera/contracts';
import { type MediaConnection, Peer } from 'peerjs';

export interface CallSnapshot {
  local: MediaStream | null;
  remote: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  connectionState: string | null;
  bytesReceived: number;
  startedAt: number | null;
}

/** The agent's media could not be had (no device, permission refused): the call cannot start. */
export class MediaUnavailableError extends Error {
  override readonly name = 'MediaUnavailableError';
}

const emptySnapshot: CallSnapshot = {
  local: null,
  remote: null,
  muted: false,
  cameraOff: false,
  connectionState: null,
  bytesReceived: 0,
  startedAt: null,
};

declare global {
  interface Window {
    /** For the journeys: the agent's current call connection (null without a call). */
    __tesseraAssist?: { peerConnection: RTCPeerConnection | null };
  }
}

export class AgentCall {
  snapshot: CallSnapshot = emptySnapshot;
  private peer: Peer | null = null;
  private media: MediaConnection | null = null;
  private statsTimer: number | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly options: {
      peerId: string;
      projectKey: string;
      token: () => Promise<string | null>;
      iceServers: AssistIceServer[];
      /** Peer ids of the session's tabs: only their calls are answered. */
      isTabPeer: (peerId: string) => boolean;
      onEnded: () => void;
    },
  ) {}

  /** The agent's camera and microphone (a call needs a local stream); throws MediaUnavailableError. */
  async prepare(): Promise<void> {
    if (this.snapshot.local) {
      return;
    }
    let local: MediaStream;
    try {
      local = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
    } catch {
      try {
        // No camera: a voice call still helps.
        local = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        throw new MediaUnavailableError(error instanceof Error ? error.name : 'unknown');
      }
    }
    this.set({ local, muted: false, cameraOff: local.getVideoTracks().length === 0 });
    await this.openPeer();
  }

  /** After the customer answered: dial the tab (unless the tab already called). */
  dial(tabPeerId: string, metadata: { agentId: string; name: string }): void {
    const local = this.snapshot.local;
    if (!this.peer || !local || this.media) {
      return;
    }
    this.attach(this.peer.call(tabPeerId, local, { metadata }));
  }

  toggleMute(): void {
    const muted = !this.snapshot.muted;
    this.snapshot.local?.getAudioTracks().forEach((track) => {
      track.enabled = !muted;
    });
    this.set({ muted });
  }

  toggleCamera(): void {
    const cameraOff = !this.snapshot.cameraOff;
    this.snapshot.local?.getVideoTracks().forEach((track) => {
      track.enabled = !cameraOff;
    });
    this.set({ cameraOff });
  }

  /** Ends the call: the media connection closes and the camera and microphone are released. */
  hangUp(): void {
    const media = this.media;
    this.media = null;
    media?.close();
    window.clearInterval(this.statsTimer);
    this.snapshot.local?.getTracks().forEach((track) => track.stop());
    this.set({ ...emptySnapshot });
    window.__tesseraAssist = { peerConnection: null };
  }

  /** Leaves for good: the call and the peer. */
  destroy(): void {
    this.hangUp();
    this.peer?.destroy();
    this.peer = null;
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snapshot;

  private async openPeer(): Promise<void> {
    if (this.peer && !this.peer.destroyed) {
      return;
    }
    const secure = window.location.protocol === 'https:';
    const port = Number(window.location.port) || (secure ? 443 : 80);
    const token = (await this.options.token()) ?? '';
    const peer = new Peer(this.options.peerId, {
      host: window.location.hostname,
      port,
      path: ASSIST_PEER_PATH,
      key: this.options.projectKey,
      token,
      secure,
      debug: 0,
      pingInterval: ASSIST_PEER_HEARTBEAT_MS,
      config: { iceServers: this.options.iceServers as RTCIceServer[] },
    });
    this.peer = peer;
    peer.on('call', (incoming) => {
      const local = this.snapshot.local;
      if (!local || this.media || !this.options.isTabPeer(incoming.peer)) {
        incoming.close();
        return;
      }
      incoming.answer(local);
      this.attach(incoming);
    });
    // Spec section 9: a peer that lost the server reconnects, up to 30 attempts, 2 * min(n, 8) s apart.
    let attempts = 0;
    peer.on('open', () => {
      attempts = 0;
    });
    peer.on('disconnected', () => {
      if (peer.destroyed || this.peer !== peer || attempts >= ASSIST_PEER_RECONNECT_ATTEMPTS) {
        return;
      }
      attempts += 1;
      window.setTimeout(() => {
        if (!peer.destroyed && peer.disconnected) {
          peer.reconnect();
        }
      }, assistPeerReconnectDelayMs(attempts));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        peer.once('open', () => resolve());
        peer.once('error', (error) => reject(error));
      });
    } catch (error) {
      peer.destroy();
      this.peer = null;
      throw error;
    }
  }

  private attach(media: MediaConnection): void {
    this.media = media;
    this.set({ startedAt: Date.now() });
    window.__tesseraAssist = { peerConnection: media.peerConnection ?? null };
    media.on('stream', (remote) => {
      window.__tesseraAssist = { peerConnection: media.peerConnection ?? null };
      this.set({ remote });
    });
    media.on('close', () => {
      if (this.media === media) {
        this.hangUp();
        this.options.onEnded();
      }
    });
    window.clearInterval(this.statsTimer);
    this.statsTimer = window.setInterval(() => void this.readStats(media), ASSIST_REMOTE_VIDEO_CHECK_MS);
  }

  private async readStats(media: MediaConnection): Promise<void> {
    const connection = media.peerConnection;
    if (!connection || this.media !== media) {
      return;
    }
    let bytesReceived = 0;
    const stats = await connection.getStats();
    stats.forEach((report: { type?: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp' && typeof report.bytesReceived === 'number') {
        bytesReceived += report.bytesReceived;
      }
    });
    this.set({ connectionState: connection.connectionState, bytesReceived });
  }

  private set(patch: Partial<CallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) {
      listener();
    }
  }
}
