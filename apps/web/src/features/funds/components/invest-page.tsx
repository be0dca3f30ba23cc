import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FundClosedMarket,
  FUND_INVEST_AMOUNT_MAX,
  FUND_INVEST_AMOUNT_MIN,
  fundAmountSchema,
  fundUnitsSchema,
  type FundDetail,
  type FundOperation,
  type FundTrade,
  type InvestPreview,
  type RedeemPreview,
} from '@tessera/contracts';
import { Banner, Button, Card, PageHeader, SegmentedControl, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { codeMessage } from '#/lib/error-message.ts';
import { formatDateTime, formatProduct } from '#/shared/markets/market-format.ts';
import {
  fundsKeys,
  holdingsQueryOptions,
  invest,
  previewInvest,
  previewRedeem,
  redeem,
  useFund,
  useFundsCall,
} from '../api/funds-api.ts';
import { useFundFormat } from './format.ts';
import { FundReadState } from './fund-read-state.tsx';
import { PreviewStep, useAskPreview, useConfirmAction, usePreviewedAction } from './previewed-action.tsx';
import { PlanForm } from './plans-form.tsx';
import './funds.css';

type Mode = 'invest' | 'redeem';
type PageMode = Mode | 'plan';

/** /dashboard/invest/{id}/: invest an amount from the wallet of the fund's currency, or redeem units. */
export function InvestPage({ id }: { id: string }) {
  const { t } = useTranslation(['funds', 'errors']);
  const fund = useFund(id);
  const [mode, setMode] = useState<PageMode>('invest');
  if (fund.isPending || fund.isError) {
    return <FundReadState fund={fund} title={t('invest.title')} />;
  }
  return (
    <div className="app-page">
      <PageHeader
        title={t('invest.titleOf', { name: fund.data.name })}
        description={t('invest.description')}
        actions={
          <Button asChild variant="ghost">
            <Link to="/dashboard/funds/$id/find/" params={{ id }}>
              {t('invest.toFund')}
            </Link>
          </Button>
        }
      />
      <SegmentedControl<PageMode>
        label={t('invest.mode')}
        options={[
          { value: 'invest', label: t('invest.invest') },
          { value: 'redeem', label: t('invest.redeem') },
          { value: 'plan', label: t('plans.investRegularly') },
        ]}
        value={mode}
        onValueChange={setMode}
      />
      <HoldingLine fund={fund.data} />
      {mode === 'plan' ? (
        <PlanForm key="plan" fund={fund.data} />
      ) : mode === 'invest' ? (
        <InvestForm key="invest" fund={fund.data} />
      ) : (
        <RedeemForm key="redeem" fund={fund.data} />
      )}
    </div>
  );
}

function HoldingLine({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation('funds');
  const format = useFundFormat();
  const holdings = useQuery(holdingsQueryOptions(useFundsCall()));
  const holding = holdings.data?.find((candidate) => candidate.fundId === fund.id);
  return (
    <p className="funds-holding" data-testid="fund-holding">
      {holding
        ? t('invest.holding', {
            units: format.units(holding.units),
            value: format.money(holding.value, holding.currency),
            nav: format.nav(fund.nav, fund.currency),
          })
        : t('invest.noHolding', { nav: format.nav(fund.nav, fund.currency) })}
    </p>
  );
}

function Trades({ trades, currency }: { trades: readonly FundTrade[]; currency: string }) {
  const { t } = useTranslation('funds');
  const format = useFundFormat();
  if (trades.length === 0) {
    return null;
  }
  return (
    <>
      <h3 className="funds-subtitle">{t('invest.trades')}</h3>
      <ul className="funds-trades">
        {trades.map((trade) => (
          <li key={`${trade.productId}-${trade.side}`}>
            {t(trade.side === 'buy' ? 'form.tradeBuy' : 'form.tradeSell', {
              amount: format.money(trade.notional, currency),
              instrument: formatProduct(trade.productId),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The markets the fund would trade on that are closed now (the preview says so before the customer confirms: an
 * order on a closed market is refused, so investing or redeeming waits until they open).
 */
function ClosedMarkets({ markets, mode }: { markets: readonly FundClosedMarket[]; mode: Mode }) {
  const { t } = useTranslation('funds');
  const format = useFundFormat();
  if (markets.length === 0) {
    return null;
  }
  return (
    <Banner tone="warning">
      <p>{t(mode === 'invest' ? 'invest.marketClosedInvest' : 'invest.marketClosedRedeem')}</p>
      <ul className="funds-trades">
        {markets.map((market) => (
          <li key={market.productId}>
            {market.nextOpenAt === null
              ? t('invest.marketClosed', { instrument: formatProduct(market.productId) })
              : t('invest.marketClosedUntil', {
                  instrument: formatProduct(market.productId),
                  date: formatDateTime(market.nextOpenAt, format.language),
                })}
          </li>
        ))}
      </ul>
    </Banner>
  );
}

/** The operation's outcome as the service answered it: minted, paid, or refunded/restored with the reason. */
function Outcome({ operation, currency }: { operation: FundOperation; currency: string }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const values = {
    units: format.units(operation.units),
    amount: format.money(operation.amount, currency),
    nav: operation.nav === null ? '' : format.nav(operation.nav, currency),
  };
  switch (operation.status) {
    case 'minted':
      return <Banner tone="success">{t('invest.minted', values)}</Banner>;
    case 'paid':
      return <Banner tone="success">{t('invest.paid', values)}</Banner>;
    case 'refunded':
    case 'restored':
      return (
        <Banner tone="danger">
          {t(operation.status === 'refunded' ? 'invest.refunded' : 'invest.restored', {
            ...values,
            reason:
              operation.reason === 'TRADING_MARKET_CLOSED'
                ? t('invest.reasonMarketClosed')
                : operation.reason
                  ? codeMessage(t, operation.reason)
                  : t('invest.noReason'),
          })}
        </Banner>
      );
    default:
      return <Banner tone="info">{t('invest.inProgress', values)}</Banner>;
  }
}

/** What an invest or redeem preview says: its facts (label key, value), the note on estimates, the trades, closed markets. */
function OperationPreview({
  preview,
  currency,
  mode,
  facts,
  note,
}: {
  preview: InvestPreview | RedeemPreview;
  currency: string;
  mode: Mode;
  facts: readonly (readonly [string, string])[];
  note: string;
}) {
  const { t } = useTranslation('funds');
  return (
    <>
      <h3 className="funds-subtitle">{t('invest.previewTitle')}</h3>
      <dl className="funds-facts funds-facts--list">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="funds-muted">{note}</p>
      <Trades trades={preview.trades} currency={currency} />
      <ClosedMarkets markets={preview.closedMarkets} mode={mode} />
    </>
  );
}

function useOperationDone() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fundsKeys.all });
}

function InvestForm({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const format = useFundFormat();
  const done = useOperationDone();
  const [amount, setAmount] = useState('');
  const action = usePreviewedAction<InvestPreview, FundOperation>();
  const previewing = useAskPreview(action, (value: string) => previewInvest(call, fund.id, value));
  const investing = useConfirmAction(
    action,
    (value: string, key) => invest(call, fund.id, value, key),
    (operation) => {
      void done();
      return operation;
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.start();
    const value = amount.trim().replace(',', '.');
    if (!fundAmountSchema.safeParse(value).success) {
      action.refuse(t('invest.amountInvalid', { min: FUND_INVEST_AMOUNT_MIN, max: FUND_INVEST_AMOUNT_MAX }));
      return;
    }
    previewing.mutate(value);
  };
  return (
    <Card as="section" title={t('invest.investTitle')} headingLevel={2}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('invest.investTitle')}>
        {action.done ? <Outcome operation={action.done} currency={fund.currency} /> : null}
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <TextField
          label={t('invest.amount', { currency: fund.currency })}
          hint={t('invest.amountHint', {
            min: format.money(FUND_INVEST_AMOUNT_MIN, fund.currency),
            max: format.money(FUND_INVEST_AMOUNT_MAX, fund.currency),
          })}
          value={amount}
          onChange={(event) => action.edit(() => setAmount(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          suffix={fund.currency}
          required
        />
        <PreviewStep
          preview={action.preview}
          label={t('invest.preview')}
          asking={previewing.isPending}
          confirm={(preview) => ({
            label: t('invest.confirmInvest', { amount: format.money(preview.amount, fund.currency) }),
            onConfirm: () => investing.mutate(preview.amount),
            disabled: preview.closedMarkets.length > 0,
          })}
          confirming={investing.isPending}
          cancel={t('invest.cancel')}
          onCancel={action.hide}
        >
          {(preview) => (
            <OperationPreview
              preview={preview}
              currency={fund.currency}
              mode="invest"
              facts={[
                ['invest.amountLabel', format.money(preview.amount, fund.currency)],
                ['fund.nav', format.nav(preview.nav, fund.currency)],
                ['invest.estimatedUnits', format.units(preview.estimatedUnits)],
                ['fund.fee', format.percent(preview.managementFeePercent)],
                ['invest.annualFee', format.money(preview.annualFeeEstimate, fund.currency)],
              ]}
              note={t('invest.unitsNote')}
            />
          )}
        </PreviewStep>
      </form>
    </Card>
  );
}

function RedeemForm({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const format = useFundFormat();
  const done = useOperationDone();
  const [units, setUnits] = useState('');
  const [requested, setRequested] = useState('');
  const action = usePreviewedAction<RedeemPreview, FundOperation>();
  const previewing = useAskPreview(action, (value: string) => previewRedeem(call, fund.id, value));
  const redeeming = useConfirmAction(
    action,
    (value: string, key) => redeem(call, fund.id, value, key),
    (operation) => {
      void done();
      return operation;
    },
  );
  const ask = (value: string) => {
    action.start();
    if (value !== 'all' && !fundUnitsSchema.safeParse(value).success) {
      action.refuse(t('invest.unitsInvalid'));
      return;
    }
    setRequested(value);
    previewing.mutate(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(units.trim().replace(',', '.'));
  };
  return (
    <Card as="section" title={t('invest.redeemTitle')} headingLevel={2}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('invest.redeemTitle')}>
        {action.done ? <Outcome operation={action.done} currency={fund.currency} /> : null}
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <TextField
          label={t('invest.units')}
          hint={t('invest.unitsHint')}
          value={units}
          onChange={(event) => action.edit(() => setUnits(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <PreviewStep
          preview={action.preview}
          label={t('invest.preview')}
          asking={previewing.isPending && requested !== 'all'}
          more={
            <Button type="button" variant="ghost" onClick={() => ask('all')}>
              {t('invest.previewAll')}
            </Button>
          }
          confirm={(preview) => ({
            label: t('invest.confirmRedeem', { units: format.units(preview.units) }),
            onConfirm: () => redeeming.mutate(requested),
            disabled: preview.closedMarkets.length > 0,
          })}
          confirming={redeeming.isPending}
          cancel={t('invest.cancel')}
          onCancel={action.hide}
        >
          {(preview) => (
            <OperationPreview
              preview={preview}
              currency={fund.currency}
              mode="redeem"
              facts={[
                ['invest.unitsLabel', format.units(preview.units)],
                ['fund.nav', format.nav(preview.nav, fund.currency)],
                ['invest.estimatedAmount', format.money(preview.estimatedAmount, fund.currency)],
              ]}
              note={t('invest.amountNote')}
            />
          )}
        </PreviewStep>
      </form>
    </Card>
  );
}
