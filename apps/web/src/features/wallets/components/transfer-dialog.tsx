import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CashTransfer, FxQuote, Wallet } from '@tessera/contracts';
import { Banner, Button, Dialog, SegmentedControl, Select, Skeleton, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import {
  createCustomerTransfer,
  createOwnTransfer,
  createQuote,
  newIdempotencyKey,
  useCashCall,
  useInvalidateCash,
  walletsQueryOptions,
} from '#/lib/cash/cash-api.ts';
import { amountErrorCode, codeMessage, errorCodeOf, errorMessage } from '#/lib/cash/errors.ts';
import { amountInputError, formatAmountText, normalizeAmountInput } from '#/lib/cash/money.ts';
import { useStepUpRetry } from '#/components/cash/use-step-up-retry.tsx';
import { FxQuoteSummary, useNow } from './fx-quote.tsx';
import { quoteSecondsLeft } from '../lib/deposit-math.ts';

type Mode = 'own' | 'customer';

/** How many times an expired quote is renewed by itself before the customer has to ask again. */
const AUTO_REQUOTE_MAX = 10;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The cash transfer modal (action=transfer): between the customer's own wallets (with an FX quote valid 30 s
 * when the assets differ: rate, fee and amount received, renewed when it runs out) or to another customer by
 * e-mail, which needs a fresh second factor (step-up) and is retried with the same Idempotency-Key.
 */
export function TransferDialog({
  open,
  onClose,
  initialFromWalletId,
}: {
  open: boolean;
  onClose: () => void;
  initialFromWalletId?: string;
}) {
  const { t } = useTranslation('wallets');
  // The step-up dialog replaces this one while it is open (two modals at once would fight over the focus trap);
  // what must survive it lives here: the mode, the result and a failure of the retried request.
  const stepUp = useStepUpRetry();
  const [mode, setMode] = useState<Mode>('own');
  const [result, setResult] = useState<CashTransfer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setMode('own');
    setResult(null);
    setFailure(null);
    onClose();
  };
  const shown = open && !stepUp.active;
  return (
    <>
      <Dialog
        open={shown}
        onOpenChange={(next) => {
          if (!next) {
            close();
          }
        }}
        title={t('transfer.title')}
        description={t('transfer.description')}
        closeLabel={t('transfer.close')}
        size="md"
      >
        {shown ? (
          <TransferBody
            initialFromWalletId={initialFromWalletId}
            mode={mode}
            onModeChange={(next) => {
              setMode(next);
              setFailure(null);
            }}
            result={result}
            failure={failure}
            runWithStepUp={stepUp.run}
            onDone={(transfer) => {
              setFailure(null);
              setResult(transfer);
            }}
            onFailure={setFailure}
            onAgain={() => setResult(null)}
            onClose={close}
          />
        ) : null}
      </Dialog>
      {stepUp.dialog}
    </>
  );
}

type RunWithStepUp = ReturnType<typeof useStepUpRetry>['run'];

