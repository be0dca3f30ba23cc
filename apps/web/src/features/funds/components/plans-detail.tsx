import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fundAmountSchema,
  FUND_INVEST_AMOUNT_MAX,
  FUND_INVEST_AMOUNT_MIN,
  type PlanDetail,
  type PlanFrequency,
  PLAN_FREQUENCIES,
  type PlanRun,
  type UpdatePlanRequest,
} from '@tessera/contracts';
import {
  Badge,
  type BadgeTone,
  Banner,
  Button,
  Card,
  Dialog,
  DialogClose,
  Select,
  Skeleton,
  Table,
  TextField,
} from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { codeMessage, errorMessage } from '#/lib/error-message.ts';
import { formatDateTime } from '#/lib/format.ts';
import { fundsKeys, useFundsCall } from '../api/funds-api.ts';
import { planAction, planQueryOptions, updatePlan } from '../api/plans-api.ts';
import { useFundFormat } from './format.ts';
import { usePlanDate } from './plans-form.tsx';
import './funds.css';

export const PLAN_STATUS_TONES: Record<PlanDetail['status'], BadgeTone> = {
  active: 'success',
  paused: 'warning',
  cancelled: 'neutral',
  ended: 'neutral',
};

const RUN_TONES: Record<PlanRun['status'], BadgeTone> = {
  pending: 'info',
  deferred: 'warning',
  done: 'success',
  skipped: 'warning',
  failed: 'danger',
};

