/**
 * The participant's camera and microphone (spec section 7: getUserMedia at 1280x720 and 30 fps, MediaRecorder
 * video/webm). The bit rates keep a recording of about 11 minutes under the ingest's 50 MiB limit.
 */
import type { RecordingState, UxtRecorder } from './types.ts';

export const VIDEO_CONSTRAINTS = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 30 },
} as const;
const VIDEO_BITS_PER_SECOND = 550_000;
const AUDIO_BITS_PER_SECOND = 64_000;
/** A chunk every second, so that stopping loses nothing. */
const TIMESLICE_MS = 1000;

function webmType(): string {
  for (const type of ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm']) {
    if (MediaRecorder.isTypeSupported(type)) {
      return type;
    }
  }
  return 'video/webm';
}

export function createMediaRecorder(): UxtRecorder {
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let chunks: Blob[] = [];

  const release = () => {
    for (const track of stream?.getTracks() ?? []) {
      track.stop();
    }
    stream = null;
  };

  return {
    async start({ audio, video }): Promise<RecordingState> {
      if (
        typeof MediaRecorder === 'undefined' ||
        typeof navigator.mediaDevices?.getUserMedia !== 'function' ||
        (!audio && !video)
      ) {
        return 'unsupported';
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio,
          video: video ? VIDEO_CONSTRAINTS : false,
        });
      } catch {
        return 'denied'; // refused, or no such device: the test goes on without a recording
      }
      try {
        chunks = [];
        recorder = new MediaRecorder(stream, {
          mimeType: webmType(),
          videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
          audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
        });
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) {
            chunks.push(event.data);
          }
        };
        recorder.start(TIMESLICE_MS);
        return 'recording';
      } catch {
        release();
        recorder = null;
        return 'unsupported';
      }
    },
    async stop() {
      const active = recorder;
      recorder = null;
      if (!active) {
        return null;
      }
      if (active.state !== 'inactive') {
        await new Promise<void>((resolve) => {
          active.addEventListener('stop', () => resolve(), { once: true });
          active.stop();
        });
      }
      release();
      const blob = new Blob(chunks, { type: 'video/webm' });
      chunks = [];
      return blob.size > 0 ? blob : null;
    },
    discard() {
      const active = recorder;
      recorder = null;
      if (active) {
        active.ondataavailable = null;
        if (active.state !== 'inactive') {
          active.stop();
        }
      }
      release();
      chunks = [];
    },
  };
}
