import { ASSIST_CALL_DURATION_REFRESH_MS } from '@tessera/contracts';
import { Alert, Button, Card } from '@tessera/ui';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { AgentCall, CallSnapshot } from './agent-call.ts';
import { callDuration, kilobytes } from './assist-math.ts';
import type { CallNotice, CallState } from './live-assist.ts';

const noCall: CallSnapshot = {
  local: null,
  remote: null,
  muted: false,
  cameraOff: false,
  connectionState: null,
  bytesReceived: 0,
  startedAt: null,
};
const never = () => () => undefined;

/**
 * The call (issue #18): its state as the customer's tab reports it, the customer's and the agent's video, mute and
 * camera toggles, the duration ('Xm' and seconds, refreshed every 500 ms) and the connection read from getStats.
 */
export function CallPanel({
  state,
  notice,
  problem,
  call,
  disabled,
  onStart,
  onEnd,
}: {
  state: CallState;
  notice: CallNotice;
  problem: { key: string; reason: string } | null;
  call: AgentCall | null;
  disabled: boolean;
  onStart: () => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation('assist');
  const media = useSyncExternalStore(call?.subscribe ?? never, call?.getSnapshot ?? (() => noCall));
  const status = state === 'none' && notice && notice !== 'media' ? t(`call.${notice}`) : t(`call.${state}`);
  return (
    <Card title={t('call.label')} headingLevel={2} padding="sm">
      <p role="status" aria-label={t('call.label')} className="assist-state">
        {status}
      </p>
      {problem ? <Alert tone="warning">{t(problem.key, { reason: problem.reason })}</Alert> : null}
      {state === 'none' ? null : (
        <div className="assist-videos">
          <StreamVideo stream={media.remote} label={t('call.remote')} empty={t('call.noVideo')} />
          <StreamVideo stream={media.local} label={t('call.local')} empty={t('call.noVideo')} muted small />
        </div>
      )}
      {state === 'active' ? <CallFacts media={media} /> : null}
      <div className="assist-buttons">
        {state === 'none' ? (
          <Button size="sm" disabled={disabled} onClick={onStart}>
            {t('call.start')}
          </Button>
        ) : (
          <>
            <Button variant="danger" size="sm" onClick={onEnd}>
              {t('call.end')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={media.muted}
              disabled={!media.local}
              onClick={() => call?.toggleMute()}
            >
              {t('call.mute')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={media.cameraOff}
              disabled={!media.local || media.local.getVideoTracks().length === 0}
              onClick={() => call?.toggleCamera()}
            >
              {t('call.camera')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

function CallFacts({ media }: { media: CallSnapshot }) {
  const { t } = useTranslation('assist');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ASSIST_CALL_DURATION_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="assist-call-facts">
      {media.startedAt ? (
        <span>{t('call.duration', { duration: callDuration(now - media.startedAt) })}</span>
      ) : null}
      <span>
        {media.connectionState
          ? t('call.stats', { state: media.connectionState, kb: kilobytes(media.bytesReceived) })
          : t('call.statsPending')}
      </span>
    </p>
  );
}

function StreamVideo({
  stream,
  label,
  empty,
  muted = false,
  small = false,
}: {
  stream: MediaStream | null;
  label: string;
  empty: string;
  muted?: boolean;
  small?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
      if (stream) {
        void video.play().catch(() => undefined);
      }
    }
  }, [stream]);
  return (
    <figure className={`assist-video${small ? ' assist-video--small' : ''}`}>
      <video ref={ref} aria-label={label} autoPlay playsInline muted={muted} />
      <figcaption>{stream ? label : `${label}: ${empty}`}</figcaption>
    </figure>
  );
}
