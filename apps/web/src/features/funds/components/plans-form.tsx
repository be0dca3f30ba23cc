import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreatePlanRequest,
  FUND_INVEST_AMOUNT_MAX,
  FUND_INVEST_AMOUNT_MIN,
  fundAmountSchema,
  type PlanDetail,
  type PlanFrequency,
  PLAN_FREQUENCIES,
} from '@tessera/contracts';
import { Banner, Card, SegmentedControl, Select, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { formatDateOf } from '#/lib/format.ts';
import { fundListQueryOptions, fundsKeys, useFundsCall } from '../api/funds-api.ts';
import { createPlan, type PlanPreview, previewPlan } from '../api/plans-api.ts';
import { useFundFormat } from './format.ts';
import { PreviewStep, useAskPreview, useConfirmAction, usePreviewedAction } from './previewed-action.tsx';
import './funds.css';
import './plans.css';

/** A calendar day (UTC) for people, in the page's language. */
export function usePlanDate() {
  const { language } = useFundFormat();
  return (day: string | null) => (day === null ? '—' : formatDateOf(`${day}T00:00:00Z`, language, 'UTC'));
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

type TargetKind = 'fund' | 'instrument';

/**
 * The plan form: what to buy (fixed to a fund on the invest page; a fund or an instrument from "My plans"), the
 * amount, how often, from when to when; "Preview" shows the next run dates, the source wallet and the fees, then
 * the customer confirms.
 */
export function PlanForm({
  fund,
  onCreated,
}: {
  fund?: { readonly id: string; readonly name: string; readonly currency: string };
  onCreated?: (plan: PlanDetail) => void;
}) {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const format = useFundFormat();
  const planDate = usePlanDate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<TargetKind>('fund');
  const [fundId, setFundId] = useState(fund?.id ?? '');
  const [productId, setProductId] = useState('');
  const [amount, setAmount] = useState('');
  const [frequency, setFrequency] = useState<PlanFrequency>('monthly');
  const [startDate, setStartDate] = useState(todayUtc);
  const [endDate, setEndDate] = useState('');
  // An edit also drops the last "plan created" banner: the form now describes another plan.
  const action = usePreviewedAction<{ preview: PlanPreview; request: CreatePlanRequest }, PlanDetail>({
    editClearsDone: true,
  });
  const curated = useQuery({ ...fundListQueryOptions(call, 'curated'), enabled: fund === undefined });
  const community = useQuery({ ...fundListQueryOptions(call, 'community'), enabled: fund === undefined });
  const funds = [...(curated.data ?? []), ...(community.data ?? [])];
  const previewing = useAskPreview(action, async (request: CreatePlanRequest) => ({
    preview: await previewPlan(call, request),
    request,
  }));
  const creating = useConfirmAction(
    action,
    (body: CreatePlanRequest, key) => createPlan(call, body, key),
    (plan) => {
      void queryClient.invalidateQueries({ queryKey: fundsKeys.all });
      onCreated?.(plan);
      return plan;
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.start();
    const value = amount.trim().replace(',', '.');
    if (!fundAmountSchema.safeParse(value).success) {
      action.refuse(t('plans.amountInvalid', { min: FUND_INVEST_AMOUNT_MIN, max: FUND_INVEST_AMOUNT_MAX }));
      return;
    }
    const target =
      fund !== undefined || kind === 'fund'
        ? { kind: 'fund' as const, fundId: fund?.id ?? fundId }
        : { kind: 'instrument' as const, productId: productId.trim() };
    if (
      (target.kind === 'fund' && target.fundId === '') ||
      (target.kind === 'instrument' && target.productId === '')
    ) {
      action.refuse(t('plans.targetRequired'));
      return;
    }
    const body = {
      target,
      amount: value,
      frequency,
      startDate,
      ...(endDate === '' ? {} : { endDate }),
    } as CreatePlanRequest;
    previewing.mutate(body);
  };
  const created = action.done;
  const form = (
    <form className="funds-form" onSubmit={submit} noValidate aria-label={t('plans.formTitle')}>
      {created ? (
        <Banner tone="success">
          {t('plans.created', { date: planDate(created.nextRunDate ?? created.startDate) })}
        </Banner>
      ) : null}
      {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
      {fund === undefined ? (
        <>
          <SegmentedControl<TargetKind>
            label={t('plans.targetKind')}
            options={[
              { value: 'fund', label: t('plans.kindFund') },
              { value: 'instrument', label: t('plans.kindInstrument') },
            ]}
            value={kind}
            onValueChange={(value) => action.edit(() => setKind(value))}
          />
          {kind === 'fund' ? (
            <Select
              label={t('plans.fund')}
              placeholder={t('plans.fundPlaceholder')}
              options={funds.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              value={fundId}
              onValueChange={(value) => action.edit(() => setFundId(value))}
              required
            />
          ) : (
            <TextField
              label={t('plans.instrument')}
              hint={t('plans.instrumentHint')}
              value={productId}
              onChange={(event) => action.edit(() => setProductId(event.target.value))}
              autoComplete="off"
              required
            />
          )}
        </>
      ) : null}
      <TextField
        label={t('plans.amount', { currency: fund?.currency ?? action.preview?.preview.currency ?? 'EUR' })}
        hint={t('plans.amountHint', {
          min: format.money(FUND_INVEST_AMOUNT_MIN, fund?.currency ?? 'EUR'),
          max: format.money(FUND_INVEST_AMOUNT_MAX, fund?.currency ?? 'EUR'),
        })}
        value={amount}
        onChange={(event) => action.edit(() => setAmount(event.target.value))}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <Select
        label={t('plans.frequency')}
        options={PLAN_FREQUENCIES.map((value) => ({ value, label: t(`plans.frequencies.${value}`) }))}
        value={frequency}
        onValueChange={(value) => action.edit(() => setFrequency(value as PlanFrequency))}
        hint={frequency === 'monthly' ? t('plans.monthlyHint') : undefined}
      />
      <div className="plans-dates">
        <TextField
          label={t('plans.startDate')}
          type="date"
          value={startDate}
          min={todayUtc()}
          onChange={(event) => action.edit(() => setStartDate(event.target.value))}
          required
        />
        <TextField
          label={t('plans.endDate')}
          hint={t('plans.endDateHint')}
          type="date"
          value={endDate}
          min={startDate}
          onChange={(event) => action.edit(() => setEndDate(event.target.value))}
        />
      </div>
      <PreviewStep
        preview={action.preview}
        label={t('plans.preview')}
        asking={previewing.isPending}
        testId="plan-preview"
        confirm={({ preview, request }) => ({
          label: t('plans.confirm', {
            amount: format.money(preview.amount, preview.currency),
            frequency: t(`plans.frequencies.${frequency}`),
          }),
          onConfirm: () => creating.mutate(request),
        })}
        confirming={creating.isPending}
        cancel={t('plans.back')}
        onCancel={action.hide}
      >
        {({ preview }) => (
          <>
            <h3 className="funds-subtitle">{t('plans.previewTitle')}</h3>
            <dl className="funds-facts funds-facts--list">
              <div>
                <dt>{t('plans.target')}</dt>
                <dd>{preview.targetName}</dd>
              </div>
              <div>
                <dt>{t('plans.amountLabel')}</dt>
                <dd>
                  {t('plans.amountEvery', {
                    amount: format.money(preview.amount, preview.currency),
                    frequency: t(`plans.frequencies.${frequency}`),
                  })}
                </dd>
              </div>
              <div>
                <dt>{t('plans.source')}</dt>
                <dd>{t('plans.sourceWallet', { currency: preview.currency })}</dd>
              </div>
              <div>
                <dt>{t('plans.fees')}</dt>
                <dd>
                  {preview.managementFeePercent === null
                    ? t('plans.feesInstrument')
                    : t('plans.feesFund', { percent: format.percent(preview.managementFeePercent) })}
                </dd>
              </div>
            </dl>
            <h3 className="funds-subtitle">{t('plans.nextRuns')}</h3>
            <ul className="funds-trades">
              {preview.nextRunDates.map((day) => (
                <li key={day}>{planDate(day)}</li>
              ))}
            </ul>
            <p className="funds-muted">{t('plans.rules')}</p>
          </>
        )}
      </PreviewStep>
    </form>
  );
  return (
    <Card as="section" title={t('plans.formTitle')} headingLevel={2}>
      {form}
    </Card>
  );
}
