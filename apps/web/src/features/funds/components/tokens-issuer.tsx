import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fundAmountSchema,
  fundUnitsSchema,
  type FundDetail,
  type TokenAuditEntry,
  type TokenDistribution,
  type TokenDistributionShare,
  type TokenHolder,
  type TokenRegister,
  type TokenTransfer,
} from '@tessera/contracts';
import { Banner, Button, Card, Checkbox, Select, Table, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { formatDateTime } from '#/shared/markets/market-format.ts';
import { useFundsCall } from '../api/funds-api.ts';
import {
  burnUnits,
  changeFreeze,
  distribute,
  forceTransfer,
  mintUnits,
  previewDistribution,
  setPaused,
  useDownloadRegisterCsv,
  useTokenAudit,
  useTokenPosition,
  useTokenRegister,
} from '../api/tokens-api.ts';
import { useFundFormat } from './format.ts';
import {
  type PreviewedAction,
  PreviewStep,
  useAskPreview,
  useConfirmAction,
  usePreviewedAction,
} from './previewed-action.tsx';
import './tokens.css';

/** Refreshes everything of the fund's token after an issuer action. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['funds'] });
}

/**
 * The issuer's section of a fund's page (the manager of a community fund; Tessera's staff for a curated one):
 * the holder register with its CSV export, freeze and unfreeze per holder, pause and resume, a forced transfer with
 * a reason, a pro-rata cash distribution with a preview of each holder's share, and the audit of these actions.
 */
export function TokensIssuerSection({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const position = useTokenPosition(fund.id);
  const isIssuer = position.data?.isIssuer === true;
  const register = useTokenRegister(fund.id, isIssuer);
  if (!isIssuer) {
    return null;
  }
  return (
    <section className="tokens-issuer" aria-labelledby="tokens-issuer-title">
      <h2 id="tokens-issuer-title" className="tokens-issuer__title">
        {t('tokens.issuer.title')}
      </h2>
      <p className="funds-muted">{t(fund.token ? 'tokens.issuer.introToken' : 'tokens.issuer.intro')}</p>
      {register.isError ? <Banner tone="danger">{errorMessage(t, register.error)}</Banner> : null}
      {register.data ? (
        <>
          <RegisterCard fund={fund} register={register.data} />
          {fund.token ? (
            <div className="funds-columns">
              <MintCard fund={fund} />
              <BurnCard fund={fund} register={register.data} />
            </div>
          ) : null}
          <div className="funds-columns">
            <FreezeCard fund={fund} register={register.data} />
            <PauseCard fund={fund} register={register.data} />
          </div>
          <div className="funds-columns">
            <ForceTransferCard fund={fund} register={register.data} />
            <DistributeCard fund={fund} />
          </div>
          <AuditCard fund={fund} />
        </>
      ) : null}
    </section>
  );
}

function RegisterCard({ fund, register }: { fund: FundDetail; register: TokenRegister }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const download = useDownloadRegisterCsv();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Card as="section" title={t('tokens.register.title')} headingLevel={3}>
      {problem ? <Banner tone="danger">{problem}</Banner> : null}
      <Table<TokenHolder>
        caption={t('tokens.register.title')}
        hideCaption
        rows={register.holders}
        getRowKey={(row) => row.holderId}
        empty={t('tokens.register.empty')}
        columns={[
          { key: 'holder', header: t('tokens.register.holder'), rowHeader: true, cell: (row) => row.name },
          {
            key: 'units',
            header: t('tokens.register.units'),
            numeric: true,
            cell: (row) => format.units(row.units),
          },
          {
            key: 'frozen',
            header: t('tokens.register.frozen'),
            numeric: true,
            cell: (row) => format.units(row.frozenUnits),
          },
          {
            key: 'share',
            header: t('tokens.register.share'),
            numeric: true,
            cell: (row) => format.percent(row.share),
          },
          {
            key: 'since',
            header: t('tokens.register.since'),
            cell: (row) => formatDateTime(row.since, format.language),
          },
        ]}
      />
      <p className="funds-muted">
        {t('tokens.register.outstanding', { units: format.units(register.unitsOutstanding) })}
      </p>
      <div className="funds-actions">
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setProblem(null);
            download(fund.id).catch((error: unknown) => setProblem(errorMessage(t, error)));
          }}
        >
          {t('tokens.register.csv')}
        </Button>
      </div>
    </Card>
  );
}

