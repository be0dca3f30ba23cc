import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BENEFICIARY_NAME_MAX_CHARS,
  formatIban,
  getFee,
  RAIL_CRYPTO_ASSETS,
  validateBic,
  validateCryptoAddress,
  validateIban,
  type Beneficiary,
  type FeeCharge,
  type RailCryptoAsset,
  type Wallet,
  type Withdrawal,
} from '@tessera/contracts';
import { Banner, Button, Card, EmptyState, SegmentedControl, Select, Skeleton, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import {
  newIdempotencyKey,
  retryUnlessClientError,
  useCashCall,
  useInvalidateCash,
  walletsQueryOptions,
} from '#/shared/cash/api/cash-api.ts';
import {
  beneficiariesQueryOptions,
  createBeneficiary,
  createWithdrawal,
  deleteBeneficiary,
  getWithdrawalsPage,
  railsKeys,
} from '#/shared/cash/api/rails-api.ts';
import { amountErrorCode, codeMessage, errorMessage } from '#/lib/error-message.ts';
import { amountInputError, formatAmountText, normalizeAmountInput } from '#/lib/money.ts';
import { useStepUpRetry } from '#/components/cash/use-step-up-retry.tsx';
import { formatDateTime, StatusBadge } from '#/components/cash/activity-list.tsx';
import { RemainingLimitHint } from '#/components/cash/limits-panel.tsx';
import { MoneyAmount } from '#/components/cash/money-amount.tsx';
import { isPositiveAmount, shortAddress } from '#/components/cash/wallet-cards.tsx';
import { maskIban } from '#/shared/cash/presentation.ts';
import '#/components/cash/cash.css';

/** The withdrawal fee of the fee schedule for a wallet's asset, as a decimal string (or null when free). */
export function withdrawalFee(beneficiary: Beneficiary, asset: string): string | null {
  const charge: FeeCharge = getFee(
    beneficiary.kind === 'iban' ? 'withdrawalSepa' : 'withdrawalCrypto',
  ).charge;
  if (charge.type === 'perAsset') {
    return charge.fees.find((fee) => fee.asset === asset)?.amount ?? null;
  }
  if (charge.type === 'fixed') {
    return charge.fee.amount;
  }
  return null;
}

/** The wallets a beneficiary can be paid from: euros for an IBAN, the same crypto-asset for an address. */
export function walletsFor(beneficiary: Beneficiary | undefined, wallets: readonly Wallet[]): Wallet[] {
  if (!beneficiary) {
    return [];
  }
  return wallets.filter(
    (wallet) =>
      wallet.status === 'open' &&
      (beneficiary.kind === 'iban' ? wallet.asset === 'EUR' : wallet.asset === beneficiary.asset),
  );
}

/** Settings → Withdrawals: saved beneficiaries (IBAN and name, or a crypto address) and sending money to one. */
export function WithdrawalSection() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const beneficiaries = useQuery(beneficiariesQueryOptions(call));
  const wallets = useQuery(walletsQueryOptions(call));
  if (beneficiaries.isPending || wallets.isPending) {
    return <Skeleton shape="block" height="160px" />;
  }
  if (beneficiaries.isError || wallets.isError) {
    return <Banner tone="danger">{errorMessage(t, beneficiaries.error ?? wallets.error)}</Banner>;
  }
  return (
    <div className="cash-section">
      <p className="app-muted">{t('settings.withdrawal.lead')}</p>
      <WithdrawForm beneficiaries={beneficiaries.data} wallets={wallets.data} />
      <BeneficiaryList beneficiaries={beneficiaries.data} />
      <AddBeneficiaryForm />
      <PastWithdrawals />
    </div>
  );
}

function describe(beneficiary: Beneficiary): string {
  return beneficiary.kind === 'iban'
    ? formatIban(beneficiary.iban ?? '')
    : `${beneficiary.asset} · ${beneficiary.address}`;
}

