import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Banner, Button, Card, Skeleton, Table } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { useFundsCall } from '../api/funds-api.ts';
import { plansQueryOptions } from '../api/plans-api.ts';
import { useFundFormat } from './format.ts';
import { PLAN_STATUS_TONES, PlanDetailPanel } from './plans-detail.tsx';
import { PlanForm, usePlanDate } from './plans-form.tsx';
import './funds.css';

/** "My plans" on /dashboard/funds/: each plan's target, amount, frequency, next run and status; open one; a new one. */
export function PlansSection() {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const planDate = usePlanDate();
  const plans = useQuery(plansQueryOptions(useFundsCall()));
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <Card
      as="section"
      title={t('plans.title')}
      headingLevel={2}
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setCreating((value) => !value)}
          aria-expanded={creating}
        >
          {creating ? t('plans.closeNew') : t('plans.new')}
        </Button>
      }
    >
      <p className="funds-muted">{t('plans.description')}</p>
      {creating ? (
        <PlanForm
          onCreated={(plan) => {
            setOpen(plan.id);
          }}
        />
      ) : null}
      {plans.isPending ? (
        <Skeleton shape="block" height="80px" />
      ) : plans.isError ? (
        <Banner tone="danger">{errorMessage(t, plans.error)}</Banner>
      ) : plans.data.length === 0 ? (
        <p className="funds-muted">{t('plans.empty')}</p>
      ) : (
        <Table
          caption={t('plans.title')}
          hideCaption
          rows={plans.data}
          getRowKey={(row) => row.id}
          columns={[
            { key: 'target', header: t('plans.target'), rowHeader: true, cell: (row) => row.targetName },
            {
              key: 'amount',
              header: t('plans.amountLabel'),
              numeric: true,
              cell: (row) => format.money(row.amount, row.currency),
            },
            {
              key: 'frequency',
              header: t('plans.frequency'),
              cell: (row) => t(`plans.frequencies.${row.frequency}`),
            },
            { key: 'next', header: t('plans.nextRun'), cell: (row) => planDate(row.nextRunDate) },
            {
              key: 'status',
              header: t('plans.status'),
              cell: (row) => (
                <Badge tone={PLAN_STATUS_TONES[row.status]}>{t(`plans.statuses.${row.status}`)}</Badge>
              ),
            },
            {
              key: 'open',
              header: t('plans.actions'),
              cell: (row) => (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={open === row.id}
                  aria-label={t('plans.openName', { name: row.targetName })}
                  onClick={() => setOpen(open === row.id ? null : row.id)}
                >
                  {open === row.id ? t('plans.close') : t('plans.open')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {open !== null ? <PlanDetailPanel id={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
