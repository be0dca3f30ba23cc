import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { StaffUxtTestSummary } from '@tessera/contracts';
import { Alert, Button, Card, Cluster, PageHeader, Table } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { testsQueryOptions } from './studio-api.ts';
import { formatDateTime, studioErrorKey } from './studio-format.ts';
import { TestStatusBadge } from './studio-parts.tsx';
import './studio.css';

/** Researchers: every usability test, newest first, with its state and participants, and a way to a new one. */
export function StudioListPage() {
  const { t } = useTranslation('studio');
  const { api } = useRouteContext({ from: '/_staff' });
  const tests = useQuery(testsQueryOptions(api));
  const language = currentLanguage();
  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.lead')}
        actions={
          <Button asChild>
            <Link to="/studio/new">{t('list.new')}</Link>
          </Button>
        }
      />
      {tests.isError ? <Alert>{t(studioErrorKey(tests.error))}</Alert> : null}
      <Card padding="none">
        <Table<StaffUxtTestSummary>
          caption={t('list.caption')}
          hideCaption
          rows={tests.data?.items ?? []}
          getRowKey={(row) => row.id}
          empty={tests.isPending ? t('console:loading') : t('list.empty')}
          density="compact"
          columns={[
            {
              key: 'title',
              header: t('list.test'),
              rowHeader: true,
              width: '16rem',
              cell: (row) => row.title,
            },
            {
              key: 'status',
              header: t('list.status'),
              cell: (row) => <TestStatusBadge status={row.status} />,
            },
            {
              key: 'tasks',
              header: t('list.tasks'),
              numeric: true,
              cell: (row) => row.taskCount,
            },
            {
              key: 'participants',
              header: t('list.participants'),
              numeric: true,
              cell: (row) => row.participantCount,
            },
            {
              key: 'updated',
              header: t('list.updated'),
              cell: (row) => formatDateTime(row.updatedAt, language),
            },
            {
              key: 'actions',
              header: <span className="ts-visually-hidden">{t('list.actions')}</span>,
              cell: (row) => (
                <Cluster gap={2} wrap>
                  <Button asChild variant="secondary" size="sm">
                    <Link
                      to="/studio/$testId"
                      params={{ testId: row.id }}
                      aria-label={t('list.openOf', { title: row.title })}
                    >
                      {t('list.open')}
                    </Link>
                  </Button>
                  <Button asChild variant="ghost" size="sm">
                    <Link
                      to="/studio/$testId/results"
                      params={{ testId: row.id }}
                      aria-label={t('list.resultsOf', { title: row.title })}
                    >
                      {t('list.results')}
                    </Link>
                  </Button>
                </Cluster>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
