import { useRouteContext } from '@tanstack/react-router';
import type { StaffUxtRecording } from '@tessera/contracts';
import { Alert, Button } from '@tessera/ui';
import { useEffect, useMemo, useState } from 'react';
import { createBlobReader } from '../../lib/api.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { readRecording } from './studio-api.ts';
import { formatDateTime, formatSize, studioErrorKey } from './studio-format.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; error: unknown };

/**
 * A participant's camera and microphone recording. It is read on request (recordings are large), with the staff
 * token and the audit reason, and played from an object URL released when the player goes away.
 */
export function RecordingPlayer({
  testId,
  recording,
  label,
  playLabel,
}: {
  testId: string;
  recording: StaffUxtRecording;
  /** What the recording is ('Recording of P1'). */
  label: string;
  /** The load button's accessible name ('Load the recording of P1'). */
  playLabel: string;
}) {
  const { t } = useTranslation('studio');
  const { auth } = useRouteContext({ from: '/_staff' });
  const read = useMemo(() => createBlobReader(auth), [auth]);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const language = currentLanguage();
  useEffect(
    () => () => {
      if (state.kind === 'ready') {
        URL.revokeObjectURL(state.url);
      }
    },
    [state],
  );
  const load = async () => {
    setState({ kind: 'loading' });
    try {
      const blob = await readRecording(read, testId, recording.url);
      setState({ kind: 'ready', url: URL.createObjectURL(blob) });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };
  return (
    <figure className="studio-recording">
      <figcaption>
        {label}{' '}
        <span className="studio-muted">
          {t('results.recordingFacts', {
            at: formatDateTime(recording.createdAt, language),
            size: formatSize(recording.size, language),
          })}
        </span>
      </figcaption>
      {state.kind === 'ready' ? (
        <video className="studio-video" controls preload="metadata" src={state.url} aria-label={label}>
          {t('results.noVideo')}
        </video>
      ) : (
        <Button
          variant="secondary"
          loading={state.kind === 'loading'}
          loadingLabel={t('results.loadingRecording')}
          onClick={() => void load()}
          aria-label={playLabel}
        >
          {t('results.play')}
        </Button>
      )}
      {state.kind === 'failed' ? <Alert>{t(studioErrorKey(state.error))}</Alert> : null}
    </figure>
  );
}
