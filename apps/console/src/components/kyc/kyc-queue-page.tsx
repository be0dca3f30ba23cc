import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { KYC_STATUSES, type KycCaseSummary } from '@tessera/contracts';
import { Alert, Badge, Button, Card, PageHeader, Select, Table, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { type KycQueueFilters, kycQueueQueryOptions } from './kyc-api.ts';
import { bandTone, errorKeys, formatAge, statusTone } from './kyc-format.ts';
import './kyc.css';

const ANY = 'any';

/** Reviewers: the KYC cases, oldest first by default, filtered by status, target level and customer. */
export function KycQueuePage({ filters }: { filters: KycQueueFilters }) {
  const { t } = useTranslation('kyc');
  const { api } = useRouteContext({ from: '/_staff' });
  const navigate = useNavigate({ from: '/kyc/' });
  const queue = useQuery(kycQueueQueryOptions(api, filters));
  const [status, setStatus] = useState<string>(filters.status ?? ANY);
  const [level, setLevel] = useState<string>(filters.targetLevel ?? ANY);
  const [sort, setSort] = useState<string>(filters.sort);
  const language = currentLanguage();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate({
      search: {
        ...(status === ANY ? {} : { status: status as KycQueueFilters['status'] }),
        ...(level === ANY ? {} : { targetLevel: level as KycQueueFilters['targetLevel'] }),
        ...(q ? { q } : {}),
        sort: sort === 'newest' ? 'newest' : 'oldest',
      },
    });
  };
  return (
    <>
      <PageHeader title={t('queue.title')} description={t('queue.lead')} />
      <Card title={t('queue.filters')} headingLevel={2}>
        <form onSubmit={submit} className="console-form console-form--inline kyc-filters" noValidate>
          <Select
            label={t('queue.status')}
            value={status}
            onValueChange={setStatus}
            options={[
              { value: ANY, label: t('queue.statusAny') },
              ...KYC_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
          />
          <Select
            label={t('queue.targetLevel')}
            value={level}
            onValueChange={setLevel}
            options={[
              { value: ANY, label: t('queue.levelAny') },
              { value: '2', label: t('level.2') },
              { value: '3', label: t('level.3') },
            ]}
          />
          <TextField
            label={t('queue.search')}
            name="q"
            hint={t('queue.searchHint')}
            defaultValue={filters.q ?? ''}
            maxLength={100}
          />
          <Select
            label={t('queue.sort')}
            value={sort}
            onValueChange={setSort}
            options={[
              { value: 'oldest', label: t('queue.oldest') },
              { value: 'newest', label: t('queue.newest') },
            ]}
          />
          <Button type="submit" variant="secondary">
            {t('queue.apply')}
          </Button>
        </form>
      </Card>
      {queue.isError ? <Alert>{t(errorKeys(queue.error))}</Alert> : null}
      <Card padding="none">
        <Table<KycCaseSummary>
          caption={t('queue.tableCaption')}
          rows={queue.data?.items ?? []}
          getRowKey={(row) => row.id}
          empty={queue.isPending ? t('console:loading') : t('queue.empty')}
          density="compact"
          columns={[
            {
              key: 'customer',
              header: t('queue.customer'),
              rowHeader: true,
              cell: (row) => (
                <span className="kyc-who">
                  <span>{row.customerName}</span>
                  {row.email ? <span className="kyc-muted">{row.email}</span> : null}
                </span>
              ),
            },
            { key: 'level', header: t('queue.level'), cell: (row) => t(`level.${row.targetLevel}`) },
            {
              key: 'status',
              header: t('queue.state'),
              cell: (row) => <Badge tone={statusTone(row.status)}>{t(`status.${row.status}`)}</Badge>,
            },
            {
              key: 'age',
              header: t('queue.age'),
              cell: (row) =>
                row.submittedAt
                  ? t('queue.submittedAgo', { age: formatAge(row.ageSeconds, language) })
                  : t('queue.notSubmitted'),
            },
            {
              key: 'risk',
              header: t('queue.risk'),
              cell: (row) => (
                <Badge tone={bandTone(row.riskBand)}>
                  {t('riskScore', { score: row.riskScore, band: t(`band.${row.riskBand}`) })}
                </Badge>
              ),
            },
            {
              key: 'assigned',
              header: t('queue.assigned'),
              cell: (row) => (
                <span className="kyc-who">
                  <span>{row.assignedTo ?? t('queue.nobody')}</span>
                  {row.approvals > 0 ? (
                    <span className="kyc-muted">{t('queue.approvals', { count: row.approvals })}</span>
                  ) : null}
                </span>
              ),
            },
            {
              key: 'open',
              header: <span className="ts-visually-hidden">{t('queue.open')}</span>,
              cell: (row) => (
                <Button asChild variant="secondary" size="sm">
                  <Link
                    to="/kyc/$caseId"
                    params={{ caseId: row.id }}
                    aria-label={t('queue.openCase', { name: row.customerName })}
                  >
                    {t('queue.open')}
                  </Link>
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