/** Where a withdrawal went, for a list: the masked IBAN or the shortened address. */
function maskedDestination(withdrawal: Withdrawal): string {
  return withdrawal.rail === 'sepa' ? maskIban(withdrawal.destination) : shortAddress(withdrawal.destination);
}

/**
 * "Past withdrawals" (GET /withdrawals, newest first, "Load more" by cursor): where each went, how much, its status;
 * a pending one says what settles it, a settled one when. Live updates refresh it when the rail answers.
 */
function PastWithdrawals() {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const call = useCashCall();
  const withdrawals = useInfiniteQuery({
    queryKey: railsKeys.withdrawals(),
    queryFn: ({ pageParam, signal }) => getWithdrawalsPage(call, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessClientError,
  });
  const items = withdrawals.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="cash-section" aria-labelledby="past-withdrawals-title">
      <h3 id="past-withdrawals-title" className="app-settings__subtitle">
        {t('settings.withdrawal.history.title')}
      </h3>
      {withdrawals.isPending ? <Skeleton shape="block" height="80px" /> : null}
      {withdrawals.isError ? <Banner tone="danger">{errorMessage(t, withdrawals.error)}</Banner> : null}
      {withdrawals.isSuccess && items.length === 0 ? (
        <p className="app-muted">{t('settings.withdrawal.history.empty')}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="cash-withdrawals" aria-label={t('settings.withdrawal.history.title')}>
          {items.map((withdrawal) => (
            <li key={withdrawal.id} className="cash-withdrawals__row">
              <div className="cash-withdrawals__main">
                <span>
                  <strong>{withdrawal.beneficiaryName}</strong>{' '}
                  <span className="app-muted cash-mono" title={withdrawal.destination}>
                    {maskedDestination(withdrawal)}
                  </span>
                </span>
                <span className="app-muted cash-activity__meta">
                  {t('settings.withdrawal.history.created', {
                    date: formatDateTime(withdrawal.createdAt, language),
                  })}
                  {withdrawal.settledAt
                    ? ` · ${t(`settings.withdrawal.history.settled.${withdrawal.status}`, {
                        date: formatDateTime(withdrawal.settledAt, language),
                      })}`
                    : null}
                </span>
                {withdrawal.status === 'pending' ? (
                  <span className="cash-pending">
                    {t(`settings.withdrawal.history.pending.${withdrawal.rail}`)}
                  </span>
                ) : null}
              </div>
              <div className="cash-withdrawals__side">
                <MoneyAmount
                  amount={`-${withdrawal.amount}`}
                  asset={withdrawal.asset}
                  signDisplay="exceptZero"
                  tone={withdrawal.status === 'voided' ? 'neutral' : 'auto'}
                  className={withdrawal.status === 'voided' ? 'cash-activity__voided' : undefined}
                />
                {isPositiveAmount(withdrawal.fee, withdrawal.asset) ? (
                  <span className="app-muted cash-activity__fee">
                    {t('activity.fee', {
                      amount: formatAmountText(withdrawal.fee, withdrawal.asset, language),
                    })}
                  </span>
                ) : null}
                <StatusBadge status={withdrawal.status} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {withdrawals.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            loading={withdrawals.isFetchingNextPage}
            loadingLabel={t('activity.loading')}
            onClick={() => void withdrawals.fetchNextPage()}
          >
            {t('activity.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function BeneficiaryList({ beneficiaries }: { beneficiaries: readonly Beneficiary[] }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const remove = async (beneficiary: Beneficiary) => {
    setBusyId(beneficiary.id);
    setError(null);
    try {
      await deleteBeneficiary(call, beneficiary.id);
      await queryClient.invalidateQueries({ queryKey: railsKeys.beneficiaries() });
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setBusyId(null);
    }
  };
  return (
    <section className="cash-section" aria-labelledby="beneficiaries-title">
      <h3 id="beneficiaries-title" className="app-settings__subtitle">
        {t('settings.withdrawal.beneficiaries')}
      </h3>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      {beneficiaries.length === 0 ? (
        <EmptyState
          headingLevel={4}
          title={t('settings.withdrawal.emptyTitle')}
          description={t('settings.withdrawal.emptyText')}
        />
      ) : (
        <ul className="app-list" aria-label={t('settings.withdrawal.beneficiaries')}>
          {beneficiaries.map((beneficiary) => (
            <li key={beneficiary.id} className="app-list__row">
              <span>
                <strong>{beneficiary.name}</strong>{' '}
                <span className="app-muted cash-mono">{describe(beneficiary)}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={busyId !== null}
                aria-label={t('settings.withdrawal.removeLabel', { name: beneficiary.name })}
                onClick={() => void remove(beneficiary)}
              >
                {t('settings.withdrawal.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type BeneficiaryKind = 'iban' | 'crypto';

function AddBeneficiaryForm() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<BeneficiaryKind>('iban');
  const [name, setName] = useState('');
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState('');
  const [asset, setAsset] = useState<RailCryptoAsset>('BTC');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > BENEFICIARY_NAME_MAX_CHARS) {
      found['name'] = t('settings.withdrawal.nameInvalid', { max: BENEFICIARY_NAME_MAX_CHARS });
    }
    if (kind === 'iban') {
      const checked = validateIban(iban);
      if (!checked.ok) {
        found['iban'] = t(`settings.withdrawal.ibanProblems.${checked.problem}`);
      }
      if (bic.trim() && !validateBic(bic).ok) {
        found['bic'] = t('settings.withdrawal.bicInvalid');
      }
    } else {
      const checked = validateCryptoAddress(asset, address);
      if (!checked.ok) {
        found['address'] = t(`settings.withdrawal.addressProblems.${checked.problem}`, { asset });
      }
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0 || busy) {
      return;
    }
    setBusy(true);
    try {
      await createBeneficiary(
        call,
        kind === 'iban'
          ? { kind, name: name.trim(), iban: iban.trim(), ...(bic.trim() ? { bic: bic.trim() } : {}) }
          : { kind, name: name.trim(), asset, address: address.trim() },
        newIdempotencyKey(),
      );
      await queryClient.invalidateQueries({ queryKey: railsKeys.beneficiaries() });
      setMessage({ tone: 'success', text: t('settings.withdrawal.added', { name: name.trim() }) });
      setName('');
      setIban('');
      setBic('');
      setAddress('');
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      variant="outline"
      title={t('settings.withdrawal.addTitle')}
      headingLevel={3}
      className="cash-section"
    >
      <form
        className="app-form app-form--narrow"
        onSubmit={submit}
        noValidate
        aria-label={t('settings.withdrawal.addTitle')}
      >
        {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
        <SegmentedControl
          label={t('settings.withdrawal.kind')}
          value={kind}
          onValueChange={setKind}
          options={(['iban', 'crypto'] as const).map((value) => ({
            value,
            label: t(`settings.withdrawal.kinds.${value}`),
          }))}
        />
        <TextField
          label={t('settings.withdrawal.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors['name']}
          maxLength={BENEFICIARY_NAME_MAX_CHARS + 10}
          autoComplete="off"
          required
        />
        {kind === 'iban' ? (
          <>
            <TextField
              label={t('details.iban')}
              value={iban}
              onChange={(event) => setIban(event.target.value)}
              error={errors['iban']}
              autoComplete="off"
              required
            />
            <TextField
              label={t('settings.withdrawal.bic')}
              value={bic}
              onChange={(event) => setBic(event.target.value)}
              error={errors['bic']}
              autoComplete="off"
            />
          </>
        ) : (
          <>
            <Select
              label={t('settings.withdrawal.asset')}
              value={asset}
              onValueChange={(value) => setAsset(value as RailCryptoAsset)}
              options={RAIL_CRYPTO_ASSETS.map((code) => ({ value: code, label: t(`assets.${code}`) }))}
            />
            <TextField
              label={t('settings.withdrawal.address')}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              error={errors['address']}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </>
        )}
        <Button
          type="submit"
          variant="secondary"
          loading={busy}
          loadingLabel={t('settings.withdrawal.adding')}
        >
          {t('settings.withdrawal.add')}
        </Button>
      </form>
    </Card>
  );
}

function WithdrawForm({
  beneficiaries,
  wallets,
}: {
  beneficiaries: readonly Beneficiary[];
  wallets: readonly Wallet[];
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  const stepUp = useStepUpRetry();
  const [beneficiaryId, setBeneficiaryId] = useState<string | null>(null);
  const beneficiary = beneficiaries.find((candidate) => candidate.id === beneficiaryId) ?? beneficiaries[0];
  const sources = walletsFor(beneficiary, wallets);
  const [walletId, setWalletId] = useState<string | null>(null);
  const wallet = sources.find((candidate) => candidate.id === walletId) ?? sources[0];
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (beneficiaries.length === 0 || !beneficiary) {
    return null;
  }
  const fee = wallet ? withdrawalFee(beneficiary, wallet.asset) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !wallet) {
      return;
    }
    const problem = amountInputError(amount, wallet.asset);
    if (problem) {
      setAmountError(codeMessage(t, amountErrorCode(problem)));
      return;
    }
    setAmountError(null);
    setMessage(null);
    setBusy(true);
    // One key for the first attempt and its retry after the step-up: one withdrawal, whatever happens.
    const idempotencyKey = newIdempotencyKey();
    const body = {
      walletId: wallet.id,
      beneficiaryId: beneficiary.id,
      amount: normalizeAmountInput(amount, wallet.asset) ?? amount,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    };
    try {
      const withdrawal: Withdrawal = await stepUp.run((accessToken) =>
        createWithdrawal(call, body, idempotencyKey, accessToken),
      );
      await invalidate();
      setMessage({
        tone: 'success',
        text: t('settings.withdrawal.sent', {
          amount: formatAmountText(withdrawal.amount, withdrawal.asset, language),
          name: withdrawal.beneficiaryName,
        }),
      });
      setAmount('');
      setReference('');
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Card
        variant="outline"
        title={t('settings.withdrawal.sendTitle')}
        headingLevel={3}
        className="cash-section"
      >
        <form
          className="app-form app-form--narrow"
          onSubmit={submit}
          noValidate
          aria-label={t('settings.withdrawal.sendTitle')}
        >
          {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
          <Select
            label={t('settings.withdrawal.beneficiary')}
            value={beneficiary.id}
            onValueChange={(value) => {
              setBeneficiaryId(value);
              setWalletId(null);
            }}
            options={beneficiaries.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          />
          {wallet ? (
            <>
              <Select
                label={t('settings.withdrawal.fromWallet')}
                value={wallet.id}
                onValueChange={setWalletId}
                options={sources.map((candidate) => ({
                  value: candidate.id,
                  label: t('transfer.walletOption', {
                    name: candidate.name,
                    available: formatAmountText(candidate.balance.available, candidate.asset, language),
                  }),
                }))}
              />
              <TextField
                label={t('transfer.amount', { asset: wallet.asset })}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={amountError ?? undefined}
                inputMode="decimal"
                autoComplete="off"
                required
              />
              <RemainingLimitHint operation="withdrawal" />
              {beneficiary.kind === 'iban' ? (
                <TextField
                  label={t('settings.withdrawal.reference')}
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                  maxLength={140}
                />
              ) : null}
              <p className="app-muted">
                {fee
                  ? t('settings.withdrawal.fee', { fee: formatAmountText(fee, wallet.asset, language) })
                  : t('settings.withdrawal.noFee')}
              </p>
              <p className="app-muted">{t('settings.withdrawal.stepUpHint')}</p>
              <Button type="submit" variant="primary" loading={busy} loadingLabel={t('transfer.working')}>
                {t('settings.withdrawal.submit')}
              </Button>
            </>
          ) : (
            <p>{t('settings.withdrawal.noWallet')}</p>
          )}
        </form>
      </Card>
      {stepUp.dialog}
    </>
  );
}
