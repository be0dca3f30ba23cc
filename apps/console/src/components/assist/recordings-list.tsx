import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { AssistRecording } from '@tessera/contracts';
import { Alert, Button, Card } from '@tessera/ui';
import { useEffect, useState } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { dateTimeFormat } from '../support/support-api.ts';
import { assistErrorKey, recordingBlob, recordingsQueryOptions } from './assist-api.ts';
import { formatDuration } from './assist-math.ts';

/** The session's recordings (issue #18), newest first, each played on demand (read with the staff token). */
export function RecordingsList({ sessionId, reference }: { sessionId: string; reference: string }) {
  const { t } = useTranslation('assist');
  const { api } = useRouteContext({ from: '/_staff' });
  const list = useQuery(recordingsQueryOptions(api, sessionId, reference));
  const recordings = [...(list.data?.recordings ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <Card as="section" title={t('recording.list')} headingLevel={2} aria-label={t('recording.list')}>
      {list.isError ? <Alert>{t(assistErrorKey(list.error))}</Alert> : null}
      {list.isPending ? <p className="support-muted">{t('console:loading')}</p> : null}
      {list.isSuccess && recordings.length === 0 ? (
        <p className="support-muted">{t('recording.empty')}</p>
      ) : null}
      {recordings.length > 0 ? (
        <ul className="assist-recordings">
          {recordings.map((recording) => (
            <RecordingItem key={recording.id} recording={recording} reference={reference} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function RecordingItem({ recording, reference }: { recording: AssistRecording; reference: string }) {
  const { t } = useTranslation('assist');
  const { auth } = useRouteContext({ from: '/_staff' });
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const time = dateTimeFormat(currentLanguage()).format(new Date(recording.createdAt));
  const size = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(
    recording.size / 1_000_000,
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const load = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const blob = await recordingBlob(auth, recording.sessionId, recording.id, reference);
      setUrl(URL.createObjectURL(blob));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <li className="assist-recording">
      <span className="support-stack">
        <strong>{t('recording.item', { time })}</strong>
        <span className="support-muted">
          {t('recording.meta', { duration: formatDuration(recording.durationMs / 1000), size })}
        </span>
      </span>
      {url ? (
        <video
          className="assist-recording__video"
          src={url}
          controls
          aria-label={t('recording.item', { time })}
        />
      ) : (
        <Button variant="secondary" size="sm" disabled={loading} onClick={() => void load()}>
          {t('recording.play', { time })}
        </Button>
      )}
      {failed ? <Alert tone="warning">{t('recording.loadFailed')}</Alert> : null}
    </li>
  );
}
