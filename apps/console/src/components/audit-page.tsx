import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Alert, Button, Card, PageHeader, Table, TableScroll, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { currentLanguage, useTranslation } from '../lib/i18n.ts';

interface AuditEntry {
  id: string;
  occurredAt: string;
  actorId: string;
  actorEmail: string | null;
  action: string;
  subjectId: string | null;
  subjectEmail: string | null;
  reason: string;
}

interface Filters {
  action?: string;
  actorId?: string;
  subjectId?: string;
}

/** Admins: the append-only staff audit log, newest first, filtered by action, staff member or subject. */
export function AuditPage() {
  const { t } = useTranslation();
  const { api } = useRouteContext({ from: '/_staff' });
  const [filters, setFilters] = useState<Filters>({});
  const log = useInfiniteQuery({
    queryKey: ['audit-log', filters],
    // A log is read as it is now: every opening of the page asks again (the console's 10 s cache would show the
    // rows of a visit a moment ago, without the reads made since).
    staleTime: 0,
    refetchOnMount: 'always',
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: '50' });
      for (const [key, value] of Object.entries(filters)) {
        if (value) {
          query.set(key, value);
        }
      }
      if (pageParam) {
        query.set('before', pageParam);
      }
      return api<{ entries: AuditEntry[]; nextCursor: string | null }>(
        'GET',
        `/api/identity/audit-log?${query}`,
      );
    },
    getNextPageParam: (page) => page.nextCursor,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ action: value('action'), actorId: value('actorId'), subjectId: value('subjectId') });
  };
  const time = new Intl.DateTimeFormat(currentLanguage() === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const rows = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.lead')} />
      <Card title={t('audit.filters')} headingLevel={2}>
        <form onSubmit={submit} className="console-form console-form--inline" noValidate>
          <TextField label={t('audit.action')} name="action" hint={t('audit.actionHint')} maxLength={64} />
          <TextField label={t('audit.actorId')} name="actorId" maxLength={64} />
          <TextField label={t('audit.subjectId')} name="subjectId" maxLength={64} />
          <Button type="submit" variant="secondary">
            {t('audit.apply')}
          </Button>
        </form>
      </Card>
      {log.isError ? (
        <Alert>{t(log.error instanceof ApiError ? `errors.${log.error.code}` : 'errors.INTERNAL')}</Alert>
      ) : null}
      <Card padding="none">
        <TableScroll label={t('audit.tableCaption')}>
          <Table<AuditEntry>
            caption={t('audit.tableCaption')}
            rows={rows}
            getRowKey={(row) => row.id}
            empty={log.isPending ? t('loading') : t('audit.empty')}
            density="compact"
            columns={[
              { key: 'when', header: t('audit.when'), cell: (row) => time.format(new Date(row.occurredAt)) },
              {
                key: 'who',
                header: t('audit.who'),
                rowHeader: true,
                cell: (row) => row.actorEmail ?? row.actorId,
              },
              { key: 'what', header: t('audit.what'), cell: (row) => <code>{row.action}</code> },
              {
                key: 'subject',
                header: t('audit.subject'),
                cell: (row) => row.subjectEmail ?? row.subjectId ?? '—',
              },
              { key: 'why', header: t('audit.why'), cell: (row) => row.reason },
            ]}
          />
        </TableScroll>
      </Card>
      {log.hasNextPage ? (
        <Button variant="secondary" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('audit.more')}
        </Button>
      ) : null}
    </>
  );
}
