import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FUND_COMPONENTS_MAX,
  FUND_FEE_PERCENT_MAX,
  isProductId,
  type FundDetail,
  type FundTrade,
} from '@tessera/contracts';
import { Banner, Button, Card, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatProduct } from '#/shared/markets/market-format.ts';
import { createFund, fundsKeys, updateFund, useFundsCall } from '../api/funds-api.ts';
import {
  compositionProblem,
  decimalInput,
  feeProblem,
  hundredthsText,
  weightProblem,
  weightSumHundredths,
  type CompositionRow,
} from '../lib/composition.ts';
import { useFundFormat } from './format.ts';

interface Values {
  name: string;
  description: string;
  fee: string;
  rows: CompositionRow[];
}

type Problems = Partial<Record<'name' | 'fee' | 'composition', string>> & { rows?: (string | null)[] };

function problemsOf(values: Values): Problems {
  const problems: Problems = {};
  const name = values.name.trim();
  if (name.length < 3 || name.length > 80) {
    problems.name = 'form.nameInvalid';
  }
  const fee = feeProblem(values.fee);
  if (fee) {
    problems.fee = fee;
  }
  const rows = values.rows.map((row) =>
    row.productId.trim() === ''
      ? 'form.instrumentRequired'
      : !isProductId(row.productId.trim())
        ? 'form.instrumentInvalid'
        : weightProblem(row.weight),
  );
  if (rows.some((row) => row !== null)) {
    problems.rows = rows;
  }
  const composition = compositionProblem(values.rows);
  if (composition) {
    problems.composition = composition;
  }
  return problems;
}

const instrumentKey = (key: string | null | undefined) => key?.startsWith('form.instrument') ?? false;

const isEmpty = (problems: Problems) => Object.keys(problems).length === 0;

/**
 * The fund form: name, description, annual fee and the composition rows (instrument and target weight) with the
 * live sum that must reach exactly 100 %. Creating posts the fund; editing a fund asks the service for the rebalance
 * of a new composition first (PATCH without apply) and applies it only once the customer confirmed the trades.
 */
