/**
 * The tab's side of a call: a PeerJS peer against our own PeerServer (host, port, path, key, token and ICE servers
 * from the options; never the public cloud defaults), the customer's microphone (a call requires a local media
 * stream; a refused microphone or no audio track ends the call), a placeholder video track (60 fps on a 2x2
 * canvas) replaced by the camera when the customer turns it on, and the agent's incoming media call answered only
 * when it comes from the peer id of the agent whose call the customer accepted.
 * Peer lifecycle (spec section 4): open, disconnected (reconnects while not destroyed: up to 30 attempts, waiting
 * 2 * min(n, 8) s), destroyed.
 */
import { Peer, type MediaConnection, type PeerError } from 'peerjs';
import {
  DEFAULT_PEER_PORT,
  PEER_HEARTBEAT_MS,
  PEER_RECONNECT_ATTEMPTS,
  PLACEHOLDER_VIDEO_FPS,
  PLACEHOLDER_VIDEO_SIZE,
} from './constants.ts';
import { peerErrorText, peerReconnectDelay } from './rules.ts';

export const LOCAL_STREAM_REQUIRED = 'A call requires a local media stream';

export interface PeerOptions {
  host: string;
  port?: number;
  /** The PeerServer's mount point ('/assist'). */
  path: string;
  /** The project key (the PeerServer's key). */
  key: string;
  secure: boolean;
  iceServers: RTCIceServer[];
}

export type PeerState = 'not open' | 'open' | 'disconnected' | 'destroyed';

export interface TabCallEvents {
  /** The agent's media arrived (or went: null). */
  onRemote(stream: MediaStream | null): void;
  /** The media connection closed or failed: the call ends. */
  onClosed(): void;
  log(message: string): void;
}

export interface TabPeer {
  readonly state: PeerState;
  /** Accepts the next media call from `agentPeerId` with the local stream (an accepted call). */
  expect(agentPeerId: string, local: MediaStream, events: TabCallEvents): void;
  /** Closes the current media call (the peer stays). */
  hangUp(): void;
  destroy(): void;
  /** The current media connection's RTCPeerConnection (tests, journeys). */
  readonly peerConnection: RTCPeerConnection | null;
}

export function openTabPeer(
  peerId: string,
  token: string,
  options: PeerOptions,
  log: (message: string) => void,
  onState?: (state: PeerState) => void,
): TabPeer {
  let state: PeerState = 'not open';
  let everOpened = false;
  let attempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let expected: { agentPeerId: string; local: MediaStream; events: TabCallEvents } | null = null;
  let media: MediaConnection | null = null;
  const setState = (next: PeerState) => {
    state = next;
    onState?.(next);
  };
  const peer = new Peer(peerId, {
    host: options.host,
    port: options.port ?? DEFAULT_PEER_PORT,
    path: options.path,
    key: options.key,
    token,
    secure: options.secure,
    debug: 0,
    pingInterval: PEER_HEARTBEAT_MS,
    config: { iceServers: options.iceServers },
  });
  peer.on('open', () => {
    everOpened = true;
    attempts = 0;
    setState('open');
  });
  peer.on('disconnected', () => {
    if (peer.destroyed) {
      return;
    }
    setState('disconnected');
    if (attempts >= PEER_RECONNECT_ATTEMPTS) {
      log('Lost connection to server.');
      return;
    }
    attempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (!peer.destroyed && peer.disconnected) {
        peer.reconnect();
      }
    }, peerReconnectDelay(attempts));
  });
  peer.on('close', () => setState('destroyed'));
  peer.on('error', (error: PeerError<string>) => {
    log(peerErrorText(error.type, error.message));
  });
  peer.on('call', (incoming) => {
    if (!expected || incoming.peer !== expected.agentPeerId || media) {
      incoming.close();
      return;
    }
    const { local, events } = expected;
    media = incoming;
    incoming.on('stream', (stream) => events.onRemote(stream));
    const closed = () => {
      if (media === incoming) {
        media = null;
        events.onRemote(null);
        events.onClosed();
      }
    };
    incoming.on('close', closed);
    incoming.on('error', (error) => {
      events.log(peerErrorText(error.type, error.message));
      closed();
    });
    incoming.answer(local);
  });
  return {
    get state() {
      return state;
    },
    expect(agentPeerId, local, events) {
      if (!local || local.getTracks().length === 0) {
        throw new Error(LOCAL_STREAM_REQUIRED);
      }
      expected = { agentPeerId, local, events };
    },
    hangUp() {
      expected = null;
      const current = media;
      media = null;
      current?.close();
    },
    destroy() {
      if (reconnectTimer !== null) {
        clearTimeout(reconnectTimer);
      }
      expected = null;
      media?.close();
      media = null;
      // Spec section 8: on abort, the peer disconnects if it had ever opened, and is destroyed otherwise; it is
      // not used again, so it is destroyed after the disconnect either way.
      if (everOpened) {
        peer.disconnect();
      }
      peer.destroy();
      setState('destroyed');
    },
    get peerConnection() {
      return media?.peerConnection ?? null;
    },
  };
}

