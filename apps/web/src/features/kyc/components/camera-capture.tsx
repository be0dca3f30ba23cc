import { useEffect, useRef, useState } from 'react';
import { Banner, Button } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/** The JPEG quality of a captured selfie (about 150 to 400 kB at 1280 px: far under the 8 MiB limit). */
const SELFIE_JPEG_QUALITY = 0.9;

type CameraState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'captured'; photo: Blob; url: string }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Resolves once the video has its first frame (or cannot have one). */
function framesArrive(frame: HTMLVideoElement): Promise<void> {
  if (frame.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    frame.addEventListener('loadeddata', () => resolve(), { once: true });
    frame.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Why the camera did not start, as the page explains it. */
function failureOf(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError'
    ? { kind: 'denied' }
    : { kind: 'unavailable' };
}

/**
 * A selfie from the camera (getUserMedia): a live preview, "Take the photo" draws the frame on a canvas and keeps
 * it as a JPEG, which the customer sends or retakes. A refused permission or a missing camera is explained, and
 * the caller offers an upload instead.
 */
export function CameraCapture({ onPhoto, sending }: { onPhoto: (photo: Blob) => void; sending: boolean }) {
  const { t } = useTranslation('kyc');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  useEffect(() => () => stopStream(stream.current), []);
  useEffect(() => () => (state.kind === 'captured' ? URL.revokeObjectURL(state.url) : undefined), [state]);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'unavailable' });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
        audio: false,
      });
      stream.current = media;
      const frame = video.current;
      if (frame) {
        frame.srcObject = media;
        await framesArrive(frame);
        await frame.play().catch(() => undefined);
      }
      // "Take the photo" is offered once the preview has a picture, so a capture is never an empty frame.
      setState({ kind: 'live' });
    } catch (failure) {
      setState(failureOf(failure));
    }
  };

  const capture = () => {
    const frame = video.current;
    if (!frame || frame.videoWidth === 0) {
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = frame.videoWidth;
    canvas.height = frame.videoHeight;
    canvas.getContext('2d')?.drawImage(frame, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (photo) => {
        if (photo) {
          stopStream(stream.current);
          stream.current = null;
          setState({ kind: 'captured', photo, url: URL.createObjectURL(photo) });
        }
      },
      'image/jpeg',
      SELFIE_JPEG_QUALITY,
    );
  };

  return (
    <div className="kyc-camera">
      {state.kind === 'denied' ? (
        <Banner tone="warning" title={t('selfie.deniedTitle')}>
          {t('selfie.denied')}
        </Banner>
      ) : null}
      {state.kind === 'unavailable' ? (
        <Banner tone="warning" title={t('selfie.unavailableTitle')}>
          {t('selfie.unavailable')}
        </Banner>
      ) : null}
      <video
        data-private=""
        ref={video}
        className="kyc-camera__video"
        hidden={state.kind !== 'live' && state.kind !== 'starting'}
        muted
        playsInline
        aria-label={t('selfie.preview')}
      />
      {state.kind === 'captured' ? (
        <img data-private="" className="kyc-camera__photo" src={state.url} alt={t('selfie.taken')} />
      ) : null}
      <div className="app-cluster">
        {state.kind === 'off' || state.kind === 'denied' || state.kind === 'unavailable' ? (
          <Button variant="secondary" onClick={() => void start()}>
            {state.kind === 'off' ? t('selfie.start') : t('selfie.retry')}
          </Button>
        ) : null}
        {state.kind === 'starting' || state.kind === 'live' ? (
          <Button variant="primary" onClick={capture} disabled={state.kind !== 'live'}>
            {t('selfie.capture')}
          </Button>
        ) : null}
        {state.kind === 'captured' ? (
          <>
            <Button
              variant="primary"
              loading={sending}
              loadingLabel={t('photos.uploading')}
              onClick={() => onPhoto(state.photo)}
            >
              {t('selfie.use')}
            </Button>
            <Button variant="ghost" onClick={() => void start()}>
              {t('selfie.again')}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
