import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { StaffSessionSummary } from '@tessera/contracts';
import { Alert, Badge, Button, Card, Checkbox, PageHeader, Table, TableScroll, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { dateTimeFormat } from '../support/support-api.ts';
import { ReferenceField, referenceOf } from '../support/support-parts.tsx';
import { type SessionFilters, sessionsQueryOptions } from './replay-api.ts';
import { clock, pathOf } from './replay-events.ts';
import { replayErrorKey } from './replay-parts.tsx';
import './replay.css';

export interface SessionListSearch extends SessionFilters {
  ref?: string | undefined;
}

/**
 * Recorded sessions (issue #17), for support agents and admins: the case or ticket reference first (every search
 * and every replay opened is recorded in the audit log with it), then filters (customer, dates, page, errors,
 * minimum duration) and the sessions found, newest first, a page at a time.
 */
export function SessionListPage({
  search,
  onSearch,
}: {
  search: SessionListSearch;
  onSearch: (next: SessionListSearch) => void;
}) {
  const { t } = useTranslation('replay');
  const { ref: reference, ...filters } = search;
  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.lead')} />
      <SessionFiltersForm search={search} onSearch={onSearch} />
      {reference ? (
        // A new search starts again from the first page.
        <SessionResults key={JSON.stringify(search)} reference={reference} filters={filters} />
      ) : null}
    </>
  );
}

function SessionFiltersForm({
  search,
  onSearch,
}: {
  search: SessionListSearch;
  onSearch: (next: SessionListSearch) => void;
}) {
  const { t } = useTranslation('replay');
  const { t: ts } = useTranslation('support');
  const [problems, setProblems] = useState<{ reference?: string; minDuration?: string; dates?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    const reference = referenceOf(event.currentTarget);
    const minDurationText = field('minDuration');
    const minDuration = minDurationText === '' ? undefined : Number(minDurationText);
    const from = field('from');
    const to = field('to');
    const next = {
      ...(reference ? {} : { reference: ts('reference.invalid') }),
      ...(minDuration === undefined ||
      (Number.isInteger(minDuration) && minDuration >= 0 && minDuration <= 86_400)
        ? {}
        : { minDuration: t('filters.minDurationInvalid') }),
      ...(from && to && from > to ? { dates: t('filters.datesInvalid') } : {}),
    };
    setProblems(next);
    if (!reference || next.minDuration || next.dates) {
      return;
    }
    onSearch({
      ref: reference,
      ...(field('customer') ? { customer: field('customer').slice(0, 128) } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(field('page') ? { page: field('page').slice(0, 200) } : {}),
      ...(form.get('errors') ? { errors: true } : {}),
      ...(minDuration ? { minDuration } : {}),
    });
  };
  return (
    <Card title={t('filters.title')} headingLevel={2}>
      <form
        onSubmit={submit}
        className="console-form"
        noValidate
        role="search"
        aria-label={t('filters.title')}
      >
        <ReferenceField error={problems.reference} defaultValue={search.ref ?? ''} />
        <div className="console-form console-form--inline">
          <TextField
            label={t('filters.customer')}
            name="customer"
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            defaultValue={search.customer ?? ''}
            hint={t('filters.customerHint')}
          />
          <TextField
            label={t('filters.page')}
            name="page"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            defaultValue={search.page ?? ''}
            hint={t('filters.pageHint')}
          />
          <TextField label={t('filters.from')} name="from" type="date" defaultValue={search.from ?? ''} />
          <TextField
            label={t('filters.to')}
            name="to"
            type="date"
            defaultValue={search.to ?? ''}
            error={problems.dates}
          />
          <TextField
            label={t('filters.minDuration')}
            name="minDuration"
            type="number"
            inputMode="numeric"
            min={0}
            max={86400}
            step={1}
            defaultValue={search.minDuration === undefined ? '' : String(search.minDuration)}
            hint={t('filters.minDurationHint')}
            error={problems.minDuration}
          />
          <Checkbox label={t('filters.errors')} name="errors" defaultChecked={search.errors === true} />
        </div>
        <div>
          <Button type="submit">{t('filters.search')}</Button>
        </div>
      </form>
    </Card>
  );
}

function SessionResults({ reference, filters }: { reference: string; filters: SessionFilters }) {
  const { t } = useTranslation('replay');
  const { api } = useRouteContext({ from: '/_staff' });
  // The cursors of the pages seen so far: the last one is the page shown (undefined: the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const found = useQuery(sessionsQueryOptions(api, reference, filters, cursor));
  const date = dateTimeFormat(currentLanguage());
  if (found.isError) {
    return <Alert>{t(replayErrorKey(found.error))}</Alert>;
  }
  const rows = found.data?.items ?? [];
  const nextCursor = found.data?.nextCursor ?? null;
  return (
    <Card padding="none">
      <TableScroll label={t('list.results')}>
        <Table<StaffSessionSummary>
          caption={t('list.results')}
          rows={rows}
          getRowKey={(row) => row.sessionID}
          empty={found.isPending ? t('console:loading') : t('list.empty')}
          density="compact"
          columns={[
            {
              key: 'customer',
              header: t('list.customer'),
              rowHeader: true,
              cell: (row) => (
                <span className="support-stack">
                  <Link
                    to="/sessions/$sessionId"
                    params={{ sessionId: row.sessionID }}
                    search={{ ref: reference }}
                    aria-label={t('list.open', {
                      who: row.customerEmail ?? row.customerId ?? t('list.anonymous'),
                      when: date.format(new Date(row.startedAt)),
                    })}
                  >
                    {row.customerEmail ?? row.customerId ?? t('list.anonymous')}
                  </Link>
                  <span className="support-muted">{pathOf(row.firstPage)}</span>
                </span>
              ),
            },
            { key: 'start', header: t('list.start'), cell: (row) => date.format(new Date(row.startedAt)) },
            {
              key: 'duration',
              header: t('list.duration'),
              numeric: true,
              cell: (row) => clock(row.durationMs),
            },
            { key: 'pages', header: t('list.pages'), numeric: true, cell: (row) => row.pages },
            {
              key: 'errors',
              header: t('list.errors'),
              numeric: true,
              cell: (row) =>
                row.errors > 0 ? (
                  <Badge tone="danger" size="sm">
                    {t('list.errorCount', { count: row.errors })}
                  </Badge>
                ) : (
                  <span className="support-muted">{t('list.noErrors')}</span>
                ),
            },
            {
              key: 'device',
              header: t('list.device'),
              cell: (row) => (
                <span className="support-stack">
                  <span>{[row.device, row.browser].filter(Boolean).join(' · ')}</span>
                  <span className="support-muted">
                    {row.os} · {row.width}×{row.height}
                  </span>
                </span>
              ),
            },
          ]}
        />
      </TableScroll>
      {cursors.length > 1 || nextCursor ? (
        <nav className="support-pager" aria-label={t('list.pagination')}>
          <Button
            variant="secondary"
            size="sm"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((seen) => seen.slice(0, -1))}
          >
            {t('list.newer')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!nextCursor}
            onClick={() => nextCursor && setCursors((seen) => [...seen, nextCursor])}
          >
            {t('list.older')}
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
