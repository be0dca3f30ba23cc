import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { StaffUxtResults, StaffUxtTaskResult } from '@tessera/contracts';
import { Alert, Button, Card, Cluster, PageHeader, Table } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { resultsQueryOptions } from './studio-api.ts';
import { StudioExports } from './studio-exports.tsx';
import {
  formatDuration,
  formatRate,
  formatScore,
  participantLabels,
  studioErrorKey,
} from './studio-format.ts';
import { BackToTests, TestStatusBadge } from './studio-parts.tsx';
import { StudioParticipants } from './studio-participants.tsx';
import { SuccessText } from './studio-test-overview.tsx';
import './studio.css';

/**
 * A test's results: who took part and how it ended for them, each task's completion (claimed by 'Done, Next' and
 * measured from the session), time on task (median and 90th percentile), typed answers, SUS, recordings and the
 * sessions' replays; CSV and PDF exports. Read again every few seconds while a participant is live.
 */
export function StudioResultsPage({ testId }: { testId: string }) {
  const { t } = useTranslation('studio');
  const { api } = useRouteContext({ from: '/_staff' });
  const results = useQuery(resultsQueryOptions(api, testId));
  if (results.isError && !results.data) {
    return (
      <>
        <PageHeader title={t('results.fallbackTitle')} back={<BackToTests />} />
        <Alert>{t(studioErrorKey(results.error))}</Alert>
      </>
    );
  }
  if (!results.data) {
    return <p role="status">{t('console:loading')}</p>;
  }
  const data = results.data;
  return (
    <>
      <PageHeader
        eyebrow={t('results.eyebrow')}
        title={data.test.title}
        back={<BackToTests />}
        actions={
          <Cluster gap={3} wrap>
            <TestStatusBadge status={data.test.status} />
            <Button asChild variant="secondary">
              <Link to="/studio/$testId" params={{ testId }}>
                {t('results.openTest')}
              </Link>
            </Button>
          </Cluster>
        }
      />
      {results.isError ? <Alert tone="warning">{t(studioErrorKey(results.error))}</Alert> : null}
      <Summary results={data} onRefresh={() => void results.refetch()} refreshing={results.isFetching} />
      <StudioExports testId={testId} title={data.test.title} />
      <TaskResults results={data} />
      <Answers results={data} />
      <StudioParticipants results={data} />
    </>
  );
}

function Summary({
  results,
  onRefresh,
  refreshing,
}: {
  results: StaffUxtResults;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation('studio');
  const language = currentLanguage();
  const { summary } = results;
  const figures = [
    { key: 'participants', value: summary.participants },
    { key: 'live', value: summary.live },
    { key: 'completed', value: summary.completed },
    { key: 'skipped', value: summary.skipped },
    { key: 'aborted', value: summary.aborted },
  ] as const;
  return (
    <Card
      title={t('results.summary')}
      headingLevel={2}
      actions={
        <Button
          variant="ghost"
          size="sm"
          onClick={onRefresh}
          loading={refreshing}
          loadingLabel={t('results.refreshing')}
        >
          {t('results.refresh')}
        </Button>
      }
    >
      <dl className="studio-figures" aria-live="polite">
        {figures.map((figure) => (
          <div key={figure.key} className="studio-figure">
            <dt>{t(`results.figures.${figure.key}`)}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
        {results.test.sus ? (
          <div className="studio-figure">
            <dt>{t('results.figures.susMean')}</dt>
            <dd>
              {summary.susMean === null ? t('results.none') : formatScore(summary.susMean, language)}
              <span className="studio-figure__note">
                {t('results.susResponses', { count: summary.susResponses })}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="studio-muted">{t('results.statusLegend')}</p>
      {summary.live > 0 ? <p className="studio-muted">{t('results.liveNote')}</p> : null}
    </Card>
  );
}

function TaskResults({ results }: { results: StaffUxtResults }) {
  const { t } = useTranslation('studio');
  const language = currentLanguage();
  const byId = new Map(results.test.tasks.map((task) => [task.task_id, task]));
  const duration = (ms: number | null) => (ms === null ? t('results.none') : formatDuration(ms, language));
  const rateCell = (rate: number | null, count: number, of: number) =>
    rate === null ? t('results.none') : t('results.rateOf', { rate: formatRate(rate, language), count, of });
  return (
    <Card title={t('results.tasks')} headingLevel={2} description={t('results.tasksLead')} padding="none">
      <Table<StaffUxtTaskResult & { number: number }>
        caption={t('results.tasksCaption')}
        hideCaption
        rows={results.tasks.map((task, index) => ({ ...task, number: index + 1 }))}
        getRowKey={(row) => String(row.task_id)}
        empty={t('results.noTasks')}
        density="compact"
        columns={[
          {
            key: 'task',
            header: t('results.task'),
            rowHeader: true,
            width: '14rem',
            cell: (row) => t('results.taskLabel', { number: row.number, title: row.title }),
          },
          { key: 'reached', header: t('results.reached'), numeric: true, cell: (row) => row.reached },
          {
            key: 'claimed',
            header: t('results.claimed'),
            numeric: true,
            cell: (row) => rateCell(row.completionRate, row.completed, row.reached),
          },
          {
            key: 'measured',
            header: t('results.measured'),
            cell: (row) => {
              const task = byId.get(row.task_id);
              return (
                <span className="studio-cell-stack">
                  <span>
                    {task?.success
                      ? rateCell(row.measuredSuccessRate, row.measuredSuccesses, row.reached)
                      : t('results.notMeasured')}
                  </span>
                  {task?.success ? (
                    <span className="studio-muted">
                      <SuccessText task={task} />
                    </span>
                  ) : null}
                </span>
              );
            },
          },
          {
            key: 'median',
            header: t('results.median'),
            numeric: true,
            cell: (row) => duration(row.timeOnTaskMedianMs),
          },
          {
            key: 'p90',
            header: t('results.p90'),
            numeric: true,
            cell: (row) => duration(row.timeOnTaskP90Ms),
          },
        ]}
      />
    </Card>
  );
}

function Answers({ results }: { results: StaffUxtResults }) {
  const { t } = useTranslation('studio');
  const labels = participantLabels(results.participants.map((participant) => participant.participantId));
  const typed = results.tasks.filter((task) =>
    results.test.tasks.some((item) => item.task_id === task.task_id && item.allow_typing),
  );
  if (typed.length === 0) {
    return null;
  }
  return (
    <Card title={t('results.answers')} headingLevel={2}>
      {typed.map((task) => (
        <section key={task.task_id} className="studio-answers" aria-labelledby={`answers-${task.task_id}`}>
          <h3 id={`answers-${task.task_id}`} className="studio-subtitle">
            {task.title}
          </h3>
          {task.answers.length === 0 ? (
            <p className="studio-muted">{t('results.noAnswers')}</p>
          ) : (
            <ul className="studio-answer-list">
              {task.answers.map((answer) => (
                <li key={answer.participantId}>
                  <span className="studio-answer__who">
                    {t('results.participantLabel', { number: labels.get(answer.participantId) ?? '?' })}
                  </span>
                  <q className="studio-prose">{answer.answer}</q>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </Card>
  );
}
