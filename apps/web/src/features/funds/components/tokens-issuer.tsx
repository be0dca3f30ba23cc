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
} from '@tessera/contracts';
import { Banner, Button, Card, Checkbox, Select, Table, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { formatDateTime } from '#/shared/markets/market-format.ts';
import { newIdempotencyKey, useFundsCall } from '../api/funds-api.ts';
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
  const refresh = useRefresh();
  const [email, setEmail] = useState('');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const [previewed, setPreviewed] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const clean = units.trim().replace(',', '.');
  const minting = useMutation({
    mutationFn: () =>
      mintUnits(call, fund.id, { recipientEmail: email.trim(), units: clean, reason: reason.trim() }, key),
    onSuccess: (transfer) => {
      setDone(t('tokens.mint.done', { units: format.units(transfer.units), name: transfer.recipientName }));
      setKey(newIdempotencyKey());
      setUnits('');
      setReason('');
      setPreviewed(false);
      void refresh();
    },
    onError: (error) => {
      setPreviewed(false);
      setProblem(errorMessage(t, error));
    },
  });
  const edit = (apply: () => void) => {
    apply();
    setPreviewed(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    if (!EMAIL.test(email.trim())) {
      setProblem(t('tokens.transfer.emailInvalid'));
      return;
    }
    if (!fundUnitsSchema.safeParse(clean).success) {
      setProblem(t('tokens.transfer.unitsInvalid'));
      return;
    }
    if (reason.trim().length < 3) {
      setProblem(t('tokens.force.reasonRequired'));
      return;
    }
    setPreviewed(true);
  };
  return (
    <Card as="section" title={t('tokens.mint.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.mint.title')}>
        <p className="funds-muted">{t('tokens.mint.intro')}</p>
        {done ? <Banner tone="success">{done}</Banner> : null}
        {problem ? <Banner tone="danger">{problem}</Banner> : null}
        <TextField
          label={t('tokens.transfer.email')}
          type="email"
          value={email}
          onChange={(event) => edit(() => setEmail(event.target.value))}
          autoComplete="off"
          required
        />
        <TextField
          label={t('tokens.freeze.units')}
          value={units}
          onChange={(event) => edit(() => setUnits(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <TextField
          label={t('tokens.force.reason')}
          hint={t('tokens.force.reasonHint')}
          value={reason}
          onChange={(event) => edit(() => setReason(event.target.value))}
          maxLength={200}
          autoComplete="off"
          required
        />
        {previewed ? (
          <div className="funds-preview" aria-live="polite" data-testid="tokens-mint-preview">
            <p>
              {t('tokens.mint.preview', {
                units: format.units(clean),
                email: email.trim(),
                value: format.money(parValueTimes(fund, clean), fund.currency),
              })}
            </p>
            <div className="funds-actions">
              <ConfirmButton
                type="button"
                variant="primary"
                loading={minting.isPending}
                onClick={() => minting.mutate()}
              >
                {t('tokens.mint.confirm', { units: format.units(clean) })}
              </ConfirmButton>
              <Button type="button" variant="ghost" onClick={() => setPreviewed(false)}>
                {t('tokens.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button type="submit" variant="secondary">
              {t('tokens.mint.previewAction')}
            </Button>
          </div>
        )}
      </form>
    </Card>
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
  const refresh = useRefresh();
  const [holderId, setHolderId] = useState('');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const [previewed, setPreviewed] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const clean = units.trim().replace(',', '.');
  const holder = register.holders.find((line) => line.holderId === holderId);
  const burning = useMutation({
    mutationFn: () => burnUnits(call, fund.id, { holderId, units: clean, reason: reason.trim() }, key),
    onSuccess: (transfer) => {
      setDone(t('tokens.burn.done', { units: format.units(transfer.units), name: transfer.recipientName }));
      setKey(newIdempotencyKey());
      setUnits('');
      setReason('');
      setPreviewed(false);
      void refresh();
    },
    onError: (error) => {
      setPreviewed(false);
      setProblem(errorMessage(t, error));
    },
  });
  const edit = (apply: () => void) => {
    apply();
    setPreviewed(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    if (holderId === '') {
      setProblem(t('tokens.freeze.holderRequired'));
      return;
    }
    if (!fundUnitsSchema.safeParse(clean).success) {
      setProblem(t('tokens.transfer.unitsInvalid'));
      return;
    }
    if (reason.trim().length < 3) {
      setProblem(t('tokens.force.reasonRequired'));
      return;
    }
    setPreviewed(true);
  };
  return (
    <Card as="section" title={t('tokens.burn.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.burn.title')}>
        <p className="funds-muted">{t('tokens.burn.intro')}</p>
        {done ? <Banner tone="success">{done}</Banner> : null}
        {problem ? <Banner tone="danger">{problem}</Banner> : null}
        <Select
          label={t('tokens.freeze.holder')}
          options={holderOptions(register, format)}
          value={holderId}
          onValueChange={(value) => edit(() => setHolderId(value))}
          placeholder={t('tokens.choose')}
        />
        <TextField
          label={t('tokens.freeze.units')}
          value={units}
          onChange={(event) => edit(() => setUnits(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <TextField
          label={t('tokens.force.reason')}
          hint={t('tokens.force.reasonHint')}
          value={reason}
          onChange={(event) => edit(() => setReason(event.target.value))}
          maxLength={200}
          autoComplete="off"
          required
        />
        {previewed && holder ? (
          <div className="funds-preview" aria-live="polite" data-testid="tokens-burn-preview">
            <p>
              {t('tokens.burn.preview', {
                units: format.units(clean),
                name: holder.name,
                held: format.units(holder.units),
                frozen: format.units(holder.frozenUnits),
              })}
            </p>
            <div className="funds-actions">
              <ConfirmButton
                type="button"
                variant="primary"
                loading={burning.isPending}
                onClick={() => burning.mutate()}
              >
                {t('tokens.burn.confirm', { units: format.units(clean) })}
              </ConfirmButton>
              <Button type="button" variant="ghost" onClick={() => setPreviewed(false)}>
                {t('tokens.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button type="submit" variant="secondary">
              {t('tokens.burn.previewAction')}
            </Button>
          </div>
        )}
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
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const changing = useMutation({
    mutationFn: (direction: 'freeze' | 'unfreeze') =>
      changeFreeze(call, fund.id, direction, {
        holderId,
        units: all ? 'all' : units.trim().replace(',', '.'),
      }),
    onSuccess: (holder, direction) => {
      setDone(
        t(direction === 'freeze' ? 'tokens.freeze.frozen' : 'tokens.freeze.unfrozen', {
          name: holder.name,
          frozen: format.units(holder.frozenUnits),
        }),
      );
      setUnits('');
      void refresh();
    },
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  const act = (direction: 'freeze' | 'unfreeze') => {
    setProblem(null);
    setDone(null);
    if (holderId === '') {
      setProblem(t('tokens.freeze.holderRequired'));
      return;
    }
    if (!all && !fundUnitsSchema.safeParse(units.trim().replace(',', '.')).success) {
      setProblem(t('tokens.transfer.unitsInvalid'));
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
        {done ? <Banner tone="success">{done}</Banner> : null}
        {problem ? <Banner tone="danger">{problem}</Banner> : null}
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
  const refresh = useRefresh();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const forcing = useMutation({
    mutationFn: () =>
      forceTransfer(
        call,
        fund.id,
        { fromHolderId: from, toHolderId: to, units: units.trim().replace(',', '.'), reason: reason.trim() },
        key,
      ),
    onSuccess: (transfer) => {
      setDone(t('tokens.force.done', { units: format.units(transfer.units), name: transfer.recipientName }));
      setKey(newIdempotencyKey());
      setUnits('');
      setReason('');
      void refresh();
    },
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    if (from === '' || to === '') {
      setProblem(t('tokens.freeze.holderRequired'));
      return;
    }
    if (from === to) {
      setProblem(t('tokens.force.sameHolder'));
      return;
    }
    if (!fundUnitsSchema.safeParse(units.trim().replace(',', '.')).success) {
      setProblem(t('tokens.transfer.unitsInvalid'));
      return;
    }
    if (reason.trim().length < 3) {
      setProblem(t('tokens.force.reasonRequired'));
      return;
    }
    forcing.mutate();
  };
  const options = holderOptions(register, format);
  return (
    <Card as="section" title={t('tokens.force.title')} headingLevel={3}>
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.force.title')}>
        <p className="funds-muted">{t('tokens.force.intro')}</p>
        {done ? <Banner tone="success">{done}</Banner> : null}
        {problem ? <Banner tone="danger">{problem}</Banner> : null}
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
          value={units}
          onChange={(event) => setUnits(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <TextField
          label={t('tokens.force.reason')}
          hint={t('tokens.force.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={200}
          autoComplete="off"
          required
        />
        <div>
          <ConfirmButton type="submit" variant="primary" loading={forcing.isPending}>
            {t('tokens.force.confirm')}
          </ConfirmButton>
        </div>
      </form>
    </Card>
  );
}

function DistributeCard({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const call = useFundsCall();
  const refresh = useRefresh();
  const [amount, setAmount] = useState('');
  const [preview, setPreview] = useState<TokenDistribution | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<TokenDistribution | null>(null);
  const previewing = useMutation({
    mutationFn: (value: string) => previewDistribution(call, fund.id, value),
    onSuccess: setPreview,
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  const distributing = useMutation({
    mutationFn: (value: string) => distribute(call, fund.id, value, key),
    onSuccess: (distribution) => {
      setDone(distribution);
      setPreview(null);
      setKey(newIdempotencyKey());
      setAmount('');
      void refresh();
    },
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    const value = amount.trim().replace(',', '.');
    if (!fundAmountSchema.safeParse(value).success) {
      setProblem(t('tokens.distribute.amountInvalid'));
      return;
    }
    previewing.mutate(value);
  };
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
        {problem ? <Banner tone="danger">{problem}</Banner> : null}
        <TextField
          label={t('tokens.distribute.amount', { currency: fund.currency })}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setPreview(null);
          }}
          inputMode="decimal"
          autoComplete="off"
          suffix={fund.currency}
          required
        />
        {preview === null ? (
          <div>
            <Button type="submit" variant="secondary" loading={previewing.isPending}>
              {t('tokens.distribute.preview')}
            </Button>
          </div>
        ) : (
          <div className="funds-preview" aria-live="polite" data-testid="tokens-distribution-preview">
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
            <div className="funds-actions">
              <ConfirmButton
                type="button"
                variant="primary"
                loading={distributing.isPending}
                onClick={() => distributing.mutate(preview.amount)}
              >
                {t('tokens.distribute.confirm', {
                  amount: format.money(preview.distributed, preview.currency),
                })}
              </ConfirmButton>
              <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
                {t('tokens.cancel')}
              </Button>
            </div>
          </div>
        )}
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