function TransferBody({
  initialFromWalletId,
  mode,
  onModeChange,
  result,
  failure,
  runWithStepUp,
  onDone,
  onFailure,
  onAgain,
  onClose,
}: {
  initialFromWalletId?: string;
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  result: CashTransfer | null;
  failure: string | null;
  runWithStepUp: RunWithStepUp;
  onDone: (transfer: CashTransfer) => void;
  onFailure: (message: string | null) => void;
  onAgain: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const wallets = useQuery(walletsQueryOptions(call));

  if (wallets.isPending) {
    return <Skeleton shape="block" height="240px" />;
  }
  if (wallets.isError) {
    return <Banner tone="danger">{errorMessage(t, wallets.error)}</Banner>;
  }
  const open = wallets.data.filter((wallet) => wallet.status === 'open');
  if (result) {
    return <TransferDone transfer={result} onClose={onClose} onAgain={onAgain} />;
  }
  if (open.length === 0) {
    return <p>{t('transfer.noWallets')}</p>;
  }
  return (
    <div className="app-stack">
      <SegmentedControl
        label={t('transfer.mode')}
        value={mode}
        onValueChange={onModeChange}
        options={(['own', 'customer'] as const).map((value) => ({
          value,
          label: t(`transfer.modes.${value}`),
        }))}
      />
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      {mode === 'own' ? (
        <OwnTransferForm wallets={open} initialFromWalletId={initialFromWalletId} onDone={onDone} />
      ) : (
        <CustomerTransferForm
          wallets={open}
          initialFromWalletId={initialFromWalletId}
          runWithStepUp={runWithStepUp}
          onDone={onDone}
          onFailure={onFailure}
        />
      )}
    </div>
  );
}

function walletOption(
  wallet: Wallet,
  language: 'en' | 'fr',
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  return {
    value: wallet.id,
    label: t('transfer.walletOption', {
      name: wallet.name,
      available: formatAmountText(wallet.balance.available, wallet.asset, language),
    }),
  };
}

function pickInitial(wallets: readonly Wallet[], initial: string | undefined): string {
  return wallets.find((wallet) => wallet.id === initial)?.id ?? wallets[0]?.id ?? '';
}

function OwnTransferForm({
  wallets,
  initialFromWalletId,
  onDone,
}: {
  wallets: readonly Wallet[];
  initialFromWalletId?: string;
  onDone: (transfer: CashTransfer) => void;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  const [fromId, setFromId] = useState(() => pickInitial(wallets, initialFromWalletId));
  const [toId, setToId] = useState(() => wallets.find((wallet) => wallet.id !== fromId)?.id ?? '');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [quote, setQuote] = useState<{ value: FxQuote; receivedAtMs: number } | null>(null);
  const renewals = useRef(0);
  const from = wallets.find((wallet) => wallet.id === fromId);
  const to = wallets.find((wallet) => wallet.id === toId);
  const needsQuote = Boolean(from && to && from.asset !== to.asset);
  const now = useNow(quote !== null);
  const secondsLeft = quote ? quoteSecondsLeft(quote.value, quote.receivedAtMs, now) : 0;

  const reset = () => {
    setQuote(null);
    setError(null);
    setNotice(null);
    renewals.current = 0;
  };

  const validate = (): string | null => {
    if (!from || !to) {
      return null;
    }
    if (from.id === to.id) {
      setError(codeMessage(t, 'CASH_SAME_WALLET'));
      return null;
    }
    const problem = amountInputError(amount, from.asset);
    if (problem) {
      setAmountError(codeMessage(t, amountErrorCode(problem)));
      return null;
    }
    setAmountError(null);
    return normalizeAmountInput(amount, from.asset);
  };

  const requestQuote = useCallback(
    async (decimal: string) => {
      if (!from || !to) {
        return;
      }
      setBusy(true);
      setError(null);
      try {
        const value = await createQuote(
          call,
          { fromWalletId: from.id, toWalletId: to.id, amount: decimal, side: 'send' },
          newIdempotencyKey(),
        );
        setQuote({ value, receivedAtMs: Date.now() });
      } catch (failure) {
        setQuote(null);
        setError(errorMessage(t, failure));
      } finally {
        setBusy(false);
      }
    },
    [call, from, to, t],
  );

  // Re-quote on expiry, a bounded number of times, so a customer who steps away does not keep one renewing forever.
  useEffect(() => {
    if (quote && secondsLeft === 0 && !busy) {
      if (renewals.current < AUTO_REQUOTE_MAX) {
        renewals.current += 1;
        setNotice(t('transfer.quote.renewed'));
        void requestQuote(quote.value.amountSent);
      }
    }
  }, [quote, secondsLeft, busy, requestQuote, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !from || !to) {
      return;
    }
    setNotice(null);
    const decimal = validate();
    if (decimal === null) {
      return;
    }
    if (needsQuote && (!quote || secondsLeft === 0)) {
      renewals.current = 0;
      await requestQuote(decimal);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const transfer = await createOwnTransfer(
        call,
        needsQuote && quote
          ? { fromWalletId: from.id, toWalletId: to.id, quoteId: quote.value.id }
          : { fromWalletId: from.id, toWalletId: to.id, amount: decimal },
        newIdempotencyKey(),
      );
      await invalidate();
      onDone(transfer);
    } catch (failure) {
      const code = errorCodeOf(failure);
      setError(errorMessage(t, failure));
      if (code === 'CASH_QUOTE_EXPIRED' || code === 'CASH_QUOTE_USED' || code === 'CASH_QUOTE_NOT_FOUND') {
        setQuote(null);
      }
    } finally {
      setBusy(false);
    }
  };

  const options = useMemo(
    () => wallets.map((wallet) => walletOption(wallet, language, t)),
    [wallets, language, t],
  );
  return (
    <form className="app-form" onSubmit={submit} noValidate>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      {notice ? <Banner tone="info">{notice}</Banner> : null}
      <Select
        label={t('transfer.from')}
        value={fromId}
        onValueChange={(value) => {
          setFromId(value);
          reset();
        }}
        options={options}
        required
      />
      <Select
        label={t('transfer.to')}
        value={toId}
        onValueChange={(value) => {
          setToId(value);
          reset();
        }}
        options={options}
        required
      />
      <TextField
        label={t('transfer.amount', { asset: from?.asset ?? '' })}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          reset();
        }}
        error={amountError ?? undefined}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      {needsQuote && !quote ? <p className="app-muted">{t('transfer.quote.needed')}</p> : null}
      {quote ? <FxQuoteSummary quote={quote.value} secondsLeft={secondsLeft} /> : null}
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('transfer.working')}>
        {needsQuote && (!quote || secondsLeft === 0) ? t('transfer.getQuote') : t('transfer.confirm')}
      </Button>
    </form>
  );
}

