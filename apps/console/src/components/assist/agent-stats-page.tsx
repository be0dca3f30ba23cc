import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { AssistAgentStats } from '@tessera/contracts';
import { Alert, Button, Card, PageHeader, Table, TableScroll, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { dayStart } from '../replay/replay-api.ts';
import { ReferenceForm } from '../support/support-parts.tsx';
import { statsCsv, statsQueryOptions } from './assist-api.ts';
import { assistErrorKey } from './assist-api.ts';
import { formatDuration } from './assist-math.ts';
import './assist.css';

export interface StatsSearch {
  ref?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** YYYY-MM-DD of a local date. */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The period shown when none is chosen: the last 7 days, today included. */
export function defaultPeriod(today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
  return { from: isoDay(from), to: isoDay(today) };
}

/**
 * Agent statistics (issue #18), for support agents and admins: live, call and control time per agent over a period
 * (dates in the staff member's zone, the end date included), read with a case or ticket reference, and the same
 * figures as CSV.
 */
export function AgentStatsPage({
  search,
  onSearch,
}: {
  search: StatsSearch;
  onSearch: (next: StatsSearch) => void;
}) {
  const { t } = useTranslation('assist');
  if (!search.ref) {
    return (
      <>
        <PageHeader title={t('stats.title')} description={t('stats.lead')} />
        <ReferenceForm
          onSubmit={(ref) => onSearch({ ...search, ref })}
          title={t('stats.referenceTitle')}
          submitLabel={t('stats.referenceSubmit')}
        />
      </>
    );
  }
  const period = {
    ...defaultPeriod(),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  };
  return (
    <>
      <PageHeader title={t('stats.title')} description={t('stats.lead')} />
      <PeriodForm period={period} onPeriod={(next) => onSearch({ ...search, ...next })} />
      <StatsTable reference={search.ref} from={period.from} to={period.to} />
    </>
  );
}

function PeriodForm({
  period,
  onPeriod,
}: {
  period: { from: string; to: string };
  onPeriod: (next: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('assist');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    if (!dayStart(from) || !dayStart(to)) {
      setProblem(t('stats.datesMissing'));
      return;
    }
    if (from > to) {
      setProblem(t('stats.datesInvalid'));
      return;
    }
    setProblem(undefined);
    onPeriod({ from, to });
  };
  return (
    <Card padding="md">
      <form
        className="console-form console-form--inline"
        onSubmit={submit}
        noValidate
        aria-label={t('stats.title')}
      >
        <TextField label={t('stats.from')} name="from" type="date" required defaultValue={period.from} />
        <TextField
          label={t('stats.to')}
          name="to"
          type="date"
          required
          defaultValue={period.to}
          error={problem}
        />
        <div>
          <Button type="submit">{t('stats.show')}</Button>
        </div>
      </form>
    </Card>
  );
}

function StatsTable({ reference, from, to }: { reference: string; from: string; to: string }) {
  const { t } = useTranslation('assist');
  const { api, auth } = useRouteContext({ from: '/_staff' });
  const fromIso = dayStart(from) ?? '';
  // The end date is included: up to the next day's midnight (the API's `to` is exclusive).
  const toIso = dayStart(to, 1) ?? '';
  const stats = useQuery({
    ...statsQueryOptions(api, reference, fromIso, toIso),
    enabled: Boolean(fromIso && toIso),
  });
  const [csvFailed, setCsvFailed] = useState(false);
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' });
  const caption = t('stats.results', {
    from: date.format(new Date(fromIso)),
    to: date.format(new Date(dayStart(to) ?? fromIso)),
  });
  const download = async () => {
    setCsvFailed(false);
    try {
      const blob = await statsCsv(auth, reference, fromIso, toIso);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `agent-statistics-${from}-${to}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setCsvFailed(true);
    }
  };
  if (stats.isError) {
    return <Alert>{t(assistErrorKey(stats.error))}</Alert>;
  }
  const rows = [...(stats.data?.agents ?? [])].sort((a, b) => b.liveSeconds - a.liveSeconds);
  return (
    <Card padding="none">
      <div className="assist-toolbar">
        <Button variant="secondary" size="sm" onClick={() => void download()} disabled={!stats.data}>
          {t('stats.csv')}
        </Button>
        {csvFailed ? (
          <span className="console-error" role="alert">
            {t('stats.csvFailed')}
          </span>
        ) : null}
      </div>
      <TableScroll label={caption}>
        <Table<AssistAgentStats>
          caption={caption}
          rows={rows}
          getRowKey={(row) => row.agentId}
          empty={stats.isPending ? t('console:loading') : t('stats.empty')}
          density="compact"
          columns={[
            {
              key: 'agent',
              header: t('stats.agent'),
              rowHeader: true,
              cell: (row) => (
                <span className="support-stack">
                  <span>{row.name || row.agentId}</span>
                  <span className="support-muted support-code">{row.agentId}</span>
                </span>
              ),
            },
            {
              key: 'live',
              header: t('stats.live'),
              numeric: true,
              cell: (row) => formatDuration(row.liveSeconds),
            },
            {
              key: 'call',
              header: t('stats.call'),
              numeric: true,
              cell: (row) => formatDuration(row.callSeconds),
            },
            {
              key: 'control',
              header: t('stats.control'),
              numeric: true,
              cell: (row) => formatDuration(row.controlSeconds),
            },
          ]}
        />
      </TableScroll>
    </Card>
  );
}