function holderOptions(register: TokenRegister, format: ReturnType<typeof useFundFormat>) {
  return register.holders.map((holder) => ({
    value: holder.holderId,
    label: `${holder.name} (${format.units(holder.units)})`,
  }));
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An issuer token's mint: units to a verified customer by e-mail, a reason, a preview, then the confirm. */
function MintCard({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const call = useFundsCall();
  const [email, setEmail] = useState('');
  const action = usePreviewedAction<MintBody, string>({ hidePreviewOnError: true });
  const move = useTokenMove(
    action,
    (body: MintBody, key) => mintUnits(call, fund.id, body, key),
    'tokens.mint.done',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.start();
    const body = {
      recipientEmail: email.trim(),
      units: move.units.trim().replace(',', '.'),
      reason: move.reason.trim(),
    };
    const problem = EMAIL.test(body.recipientEmail)
      ? unitsAndReasonProblem(body)
      : 'tokens.transfer.emailInvalid';
    if (problem !== null) {
      action.refuse(t(problem));
      return;
    }
    action.show(body);
  };
  return (
    <Card as="section" title={t('tokens.mint.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.mint.title')}>
        <p className="funds-muted">{t('tokens.mint.intro')}</p>
        {action.done ? <Banner tone="success">{action.done}</Banner> : null}
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <TextField
          label={t('tokens.transfer.email')}
          type="email"
          value={email}
          onChange={(event) => action.edit(() => setEmail(event.target.value))}
          autoComplete="off"
          required
        />
        <TextField
          label={t('tokens.freeze.units')}
          value={move.units}
          onChange={(event) => action.edit(() => move.setUnits(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <ReasonField value={move.reason} onChange={(value) => action.edit(() => move.setReason(value))} />
        <PreviewStep
          preview={action.preview}
          label={t('tokens.mint.previewAction')}
          testId="tokens-mint-preview"
          confirm={(body) => ({
            label: t('tokens.mint.confirm', { units: format.units(body.units) }),
            onConfirm: () => move.confirm.mutate(body),
          })}
          confirming={move.confirm.isPending}
          cancel={t('tokens.cancel')}
          onCancel={action.hide}
        >
          {(body) => (
            <p>
              {t('tokens.mint.preview', {
                units: format.units(body.units),
                email: body.recipientEmail,
                value: format.money(parValueTimes(fund, body.units), fund.currency),
              })}
            </p>
          )}
        </PreviewStep>
      </form>
    </Card>
  );
}

/**
 * The units, the reason and the confirm of a mint, a burn or a forced transfer: after a success the units and reason
 * are cleared (the recipient or holders stay, for the next one), the token refreshed, and the banner says what moved
 * to whom.
 */
function useTokenMove<P, B>(
  action: PreviewedAction<P, string>,
  send: (body: B, key: string) => Promise<TokenTransfer>,
  done: 'tokens.mint.done' | 'tokens.burn.done' | 'tokens.force.done',
) {
  const { t } = useTranslation('funds');
  const format = useFundFormat();
  const refresh = useRefresh();
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const confirm = useConfirmAction(action, send, (transfer) => {
    setUnits('');
    setReason('');
    void refresh();
    return t(done, { units: format.units(transfer.units), name: transfer.recipientName });
  });
  return { units, setUnits, reason, setReason, confirm };
}

/** The checks a mint, a burn and a forced transfer share, in their order: the key of the first problem, or null. */
function unitsAndReasonProblem(body: { units: string; reason: string }) {
  if (!fundUnitsSchema.safeParse(body.units).success) {
    return 'tokens.transfer.unitsInvalid';
  }
  return body.reason.length < 3 ? 'tokens.force.reasonRequired' : null;
}

type MintBody = Parameters<typeof mintUnits>[2];
type BurnBody = Parameters<typeof burnUnits>[2];

/** The reason of a mint, a burn or a forced transfer, kept in the issuer's audit. */
function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('funds');
  return (
    <TextField
      label={t('tokens.force.reason')}
      hint={t('tokens.force.reasonHint')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={200}
      autoComplete="off"
      required
    />
  );
}

/** units x par value, cut to the cent (decimal strings, no float). */
function parValueTimes(fund: FundDetail, units: string): string {
  const toScaled = (value: string, scale: number) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  };
  const cents = (toScaled(units, 6) * toScaled(fund.token?.parValue ?? '0', 2)) / 1_000_000n;
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** An issuer token's burn: a holder's free units back to the issuance account, a reason, a preview, the confirm. */
function BurnCard({ fund, register }: { fund: FundDetail; register: TokenRegister }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const call = useFundsCall();
  const [holderId, setHolderId] = useState('');
  const action = usePreviewedAction<BurnBody, string>({ hidePreviewOnError: true });
  const holder = register.holders.find((line) => line.holderId === holderId);
  const move = useTokenMove(
    action,
    (body: BurnBody, key) => burnUnits(call, fund.id, body, key),
    'tokens.burn.done',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.start();
    const body = { holderId, units: move.units.trim().replace(',', '.'), reason: move.reason.trim() };
    const problem = holderId === '' ? 'tokens.freeze.holderRequired' : unitsAndReasonProblem(body);
    if (problem !== null) {
      action.refuse(t(problem));
      return;
    }
    action.show(body);
  };
  // The preview reads the holder's units as the register has them now.
  const previewed = action.preview !== null && holder !== undefined ? { body: action.preview, holder } : null;
  return (
    <Card as="section" title={t('tokens.burn.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.burn.title')}>
        <p className="funds-muted">{t('tokens.burn.intro')}</p>
        {action.done ? <Banner tone="success">{action.done}</Banner> : null}
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <Select
          label={t('tokens.freeze.holder')}
          options={holderOptions(register, format)}
          value={holderId}
          onValueChange={(value) => action.edit(() => setHolderId(value))}
          placeholder={t('tokens.choose')}
        />
        <TextField
          label={t('tokens.freeze.units')}
          value={move.units}
          onChange={(event) => action.edit(() => move.setUnits(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <ReasonField value={move.reason} onChange={(value) => action.edit(() => move.setReason(value))} />
        <PreviewStep
          preview={previewed}
          label={t('tokens.burn.previewAction')}
          testId="tokens-burn-preview"
          confirm={({ body }) => ({
            label: t('tokens.burn.confirm', { units: format.units(body.units) }),
            onConfirm: () => move.confirm.mutate(body),
          })}
          confirming={move.confirm.isPending}
          cancel={t('tokens.cancel')}
          onCancel={action.hide}
        >
          {({ body, holder: from }) => (
            <p>
              {t('tokens.burn.preview', {
                units: format.units(body.units),
                name: from.name,
                held: format.units(from.units),
                frozen: format.units(from.frozenUnits),
              })}
            </p>
          )}
        </PreviewStep>
      </form>
    </Card>
  );
}

function FreezeCard({ fund, register }: { fund: FundDetail; register: TokenRegister }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const call = useFundsCall();
  const refresh = useRefresh();
  const [holderId, setHolderId] = useState('');
  const [units, setUnits] = useState('');
  const [all, setAll] = useState(false);
  // Freezing acts at once (no preview, no idempotency key): only the problem and outcome messages are shared.
  const action = usePreviewedAction<never, string>();
  const changing = useConfirmAction(
    action,
    (direction: 'freeze' | 'unfreeze') =>
      changeFreeze(call, fund.id, direction, {
        holderId,
        units: all ? 'all' : units.trim().replace(',', '.'),
      }),
    (holder, direction) => {
      setUnits('');
      void refresh();
      return t(direction === 'freeze' ? 'tokens.freeze.frozen' : 'tokens.freeze.unfrozen', {
        name: holder.name,
        frozen: format.units(holder.frozenUnits),
      });
    },
  );
  const act = (direction: 'freeze' | 'unfreeze') => {
    action.start();
    if (holderId === '') {
      action.refuse(t('tokens.freeze.holderRequired'));
      return;
    }
    if (!all && !fundUnitsSchema.safeParse(units.trim().replace(',', '.')).success) {
      action.refuse(t('tokens.transfer.unitsInvalid'));
      return;
    }
    changing.mutate(direction);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    act('freeze');
  };
  return (
    <Card as="section" title={t('tokens.freeze.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.freeze.title')}>
        <p className="funds-muted">{t('tokens.freeze.intro')}</p>
        {action.done ? <Banner tone="success">{action.done}</Banner> : null}
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <Select
          label={t('tokens.freeze.holder')}
          options={holderOptions(register, format)}
          value={holderId}
          onValueChange={setHolderId}
          placeholder={t('tokens.choose')}
        />
        <TextField
          label={t('tokens.freeze.units')}
          value={units}
          onChange={(event) => setUnits(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          disabled={all}
        />
        <Checkbox
          label={t('tokens.freeze.all')}
          checked={all}
          onCheckedChange={(value) => setAll(value === true)}
        />
        <div className="funds-actions">
          <Button
            type="submit"
            variant="primary"
            loading={changing.isPending && changing.variables === 'freeze'}
          >
            {t('tokens.freeze.freeze')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            loading={changing.isPending && changing.variables === 'unfreeze'}
            onClick={() => act('unfreeze')}
          >
            {t('tokens.freeze.unfreeze')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PauseCard({ fund, register }: { fund: FundDetail; register: TokenRegister }) {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const refresh = useRefresh();
  const [problem, setProblem] = useState<string | null>(null);
  const toggling = useMutation({
    mutationFn: (paused: boolean) => setPaused(call, fund.id, paused),
    onSuccess: () => void refresh(),
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  return (
    <Card as="section" title={t('tokens.pause.title')} headingLevel={3}>
      {problem ? <Banner tone="danger">{problem}</Banner> : null}
      <p aria-live="polite" data-testid="tokens-paused">
        {register.paused ? t('tokens.pause.paused') : t('tokens.pause.running')}
      </p>
      <p className="funds-muted">{t('tokens.pause.intro')}</p>
      <div className="funds-actions">
        <Button
          type="button"
          variant={register.paused ? 'primary' : 'secondary'}
          loading={toggling.isPending}
          onClick={() => {
            setProblem(null);
            toggling.mutate(!register.paused);
          }}
        >
          {register.paused ? t('tokens.pause.resume') : t('tokens.pause.pause')}
        </Button>
      </div>
    </Card>
  );
}

function ForceTransferCard({ fund, register }: { fund: FundDetail; register: TokenRegister }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const call = useFundsCall();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // No preview here: the confirm is the form's submit button.
  const action = usePreviewedAction<never, string>();
  const move = useTokenMove(
    action,
    (body: ForceBody, key) => forceTransfer(call, fund.id, body, key),
    'tokens.force.done',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.start();
    const body = {
      fromHolderId: from,
      toHolderId: to,
      units: move.units.trim().replace(',', '.'),
      reason: move.reason.trim(),
    };
    const problem =
      from === '' || to === ''
        ? 'tokens.freeze.holderRequired'
        : from === to
          ? 'tokens.force.sameHolder'
          : unitsAndReasonProblem(body);
    if (problem !== null) {
      action.refuse(t(problem));
      return;
    }
    move.confirm.mutate(body);
  };
  const options = holderOptions(register, format);
  return (
    <Card as="section" title={t('tokens.force.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.force.title')}>
        <p className="funds-muted">{t('tokens.force.intro')}</p>
        {action.done ? <Banner tone="success">{action.done}</Banner> : null}
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <Select
          label={t('tokens.force.from')}
          options={options}
          value={from}
          onValueChange={setFrom}
          placeholder={t('tokens.choose')}
        />
        <Select
          label={t('tokens.force.to')}
          options={options}
          value={to}
          onValueChange={setTo}
          placeholder={t('tokens.choose')}
        />
        <TextField
          label={t('tokens.freeze.units')}
          value={move.units}
          onChange={(event) => move.setUnits(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <ReasonField value={move.reason} onChange={move.setReason} />
        <div>
          <ConfirmButton type="submit" variant="primary" loading={move.confirm.isPending}>
            {t('tokens.force.confirm')}
          </ConfirmButton>
        </div>
      </form>
    </Card>
  );
}

type ForceBody = Parameters<typeof forceTransfer>[2];

function DistributeCard({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const call = useFundsCall();
  const refresh = useRefresh();
  const [amount, setAmount] = useState('');
  const action = usePreviewedAction<TokenDistribution, TokenDistribution>();
  const previewing = useAskPreview(action, (value: string) => previewDistribution(call, fund.id, value));
  const distributing = useConfirmAction(
    action,
    (value: string, key) => distribute(call, fund.id, value, key),
    (distribution) => {
      setAmount('');
      void refresh();
      return distribution;
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.start();
    const value = amount.trim().replace(',', '.');
    if (!fundAmountSchema.safeParse(value).success) {
      action.refuse(t('tokens.distribute.amountInvalid'));
      return;
    }
    previewing.mutate(value);
  };
  const done = action.done;
  return (
    <Card as="section" title={t('tokens.distribute.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.distribute.title')}>
        <p className="funds-muted">{t('tokens.distribute.intro')}</p>
        {done ? (
          <Banner tone="success">
            {t('tokens.distribute.done', {
              amount: format.money(done.distributed, done.currency),
              count: done.shares.length,
            })}
          </Banner>
        ) : null}
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <TextField
          label={t('tokens.distribute.amount', { currency: fund.currency })}
          value={amount}
          onChange={(event) => action.edit(() => setAmount(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          suffix={fund.currency}
          required
        />
        <PreviewStep
          preview={action.preview}
          label={t('tokens.distribute.preview')}
          asking={previewing.isPending}
          testId="tokens-distribution-preview"
          confirm={(preview) => ({
            label: t('tokens.distribute.confirm', {
              amount: format.money(preview.distributed, preview.currency),
            }),
            onConfirm: () => distributing.mutate(preview.amount),
          })}
          confirming={distributing.isPending}
          cancel={t('tokens.cancel')}
          onCancel={action.hide}
        >
          {(preview) => (
            <>
              <Table<TokenDistributionShare>
                caption={t('tokens.distribute.shares')}
                rows={preview.shares}
                getRowKey={(row) => row.holderId}
                columns={[
                  {
                    key: 'holder',
                    header: t('tokens.register.holder'),
                    rowHeader: true,
                    cell: (row) => row.name,
                  },
                  {
                    key: 'units',
                    header: t('tokens.register.units'),
                    numeric: true,
                    cell: (row) => format.units(row.units),
                  },
                  {
                    key: 'amount',
                    header: t('tokens.distribute.share'),
                    numeric: true,
                    cell: (row) => format.money(row.amount, preview.currency),
                  },
                ]}
              />
              <dl className="funds-facts funds-facts--list">
                <div>
                  <dt>{t('tokens.distribute.distributed')}</dt>
                  <dd>{format.money(preview.distributed, preview.currency)}</dd>
                </div>
                <div>
                  <dt>{t('tokens.distribute.remainder')}</dt>
                  <dd>{format.money(preview.remainder, preview.currency)}</dd>
                </div>
              </dl>
              <p className="funds-muted">{t('tokens.distribute.remainderNote')}</p>
            </>
          )}
        </PreviewStep>
      </form>
    </Card>
  );
}

function AuditCard({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const audit = useTokenAudit(fund.id, true);
  const rows = audit.data ?? [];
  const detail = (row: TokenAuditEntry) =>
    [
      row.units === null ? null : t('tokens.audit.units', { units: format.units(row.units) }),
      row.amount === null ? null : format.money(row.amount, fund.currency),
      row.reason,
    ]
      .filter((part): part is string => part !== null && part !== '')
      .join(' · ');
  return (
    <Card as="section" title={t('tokens.audit.title')} headingLevel={3}>
      <Table<TokenAuditEntry>
        caption={t('tokens.audit.title')}
        hideCaption
        rows={rows}
        getRowKey={(row) => row.id}
        empty={t('tokens.audit.empty')}
        density="compact"
        columns={[
          { key: 'at', header: t('tokens.audit.at'), cell: (row) => formatDateTime(row.at, format.language) },
          {
            key: 'action',
            header: t('tokens.audit.action'),
            rowHeader: true,
            cell: (row) => t(`tokens.audit.${row.action}`),
          },
          { key: 'by', header: t('tokens.audit.by'), cell: (row) => row.actorName },
          { key: 'detail', header: t('tokens.audit.detail'), cell: detail },
        ]}
      />
    </Card>
  );
}
