/**
 * Recording what the agent sees and hears (issue #18), once the customer accepted: MediaRecorder, video/webm, 30 fps
 * at 1280x720 (spec section 9). With a call on, a canvas draws the customer's video with the agent's own in a
 * corner and both voices are mixed; without a call, the agent shares this console tab (the browser asks which
 * surface), which shows the customer's page. The recording stops by itself before the server's size limit.
 */
import { ASSIST_RECORDING, ASSIST_RECORDING_SIZE_LIMIT } from '@tessera/contracts';

/** Neither a call nor a shared screen to record. */
export class RecordingSourceError extends Error {
  override readonly name = 'RecordingSourceError';
}

/** A margin under the server's limit, for the container's last bytes. */
const SIZE_MARGIN = 1024 * 1024;

export interface RecordingResult {
  blob: Blob;
  durationMs: number;
}

/** How long stopping waits for a recording's first data (a recording stopped at once). */
const FIRST_DATA_WAIT_MS = 5_000;

export class AgentRecorder {
  private recorder: MediaRecorder | null = null;
  private readonly chunks: Blob[] = [];
  private size = 0;
  private startedAt = 0;
  private cleanups: (() => void)[] = [];
  private done: Promise<RecordingResult> | null = null;

  /** Starts recording the call's media when given, else a shared tab; throws RecordingSourceError. */
  async start(call: { local: MediaStream | null; remote: MediaStream | null }): Promise<void> {
    const stream = call.remote ? this.callMix(call.remote, call.local) : await this.sharedTab();
    const mimeType = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', ASSIST_RECORDING.mimeType].find(
      (type) => MediaRecorder.isTypeSupported(type),
    );
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
    this.recorder = recorder;
    this.startedAt = performance.now();
    this.done = new Promise((resolve) => {
      recorder.addEventListener('stop', () => {
        this.cleanups.forEach((cleanup) => cleanup());
        this.cleanups = [];
        resolve({
          blob: new Blob(this.chunks, { type: ASSIST_RECORDING.mimeType }),
          durationMs: Math.round(performance.now() - this.startedAt),
        });
      });
    });
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) {
        return;
      }
      this.chunks.push(event.data);
      this.size += event.data.size;
      if (this.size > ASSIST_RECORDING_SIZE_LIMIT - SIZE_MARGIN && recorder.state === 'recording') {
        recorder.stop();
      }
    });
    recorder.start(1000);
  }

  get recording(): boolean {
    return this.recorder?.state === 'recording';
  }

  /** Stops and gives the recording (also after the recorder stopped by itself). */
  async stop(): Promise<RecordingResult | null> {
    if (!this.recorder || !this.done) {
      return null;
    }
    if (this.recorder.state === 'recording' && this.size === 0) {
      await this.firstData(this.recorder);
    }
    if (this.recorder.state !== 'inactive') {
      this.recorder.stop();
    }
    return this.done;
  }

  /**
   * A recording stopped right after it started may hold nothing yet (the encoder hands data over once a second):
   * asks for what it has and waits for the first data, a few seconds at most.
   */
  private firstData(recorder: MediaRecorder): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        window.clearTimeout(timer);
        recorder.removeEventListener('dataavailable', onData);
        resolve();
      };
      const onData = (event: BlobEvent) => {
        if (event.data.size > 0) {
          finish();
        }
      };
      const timer = window.setTimeout(finish, FIRST_DATA_WAIT_MS);
      recorder.addEventListener('dataavailable', onData);
      recorder.requestData();
    });
  }

  /** Drops everything (leaving the page mid-recording). */
  abort(): void {
    if (this.recorder && this.recorder.state !== 'inactive') {
      this.recorder.stop();
    }
    this.cleanups.forEach((cleanup) => cleanup());
    this.cleanups = [];
  }

  private callMix(remote: MediaStream, local: MediaStream | null): MediaStream {
    const { width, height, fps } = ASSIST_RECORDING;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    const video = (stream: MediaStream) => {
      const element = document.createElement('video');
      element.muted = true;
      element.playsInline = true;
      element.srcObject = stream;
      void element.play().catch(() => undefined);
      return element;
    };
    const remoteVideo = video(remote);
    const localVideo = local && local.getVideoTracks().length > 0 ? video(local) : null;
    const draw = () => {
      if (!context) {
        return;
      }
      context.fillStyle = '#000';
      context.fillRect(0, 0, width, height);
      if (remoteVideo.videoWidth > 0) {
        context.drawImage(remoteVideo, 0, 0, width, height);
      }
      if (localVideo && localVideo.videoWidth > 0) {
        context.drawImage(localVideo, width - 330, height - 190, 320, 180);
      }
    };
    const timer = window.setInterval(draw, Math.round(1000 / fps));
    const audio = new AudioContext();
    const mix = audio.createMediaStreamDestination();
    for (const stream of [remote, local]) {
      if (stream && stream.getAudioTracks().length > 0) {
        audio.createMediaStreamSource(stream).connect(mix);
      }
    }
    const captured = canvas.captureStream(fps);
    this.cleanups.push(() => {
      window.clearInterval(timer);
      captured.getTracks().forEach((track) => track.stop());
      void audio.close();
      remoteVideo.srcObject = null;
      if (localVideo) {
        localVideo.srcObject = null;
      }
    });
    return new MediaStream([...captured.getVideoTracks(), ...mix.stream.getAudioTracks()]);
  }

  private async sharedTab(): Promise<MediaStream> {
    try {
      const { width, height, fps } = ASSIST_RECORDING;
      const stream = await navigator.mediaDevices.getDisplayMedia({
        video: { width, height, frameRate: fps },
        audio: false,
        // Chromium: offer this tab first (what the agent sees).
        preferCurrentTab: true,
      } as DisplayMediaStreamOptions);
      this.cleanups.push(() => stream.getTracks().forEach((track) => track.stop()));
      return stream;
    } catch (error) {
      throw new RecordingSourceError(error instanceof Error ? error.name : 'unknown');
    }
  }
}