export function FundForm({ fund }: { fund?: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFundFormat();
  const [values, setValues] = useState<Values>(() => ({
    name: fund?.name ?? '',
    description: fund?.description ?? '',
    fee: fund?.managementFeePercent ?? '',
    rows: fund
      ? fund.components.map((component) => ({
          productId: component.productId,
          weight: component.targetWeight,
        }))
      : [{ productId: '', weight: '' }],
  }));
  const [shown, setShown] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<readonly FundTrade[] | null>(null);
  const sum = weightSumHundredths(values.rows);

  const body = () => ({
    name: values.name.trim(),
    description: values.description.trim(),
    managementFeePercent: decimalInput(values.fee),
    components: values.rows.map((row) => ({
      productId: row.productId.trim(),
      weight: decimalInput(row.weight),
    })),
  });
  const compositionChanged = () =>
    fund === undefined ||
    JSON.stringify(body().components) !==
      JSON.stringify(fund.components.map((c) => ({ productId: c.productId, weight: c.targetWeight })));

  const saving = useMutation({
    mutationFn: async (apply: boolean) => {
      if (!fund) {
        return { fund: await createFund(call, body()), trades: null };
      }
      const changed = compositionChanged();
      const { components, ...rest } = body();
      const answer = await updateFund(call, fund.id, changed ? { ...rest, components, apply } : rest);
      return {
        fund: answer.fund,
        trades: answer.rebalance?.applied === false ? answer.rebalance.trades : null,
      };
    },
    onSuccess: async ({ fund: saved, trades }) => {
      queryClient.setQueryData(fundsKeys.fund(saved.id), saved);
      if (trades !== null) {
        setPreview(trades);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: fundsKeys.all });
      await navigate({ to: '/dashboard/funds/$id/find/', params: { id: saved.id } });
    },
    onError: (error) => setFailure(errorMessage(t, error)),
  });

  const change = (next: Partial<Values>) => {
    const updated = { ...values, ...next };
    setValues(updated);
    setPreview(null);
    // Once the form was submitted, its messages follow what is typed (a fixed mistake's message goes at once).
    if (!isEmpty(shown)) {
      setShown(problemsOf(updated));
    }
  };
  const setRow = (index: number, row: Partial<CompositionRow>) =>
    change({ rows: values.rows.map((current, at) => (at === index ? { ...current, ...row } : current)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = problemsOf(values);
    setShown(problems);
    if (isEmpty(problems) && !saving.isPending) {
      saving.mutate(false);
    }
  };

  return (
    <form
      className="funds-form"
      onSubmit={submit}
      noValidate
      aria-label={t(fund ? 'form.editTitle' : 'form.createTitle')}
    >
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      <TextField
        label={t('form.name')}
        hint={t('form.nameHint')}
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        error={shown.name ? t(shown.name) : undefined}
        maxLength={90}
        required
        autoComplete="off"
      />
      <label className="funds-textarea">
        <span>{t('form.description')}</span>
        <textarea
          value={values.description}
          onChange={(event) => change({ description: event.target.value })}
          maxLength={2000}
          rows={3}
        />
      </label>
      <TextField
        label={t('form.fee')}
        hint={t('form.feeHint', { max: format.number(FUND_FEE_PERCENT_MAX) })}
        value={values.fee}
        onChange={(event) => change({ fee: event.target.value })}
        error={shown.fee ? t(shown.fee, { max: format.number(FUND_FEE_PERCENT_MAX) }) : undefined}
        inputMode="decimal"
        suffix="%"
        required
        autoComplete="off"
      />
      <fieldset className="funds-rows">
        <legend>{t('form.composition')}</legend>
        <p className="funds-muted">{t('form.compositionHint')}</p>
        {values.rows.map((row, index) => (
          <div className="funds-row" key={index}>
            <TextField
              label={t('form.instrument', { n: index + 1 })}
              hint={index === 0 ? t('form.instrumentHint') : undefined}
              value={row.productId}
              onChange={(event) => setRow(index, { productId: event.target.value })}
              maxLength={40}
              autoComplete="off"
              error={instrumentKey(shown.rows?.[index]) ? t(shown.rows![index]!) : undefined}
            />
            <TextField
              label={t('form.weight', { n: index + 1 })}
              value={row.weight}
              onChange={(event) => setRow(index, { weight: event.target.value })}
              inputMode="decimal"
              suffix="%"
              autoComplete="off"
              error={
                shown.rows?.[index] && !instrumentKey(shown.rows[index]) ? t(shown.rows[index]) : undefined
              }
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={values.rows.length <= 1}
              onClick={() => change({ rows: values.rows.filter((_, at) => at !== index) })}
              aria-label={t('form.removeRow', { n: index + 1 })}
            >
              {t('form.remove')}
            </Button>
          </div>
        ))}
        <div className="funds-actions">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={values.rows.length >= FUND_COMPONENTS_MAX}
            onClick={() => change({ rows: [...values.rows, { productId: '', weight: '' }] })}
          >
            {t('form.addRow')}
          </Button>
          <output className={sum === 10_000n ? 'funds-sum funds-sum--ok' : 'funds-sum'} aria-live="polite">
            {t('form.sum', { sum: format.percent(hundredthsText(sum)) })}
          </output>
        </div>
        {shown.composition ? (
          <p className="funds-error" role="alert">
            {t(shown.composition, { max: FUND_COMPONENTS_MAX })}
          </p>
        ) : null}
      </fieldset>
      {preview !== null ? (
        <Card as="section" title={t('form.previewTitle')} headingLevel={2}>
          {preview.length === 0 ? (
            <p>{t('form.previewNone')}</p>
          ) : (
            <ul className="funds-trades">
              {preview.map((trade) => (
                <li key={`${trade.productId}-${trade.side}`}>
                  {t(trade.side === 'buy' ? 'form.tradeBuy' : 'form.tradeSell', {
                    amount: format.money(trade.notional, fund?.currency ?? 'EUR'),
                    instrument: formatProduct(trade.productId),
                  })}
                </li>
              ))}
            </ul>
          )}
          <div className="funds-actions">
            <Button
              type="button"
              variant="primary"
              loading={saving.isPending}
              onClick={() => saving.mutate(true)}
            >
              {t('form.applyRebalance')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
              {t('form.cancelRebalance')}
            </Button>
          </div>
        </Card>
      ) : (
        <div>
          <Button type="submit" variant="primary" loading={saving.isPending} loadingLabel={t('form.saving')}>
            {t(fund ? (compositionChanged() ? 'form.previewSubmit' : 'form.save') : 'form.create')}
          </Button>
        </div>
      )}
    </form>
  );
}