/** A placeholder video track (60 fps on a 2x2 canvas), so the camera can be turned on later by replacing it. */
export function placeholderVideoTrack(): MediaStreamTrack | null {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = PLACEHOLDER_VIDEO_SIZE;
    canvas.height = PLACEHOLDER_VIDEO_SIZE;
    canvas.getContext('2d')?.fillRect(0, 0, PLACEHOLDER_VIDEO_SIZE, PLACEHOLDER_VIDEO_SIZE);
    return canvas.captureStream(PLACEHOLDER_VIDEO_FPS).getVideoTracks()[0] ?? null;
  } catch {
    return null;
  }
}

export interface LocalMedia {
  readonly stream: MediaStream;
  audioOn: boolean;
  videoOn: boolean;
  toggleAudio(): boolean;
  /** Turns the camera on or off; resolves false (and logs) when the camera cannot be had. */
  toggleVideo(peerConnection: RTCPeerConnection | null): Promise<boolean>;
  stop(): void;
}

/**
 * The customer's microphone and a placeholder video track. Rejects when the microphone is refused or gives no
 * audio track (the call then ends).
 */
export async function openLocalMedia(log: (message: string) => void): Promise<LocalMedia> {
  const audio = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
  const audioTrack = audio.getAudioTracks()[0];
  if (!audioTrack) {
    audio.getTracks().forEach((track) => track.stop());
    throw new Error('No audio track');
  }
  const placeholder = placeholderVideoTrack();
  const stream = new MediaStream([audioTrack, ...(placeholder ? [placeholder] : [])]);
  let camera: MediaStreamTrack | null = null;
  const replaceVideo = async (peerConnection: RTCPeerConnection | null, track: MediaStreamTrack | null) => {
    const sender = peerConnection
      ?.getSenders()
      .find((candidate) => candidate.track?.kind === 'video' || candidate.track === null);
    await sender?.replaceTrack(track);
  };
  const media: LocalMedia = {
    stream,
    audioOn: true,
    videoOn: false,
    toggleAudio() {
      media.audioOn = !media.audioOn;
      audioTrack.enabled = media.audioOn;
      return media.audioOn;
    },
    async toggleVideo(peerConnection) {
      if (media.videoOn && camera) {
        const old = camera;
        camera = null;
        media.videoOn = false;
        stream.removeTrack(old);
        if (placeholder) {
          stream.addTrack(placeholder);
        }
        await replaceVideo(peerConnection, placeholder).catch(() => undefined);
        old.stop();
        return false;
      }
      try {
        const video = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
        const track = video.getVideoTracks()[0];
        if (!track) {
          throw new Error('No video track');
        }
        camera = track;
        if (placeholder) {
          stream.removeTrack(placeholder);
        }
        stream.addTrack(track);
        await replaceVideo(peerConnection, track);
        media.videoOn = true;
        return true;
      } catch (error) {
        log(`Could not get the camera: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
    stop() {
      stream.getTracks().forEach((track) => track.stop());
      camera?.stop();
      placeholder?.stop();
    },
  };
  return media;
}