function CustomerTransferForm({
  wallets,
  initialFromWalletId,
  runWithStepUp,
  onDone,
  onFailure,
}: {
  wallets: readonly Wallet[];
  initialFromWalletId?: string;
  runWithStepUp: RunWithStepUp;
  onDone: (transfer: CashTransfer) => void;
  onFailure: (message: string | null) => void;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  const [fromId, setFromId] = useState(() => pickInitial(wallets, initialFromWalletId));
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; amount?: string }>({});
  const [busy, setBusy] = useState(false);
  const from = wallets.find((wallet) => wallet.id === fromId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !from) {
      return;
    }
    const problems: { email?: string; amount?: string } = {};
    if (!EMAIL_PATTERN.test(email.trim())) {
      problems.email = t('transfer.emailInvalid');
    }
    const amountProblem = amountInputError(amount, from.asset);
    if (amountProblem) {
      problems.amount = codeMessage(t, amountErrorCode(amountProblem));
    }
    setFieldErrors(problems);
    if (problems.email || problems.amount) {
      return;
    }
    setBusy(true);
    onFailure(null);
    // The same key for the first attempt and its retry after the step-up: one transfer, whatever happens.
    const idempotencyKey = newIdempotencyKey();
    const body = {
      fromWalletId: from.id,
      recipientEmail: email.trim(),
      amount: normalizeAmountInput(amount, from.asset) ?? amount,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    try {
      const transfer = await runWithStepUp((accessToken) =>
        createCustomerTransfer(call, body, idempotencyKey, accessToken),
      );
      await invalidate();
      onDone(transfer);
    } catch (failure) {
      // This form may have been replaced by the step-up dialog meanwhile: the dialog above shows the message.
      onFailure(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="app-form" onSubmit={submit} noValidate>
      <Select
        label={t('transfer.from')}
        value={fromId}
        onValueChange={setFromId}
        options={wallets.map((wallet) => walletOption(wallet, language, t))}
        required
      />
      <TextField
        label={t('transfer.recipientEmail')}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
        autoComplete="off"
        required
      />
      <TextField
        label={t('transfer.amount', { asset: from?.asset ?? '' })}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={fieldErrors.amount}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <TextField
        label={t('transfer.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={140}
      />
      <p className="app-muted">{t('transfer.stepUpHint')}</p>
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('transfer.working')}>
        {t('transfer.send')}
      </Button>
    </form>
  );
}

function TransferDone({
  transfer,
  onClose,
  onAgain,
}: {
  transfer: CashTransfer;
  onClose: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  return (
    <div className="app-stack">
      <Banner tone="success">
        {transfer.recipient
          ? t('transfer.doneCustomer', {
              amount: formatAmountText(transfer.amountSent, transfer.assetSent, language),
              name: transfer.recipient.displayName,
            })
          : t('transfer.done', {
              sent: formatAmountText(transfer.amountSent, transfer.assetSent, language),
              received: formatAmountText(transfer.amountReceived, transfer.assetReceived, language),
            })}
      </Banner>
      <div className="app-cluster">
        <Button variant="secondary" onClick={onAgain}>
          {t('transfer.again')}
        </Button>
        <Button variant="primary" onClick={onClose}>
          {t('transfer.finish')}
        </Button>
      </div>
    </div>
  );
}
