import { Link, useRouteContext } from '@tanstack/react-router';
import type { StaffUxtParticipant, StaffUxtResults } from '@tessera/contracts';
import { Badge, Card, Table } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { mayWatchReplays } from './studio-api.ts';
import {
  formatDateTime,
  formatDuration,
  formatScore,
  participantLabels,
  participantTone,
  taskStateKey,
} from './studio-format.ts';
import { RecordingPlayer } from './studio-recording.tsx';

type Row = StaffUxtParticipant & { number: number };

/**
 * The participants: a table of how each run went, then one section per participant with each task (state, time,
 * measured success, typed answer), the recordings and the link to the session's replay.
 */
export function StudioParticipants({ results }: { results: StaffUxtResults }) {
  const { t } = useTranslation('studio');
  const language = currentLanguage();
  const labels = participantLabels(results.participants.map((participant) => participant.participantId));
  const rows: Row[] = results.participants.map((participant) => ({
    ...participant,
    number: labels.get(participant.participantId) ?? 0,
  }));
  const total = results.test.tasks.length;
  return (
    <>
      <Card title={t('results.participants')} headingLevel={2} padding="none">
        <Table<Row>
          caption={t('results.participantsCaption')}
          hideCaption
          rows={rows}
          getRowKey={(row) => row.participantId}
          empty={t('results.noParticipants')}
          density="compact"
          columns={[
            {
              key: 'who',
              header: t('results.participant'),
              rowHeader: true,
              cell: (row) => (
                <a href={`#participant-${row.number}`}>
                  {t('results.participantLabel', { number: row.number })}
                </a>
              ),
            },
            {
              key: 'status',
              header: t('results.state'),
              cell: (row) => (
                <Badge tone={participantTone(row.status)}>{t(`participantStatus.${row.status}`)}</Badge>
              ),
            },
            {
              key: 'started',
              header: t('results.started'),
              cell: (row) => formatDateTime(row.startedAt, language),
            },
            {
              key: 'duration',
              header: t('results.duration'),
              numeric: true,
              cell: (row) =>
                row.durationMs === null ? t('results.none') : formatDuration(row.durationMs, language),
            },
            {
              key: 'done',
              header: t('results.tasksDone'),
              numeric: true,
              cell: (row) =>
                t('results.doneOf', {
                  count: row.tasks.filter((task) => task.status === 'done').length,
                  of: total,
                }),
            },
            ...(results.test.sus
              ? [
                  {
                    key: 'sus',
                    header: t('results.sus'),
                    numeric: true,
                    cell: (row: Row) =>
                      row.susScore === null ? t('results.none') : formatScore(row.susScore, language),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {rows.map((row) => (
        <ParticipantDetail key={row.participantId} results={results} participant={row} />
      ))}
    </>
  );
}

function ParticipantDetail({ results, participant }: { results: StaffUxtResults; participant: Row }) {
  const { t } = useTranslation('studio');
  const { session } = useRouteContext({ from: '/_staff' });
  const language = currentLanguage();
  const label = t('results.participantLabel', { number: participant.number });
  const titles = new Map(results.test.tasks.map((task) => [task.task_id, task.title]));
  const measured = new Set(results.test.tasks.filter((task) => task.success).map((task) => task.task_id));
  return (
    <Card
      as="section"
      id={`participant-${participant.number}`}
      aria-label={label}
      title={label}
      headingLevel={2}
      actions={
        <Badge tone={participantTone(participant.status)}>
          {t(`participantStatus.${participant.status}`)}
        </Badge>
      }
    >
      <ol className="studio-run">
        {participant.tasks.map((task) => (
          <li key={task.task_id} className="studio-run__task">
            <span className="studio-run__title">{titles.get(task.task_id) ?? task.task_id}</span>
            <span>
              {t(taskStateKey(task.status))}
              {task.durationMs === null ? null : ` · ${formatDuration(task.durationMs, language)}`}
              {measured.has(task.task_id) && task.measuredSuccess !== null && task.status !== 'begin'
                ? ` · ${task.measuredSuccess ? t('results.measuredYes') : t('results.measuredNo')}`
                : null}
            </span>
            {task.answer ? (
              <span className="studio-run__answer">
                {t('results.answer')} <q>{task.answer}</q>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {participant.recordings.length === 0 ? (
        <p className="studio-muted">{t('results.noRecording')}</p>
      ) : (
        participant.recordings.map((recording, index) => (
          <RecordingPlayer
            key={recording.id}
            testId={results.test.id}
            recording={recording}
            label={
              participant.recordings.length > 1
                ? t('results.recordingOfNumbered', { who: label, number: index + 1 })
                : t('results.recordingOf', { who: label })
            }
            playLabel={
              participant.recordings.length > 1
                ? t('results.playOfNumbered', { who: label, number: index + 1 })
                : t('results.playOf', { who: label })
            }
          />
        ))
      )}
      <p>
        {mayWatchReplays(session) ? (
          <Link
            to="/sessions/$sessionId"
            params={{ sessionId: participant.sessionID }}
            search={{ ref: `uxt:${results.test.id}` }}
            aria-label={t('results.replayOf', { who: label })}
          >
            {t('results.replay')}
          </Link>
        ) : (
          <span className="studio-muted">
            {t('results.replayNotAllowed', { session: participant.sessionID })}
          </span>
        )}
      </p>
    </Card>
  );
}