/** One plan opened: its facts, pause / resume / cancel (cancel asks to confirm), edit, and every run. */
export function PlanDetailPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const format = useFundFormat();
  const planDate = usePlanDate();
  const queryClient = useQueryClient();
  const plan = useQuery({
    ...planQueryOptions(call, id),
    // A run in progress or deferred changes by itself: look again until it is final.
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'pending') ||
      (query.state.data?.status === 'active' && query.state.data.runs.length === 0)
        ? 3_000
        : false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const changed = (next: PlanDetail) => {
    queryClient.setQueryData(planQueryOptions(call, id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: fundsKeys.all });
  };
  const acting = useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') => planAction(call, id, action),
    onSuccess: (next) => {
      setConfirmCancel(false);
      changed(next);
    },
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  if (plan.isPending) {
    return <Skeleton shape="block" height="120px" />;
  }
  if (plan.isError) {
    return <Banner tone="danger">{errorMessage(t, plan.error)}</Banner>;
  }
  const data = plan.data;
  const live = data.status === 'active' || data.status === 'paused';
  return (
    <Card
      as="section"
      title={t('plans.detailTitle', { name: data.targetName })}
      headingLevel={3}
      data-testid="plan-detail"
    >
      {problem ? <Banner tone="danger">{problem}</Banner> : null}
      <dl className="funds-facts">
        <div>
          <dt>{t('plans.status')}</dt>
          <dd>
            <Badge tone={PLAN_STATUS_TONES[data.status]}>{t(`plans.statuses.${data.status}`)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('plans.amountLabel')}</dt>
          <dd>
            {t('plans.amountEvery', {
              amount: format.money(data.amount, data.currency),
              frequency: t(`plans.frequencies.${data.frequency}`),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('plans.nextRun')}</dt>
          <dd>{planDate(data.nextRunDate)}</dd>
        </div>
        <div>
          <dt>{t('plans.startDate')}</dt>
          <dd>{planDate(data.startDate)}</dd>
        </div>
        <div>
          <dt>{t('plans.lastRun')}</dt>
          <dd>{data.endDate === null ? t('plans.noEnd') : planDate(data.endDate)}</dd>
        </div>
        <div>
          <dt>{t('plans.source')}</dt>
          <dd>{t('plans.sourceWallet', { currency: data.currency })}</dd>
        </div>
      </dl>
      <div className="funds-actions">
        {data.status === 'active' ? (
          <Button
            variant="secondary"
            size="sm"
            loading={acting.isPending}
            onClick={() => acting.mutate('pause')}
          >
            {t('plans.pause')}
          </Button>
        ) : null}
        {data.status === 'paused' ? (
          <Button
            variant="secondary"
            size="sm"
            loading={acting.isPending}
            onClick={() => acting.mutate('resume')}
          >
            {t('plans.resume')}
          </Button>
        ) : null}
        {live ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing((value) => !value)}
            aria-expanded={editing}
          >
            {t('plans.edit')}
          </Button>
        ) : null}
        {live ? (
          <Dialog
            open={confirmCancel}
            onOpenChange={setConfirmCancel}
            trigger={
              <Button variant="danger" size="sm">
                {t('plans.cancel')}
              </Button>
            }
            title={t('plans.cancelTitle')}
            description={t('plans.cancelText', { name: data.targetName })}
            closeLabel={t('plans.close')}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="ghost">{t('plans.keep')}</Button>
                </DialogClose>
                <Button variant="danger" loading={acting.isPending} onClick={() => acting.mutate('cancel')}>
                  {t('plans.cancelConfirm')}
                </Button>
              </>
            }
          />
        ) : null}
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('plans.close')}
        </Button>
      </div>
      {data.status === 'paused' ? <p className="funds-muted">{t('plans.resumeNote')}</p> : null}
      {editing && live ? (
        <PlanEdit
          plan={data}
          onSaved={(next) => {
            setEditing(false);
            changed(next);
          }}
        />
      ) : null}
      <h4 className="funds-subtitle">{t('plans.history')}</h4>
      {data.runs.length === 0 ? (
        <p className="funds-muted">{t('plans.noRuns')}</p>
      ) : (
        <Table
          caption={t('plans.history')}
          hideCaption
          rows={data.runs}
          getRowKey={(row) => row.dueDate}
          columns={[
            { key: 'due', header: t('plans.dueDate'), rowHeader: true, cell: (row) => planDate(row.dueDate) },
            {
              key: 'status',
              header: t('plans.status'),
              cell: (row) => (
                <Badge tone={RUN_TONES[row.status]} data-testid="plan-run-status">
                  {t(`plans.runStatuses.${row.status}`)}
                </Badge>
              ),
            },
            {
              key: 'amount',
              header: t('plans.amountLabel'),
              numeric: true,
              cell: (row) => format.money(row.amount, data.currency),
            },
            {
              key: 'units',
              header: t('plans.unitsOrQuantity'),
              numeric: true,
              cell: (row) =>
                (row.units ?? row.quantity) === null ? '—' : format.units(row.units ?? row.quantity),
            },
            {
              key: 'reason',
              header: t('plans.reason'),
              cell: (row) =>
                row.status === 'deferred' && row.runAt !== null
                  ? t('plans.deferredUntil', { date: formatDateTime(row.runAt, format.language) })
                  : row.reason === null
                    ? '—'
                    : row.reason === 'TRADING_MARKET_CLOSED'
                      ? t('plans.reasonMarketClosed')
                      : row.reason === 'INVESTMENTS_PLAN_PAUSED' ||
                          row.reason === 'INVESTMENTS_PLAN_CANCELLED'
                        ? t(`plans.reasons.${row.reason}`)
                        : codeMessage(t, row.reason),
            },
            {
              key: 'link',
              header: t('plans.operation'),
              cell: (row) =>
                row.operationId !== null ? (
                  <span className="funds-muted" title={row.operationId}>
                    {t('plans.operationRef', { id: row.operationId.slice(0, 8) })}
                  </span>
                ) : row.orderId !== null ? (
                  <span className="funds-muted" title={row.orderId}>
                    {t('plans.orderRef', { id: row.orderId.slice(0, 8) })}
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}

function PlanEdit({ plan, onSaved }: { plan: PlanDetail; onSaved: (plan: PlanDetail) => void }) {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const [amount, setAmount] = useState(plan.amount);
  const [frequency, setFrequency] = useState<PlanFrequency>(plan.frequency);
  const [endDate, setEndDate] = useState(plan.endDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useMutation({
    mutationFn: (body: UpdatePlanRequest) => updatePlan(call, plan.id, body),
    onSuccess: onSaved,
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const value = amount.trim().replace(',', '.');
    if (!fundAmountSchema.safeParse(value).success) {
      setProblem(t('plans.amountInvalid', { min: FUND_INVEST_AMOUNT_MIN, max: FUND_INVEST_AMOUNT_MAX }));
      return;
    }
    saving.mutate({ amount: value, frequency, endDate: endDate === '' ? null : endDate });
  };
  return (
    <form className="funds-form" onSubmit={submit} noValidate aria-label={t('plans.editTitle')}>
      <h4 className="funds-subtitle">{t('plans.editTitle')}</h4>
      {problem ? <Banner tone="danger">{problem}</Banner> : null}
      <TextField
        label={t('plans.amount', { currency: plan.currency })}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <Select
        label={t('plans.frequency')}
        options={PLAN_FREQUENCIES.map((value) => ({ value, label: t(`plans.frequencies.${value}`) }))}
        value={frequency}
        onValueChange={(value) => setFrequency(value as PlanFrequency)}
      />
      <TextField
        label={t('plans.endDate')}
        hint={t('plans.endDateHint')}
        type="date"
        value={endDate}
        onChange={(event) => setEndDate(event.target.value)}
      />
      <p className="funds-muted">{t('plans.editNote')}</p>
      <div>
        <Button type="submit" variant="primary" loading={saving.isPending}>
          {t('plans.save')}
        </Button>
      </div>
    </form>
  );
}
