import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { CashTransfer, FxQuote, Wallet } from '@tessera/contracts';
import { Banner, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { createOwnTransfer } from '../api/create-own-transfer.ts';
import { createQuote } from '../api/create-fx-quote.ts';
import { newIdempotencyKey, useCashCall, useInvalidateCash } from '#/shared/cash/api/cash-request.ts';
import { codeMessage, errorCodeOf, errorMessage } from '#/lib/error-message.ts';
import { normalizeAmountInput } from '#/lib/money.ts';
import { amountSchema } from '#/components/cash/amount-schema.ts';
import { resolverFor, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { FxQuoteSummary, useNow } from './fx-quote.tsx';
import { quoteSecondsLeft } from '../lib/deposit-math.ts';
import { assetOf, pickInitial, walletOption, WalletSelect } from './transfer-form-parts.tsx';

/** How many times an expired quote is renewed by itself before the customer has to ask again. */
const AUTO_REQUOTE_MAX = 10;

/** Quote failures after which the quote held is no longer usable. */
const QUOTE_GONE_CODES = ['CASH_QUOTE_EXPIRED', 'CASH_QUOTE_USED', 'CASH_QUOTE_NOT_FOUND'];

function ownTransferSchema(t: Translate, wallets: readonly Wallet[], values: OwnTransferValues) {
  // Between one wallet and itself the amount is not looked at: the form says the wallets must differ instead.
  const sameWallet = values.fromWalletId === values.toWalletId;
  return z.object({
    fromWalletId: z.string(),
    toWalletId: z.string(),
    amount: sameWallet ? z.string() : amountSchema(t, assetOf(wallets, values.fromWalletId)),
  });
}

interface OwnTransferValues {
  fromWalletId: string;
  toWalletId: string;
  amount: string;
}

interface HeldQuote {
  value: FxQuote;
  receivedAtMs: number;
}

/**
 * The FX quote of a transfer between wallets of different assets: asked for on submit, valid 30 s, renewed by
 * itself when it runs out (a bounded number of times). `setError` is the form's one failure message.
 */
function useTransferQuote(
  from: Wallet | undefined,
  to: Wallet | undefined,
  transferBusy: boolean,
  setError: (message: string | null) => void,
) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const [quote, setQuote] = useState<HeldQuote | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const renewals = useRef(0);
  const now = useNow(quote !== null);
  const secondsLeft = quote ? quoteSecondsLeft(quote.value, quote.receivedAtMs, now) : 0;
  const { mutateAsync: fetchQuote, isPending: quoting } = useMutation({
    mutationFn: (request: { fromWalletId: string; toWalletId: string; amount: string }) =>
      createQuote(call, { ...request, side: 'send' }, newIdempotencyKey()),
  });
  const busy = quoting || transferBusy;

  const request = useCallback(
    async (decimal: string) => {
      if (!from || !to) {
        return;
      }
      setError(null);
      try {
        const value = await fetchQuote({ fromWalletId: from.id, toWalletId: to.id, amount: decimal });
        setQuote({ value, receivedAtMs: Date.now() });
      } catch (failure) {
        setQuote(null);
        setError(errorMessage(t, failure));
      }
    },
    [fetchQuote, from, to, setError, t],
  );

  // Re-quote on expiry, a bounded number of times, so a customer who steps away does not keep one renewing forever.
  useEffect(() => {
    if (quote && secondsLeft === 0 && !busy && renewals.current < AUTO_REQUOTE_MAX) {
      renewals.current += 1;
      setNotice(t('transfer.quote.renewed'));
      void request(quote.value.amountSent);
    }
  }, [quote, secondsLeft, busy, request, t]);

  return {
    quote,
    secondsLeft,
    notice,
    busy,
    /** True when a transfer needs a (new) quote before it can be confirmed. */
    missing: quote === null || secondsLeft === 0,
    askFor: (decimal: string) => {
      renewals.current = 0;
      return request(decimal);
    },
    forget: () => setQuote(null),
    clearNotice: () => setNotice(null),
    /** After any change of the form: the quote no longer describes it. */
    reset: () => {
      setQuote(null);
      setNotice(null);
      renewals.current = 0;
    },
  };
}

/** Sends between the customer's own wallets, by quote when the assets differ. */
function useOwnTransfer() {
  const call = useCashCall();
  const invalidate = useInvalidateCash();
  return useMutation({
    mutationFn: async (
      request:
        | { fromWalletId: string; toWalletId: string; quoteId: string }
        | { fromWalletId: string; toWalletId: string; amount: string },
    ) => {
      const transfer = await createOwnTransfer(call, request, newIdempotencyKey());
      await invalidate();
      return transfer;
    },
  });
}

/** Between the customer's own wallets, with an FX quote when the assets differ. */
export function OwnTransferForm({
  wallets,
  initialFromWalletId,
  onDone,
}: {
  wallets: readonly Wallet[];
  initialFromWalletId?: string;
  onDone: (transfer: CashTransfer) => void;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const form = useForm<OwnTransferValues>({
    ...SUBMIT_VALIDATION,
    resolver: resolverFor((values) => ownTransferSchema(t, wallets, values)),
    defaultValues: initialValues(wallets, initialFromWalletId),
  });
  const [fromId, toId] = useWatch({ control: form.control, name: ['fromWalletId', 'toWalletId'] });
  const from = wallets.find((wallet) => wallet.id === fromId);
  const to = wallets.find((wallet) => wallet.id === toId);
  const needsQuote = Boolean(from && to && from.asset !== to.asset);
  const [error, setError] = useState<string | null>(null);
  const transfer = useOwnTransfer();
  const quote = useTransferQuote(from, to, transfer.isPending, setError);
  const changed = () => {
    quote.reset();
    setError(null);
  };

  const send = async (values: OwnTransferValues) => {
    if (quote.busy || !from || !to) {
      return;
    }
    quote.clearNotice();
    if (from.id === to.id) {
      setError(codeMessage(t, 'CASH_SAME_WALLET'));
      return;
    }
    const decimal = normalizeAmountInput(values.amount, from.asset) ?? values.amount;
    if (needsQuote && quote.missing) {
      await quote.askFor(decimal);
      return;
    }
    setError(null);
    try {
      const ids = { fromWalletId: from.id, toWalletId: to.id };
      onDone(
        await transfer.mutateAsync(
          needsQuote && quote.quote ? { ...ids, quoteId: quote.quote.value.id } : { ...ids, amount: decimal },
        ),
      );
    } catch (failure) {
      setError(errorMessage(t, failure));
      if (QUOTE_GONE_CODES.includes(errorCodeOf(failure))) {
        quote.forget();
      }
    }
  };

  return (
    <form className="app-form" onSubmit={form.handleSubmit(send)} noValidate>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      {quote.notice ? <Banner tone="info">{quote.notice}</Banner> : null}
      <OwnTransferFields form={form} wallets={wallets} asset={from?.asset} onChange={changed} />
      {needsQuote && !quote.quote ? <p className="app-muted">{t('transfer.quote.needed')}</p> : null}
      {quote.quote ? <FxQuoteSummary quote={quote.quote.value} secondsLeft={quote.secondsLeft} /> : null}
      <ConfirmButton
        type="submit"
        variant="primary"
        loading={quote.busy}
        loadingLabel={t('transfer.working')}
      >
        {needsQuote && quote.missing ? t('transfer.getQuote') : t('transfer.confirm')}
      </ConfirmButton>
    </form>
  );
}

function initialValues(
  wallets: readonly Wallet[],
  initialFromWalletId: string | undefined,
): OwnTransferValues {
  const fromWalletId = pickInitial(wallets, initialFromWalletId);
  const toWalletId = wallets.find((wallet) => wallet.id !== fromWalletId)?.id ?? '';
  return { fromWalletId, toWalletId, amount: '' };
}

function OwnTransferFields({
  form,
  wallets,
  asset,
  onChange,
}: {
  form: ReturnType<typeof useForm<OwnTransferValues>>;
  wallets: readonly Wallet[];
  asset: string | undefined;
  onChange: () => void;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const options = useMemo(
    () => wallets.map((wallet) => walletOption(wallet, language, t)),
    [wallets, language, t],
  );
  return (
    <>
      <WalletSelect
        control={form.control}
        name="fromWalletId"
        label={t('transfer.from')}
        options={options}
        onChosen={onChange}
      />
      <WalletSelect
        control={form.control}
        name="toWalletId"
        label={t('transfer.to')}
        options={options}
        onChosen={onChange}
      />
      <TextField
        label={t('transfer.amount', { asset: asset ?? '' })}
        {...form.register('amount', { onChange })}
        error={form.formState.errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        required
      />
    </>
  );
}
