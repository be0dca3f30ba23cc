import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { TEST_CARDS, type CardDeposit, type SavedCard, type Wallet } from '@tessera/contracts';
import { Banner, Spinner, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { ApiError } from '#/lib/api.ts';
import { newIdempotencyKey, useCashCall, useInvalidateCash } from '#/shared/cash/api/cash-request.ts';
import { cardDepositQueryOptions } from '#/shared/cash/api/get-card-deposit.ts';
import { createCardDeposit } from '#/shared/cash/api/create-card-deposit.ts';
import { savedCardsQueryOptions } from '#/shared/cash/api/get-saved-cards.ts';
import { tokenizeCard } from '#/shared/cash/api/tokenize-card.ts';
import { useSimulatorsEnabled } from '#/shared/cash/api/rails-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatAmountText, normalizeAmountInput } from '#/lib/money.ts';
import { amountSchema } from '#/components/cash/amount-schema.ts';
import { resolverFor, SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { cardCharge, parseExpiry } from '../lib/deposit-math.ts';
import {
  NewCardInputs,
  SavedCardChoice,
  type CardDepositValues,
  type Payment,
} from './card-deposit-fields.tsx';

function cardDepositSchema(t: Translate, asset: string, payment: Payment, card: string | null) {
  const newCard = payment === 'new';
  return z.object({
    amount: amountSchema(t, asset),
    payment: z.enum(['', 'saved', 'new']),
    savedCardId: z.string().refine(() => newCard || card !== null, t('fund.card.chooseCard')),
    number: z
      .string()
      .refine(
        (number) => !newCard || /^\d{12,19}$/.test(number.replace(/[\s-]/g, '')),
        t('fund.card.numberInvalid'),
      ),
    expiry: z
      .string()
      .refine((expiry) => !newCard || parseExpiry(expiry) !== null, t('fund.card.expiryInvalid')),
    cvc: z.string().refine((cvc) => !newCard || /^\d{3,4}$/.test(cvc.trim()), t('fund.card.cvcInvalid')),
    saveCard: z.boolean(),
  }) satisfies z.ZodType<CardDepositValues, CardDepositValues>;
}

/** The payment chosen (a saved card when there is one, until the customer says otherwise) and the card. */
function choices(
  values: Pick<CardDepositValues, 'payment' | 'savedCardId'>,
  savedCards: readonly SavedCard[],
) {
  const payment: Payment = values.payment || (savedCards.length > 0 ? 'saved' : 'new');
  const card =
    values.savedCardId || (savedCards.find((saved) => saved.isDefault)?.id ?? savedCards[0]?.id ?? null);
  return { payment, card };
}

/** Pays: a new card goes to the processor's tokenisation endpoint first (cash operations only gets the token). */
function useCardDeposit(wallet: Wallet) {
  const language = currentLanguage();
  const call = useCashCall();
  const router = useRouter();
  return useMutation({
    mutationFn: async ({
      values,
      payment,
      card,
    }: { values: CardDepositValues } & ReturnType<typeof choices>) => {
      const paidWith =
        payment === 'new'
          ? {
              token: (
                await tokenizeCard(router.options.context.config, {
                  number: values.number.replace(/[\s-]/g, ''),
                  cvc: values.cvc.trim(),
                  ...(parseExpiry(values.expiry) as { expMonth: number; expYear: number }),
                })
              ).token,
              saveCard: values.saveCard,
            }
          : { savedCardId: card ?? '' };
      return createCardDeposit(
        call,
        {
          walletId: wallet.id,
          amount: normalizeAmountInput(values.amount, wallet.asset) ?? values.amount,
          returnUrl: `/dashboard/wallets/${wallet.id}/fund/`,
          locale: language,
          ...paidWith,
        },
        newIdempotencyKey(),
      );
    },
  });
}

/** What happens once the processor has answered: home with the banner, the 3-D Secure page, or why it failed. */
function useFinishDeposit(setFailure: (message: string) => void) {
  const { t } = useTranslation(['wallets', 'errors']);
  const navigate = useNavigate();
  const invalidate = useInvalidateCash();
  const declinedMessage = (declineCode: string | null) =>
    t('fund.card.declined', {
      reason: t(`fund.card.declineCodes.${declineCode ?? 'generic'}`, {
        defaultValue: t('fund.card.declineCodes.generic'),
      }),
    });
  const finish = async (deposit: CardDeposit) => {
    if (deposit.status === 'posted' || deposit.status === 'pending') {
      await invalidate();
      await navigate({ to: '/dashboard/home/', search: { origin: 'deposit_success' } });
      return;
    }
    if (deposit.status === 'requires_action' && deposit.actionUrl) {
      window.location.assign(deposit.actionUrl);
      return;
    }
    setFailure(deposit.status === 'declined' ? declinedMessage(deposit.declineCode) : t('fund.card.voided'));
  };
  const failed = (error: unknown) =>
    setFailure(
      error instanceof ApiError && error.code === 'CASH_CARD_DECLINED'
        ? declinedMessage(
            typeof error.details['declineCode'] === 'string' ? error.details['declineCode'] : null,
          )
        : errorMessage(t, error),
    );
  return { finish, failed };
}

/**
 * Funding by card: card details go to the payment processor's tokenisation endpoint only (cash operations gets the
 * token), or a saved card is used. Success goes home with the deposit banner; a decline says why; a 3-D Secure
 * challenge sends the customer to the processor's page, which returns here to finish.
 */
export function CardDepositForm({
  wallet,
  returningDepositId,
}: {
  wallet: Wallet;
  returningDepositId: string | null;
}) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [challengeDone, setChallengeDone] = useState(false);
  const { finish, failed } = useFinishDeposit(setFailure);
  if (returningDepositId && !challengeDone) {
    return (
      <ChallengeReturn
        depositId={returningDepositId}
        onFinished={async (deposit) => {
          setChallengeDone(true);
          // The deposit id leaves the address, so a reload does not read the outcome again.
          await navigate({
            to: '/dashboard/wallets/$id/fund/',
            params: { id: wallet.id },
            search: {},
            replace: true,
          });
          await finish(deposit);
        }}
      />
    );
  }
  return (
    <CardPaymentForm
      wallet={wallet}
      failure={failure}
      setFailure={setFailure}
      finish={finish}
      failed={failed}
    />
  );
}

const EMPTY_CARD_DEPOSIT: CardDepositValues = {
  amount: '',
  payment: '',
  savedCardId: '',
  number: '',
  expiry: '',
  cvc: '',
  saveCard: false,
};

function useCardDepositForm(wallet: Wallet, savedCards: readonly SavedCard[]) {
  const { t } = useTranslation(['wallets', 'errors']);
  return useForm<CardDepositValues>({
    ...SUBMIT_VALIDATION,
    resolver: resolverFor((values) => {
      const { payment, card } = choices(values, savedCards);
      return cardDepositSchema(t, wallet.asset, payment, card);
    }),
    defaultValues: EMPTY_CARD_DEPOSIT,
  });
}

function CardPaymentForm({
  wallet,
  failure,
  setFailure,
  finish,
  failed,
}: {
  wallet: Wallet;
  failure: string | null;
  setFailure: (message: string | null) => void;
} & ReturnType<typeof useFinishDeposit>) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const savedCards = useQuery(savedCardsQueryOptions(call)).data ?? [];
  const deposit = useCardDeposit(wallet);
  const form = useCardDepositForm(wallet, savedCards);
  const [payment, savedCardId] = useWatch({ control: form.control, name: ['payment', 'savedCardId'] });
  const chosen = choices({ payment, savedCardId }, savedCards);

  const pay = async (values: CardDepositValues) => {
    if (deposit.isPending) {
      return;
    }
    try {
      await finish(await deposit.mutateAsync({ values, ...choices(values, savedCards) }));
    } catch (error) {
      failed(error);
    }
  };

  return (
    <form
      className="app-form app-form--narrow"
      onSubmit={(event) => {
        setFailure(null);
        void form.handleSubmit(pay)(event);
      }}
      noValidate
      aria-label={t('fund.card.title')}
    >
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      <AmountWithCharge form={form} asset={wallet.asset} />
      <SavedCardChoice form={form} savedCards={savedCards} payment={chosen.payment} card={chosen.card} />
      {chosen.payment === 'saved' && savedCards.length > 0 ? null : <NewCardInputs form={form} />}
      <ConfirmButton
        type="submit"
        variant="primary"
        loading={deposit.isPending}
        loadingLabel={t('fund.card.paying')}
      >
        {t('fund.card.submit')}
      </ConfirmButton>
      <TestCards />
    </form>
  );
}

/** The amount, and what the card will be charged for it (the fee on top). */
function AmountWithCharge({ form, asset }: { form: UseFormReturn<CardDepositValues>; asset: string }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const charge = cardCharge(useWatch({ control: form.control, name: 'amount' }), asset);
  return (
    <>
      <TextField
        label={t('fund.card.amount', { asset })}
        {...form.register('amount')}
        error={form.formState.errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      {charge ? (
        <p className="app-muted">
          {t('fund.card.charge', {
            fee: formatAmountText(charge.fee, asset, language),
            charged: formatAmountText(charge.charged, asset, language),
          })}
        </p>
      ) : null}
    </>
  );
}

/** The processor simulator's test card numbers, when the simulators are on. */
function TestCards() {
  const { t } = useTranslation('wallets');
  const simulators = useSimulatorsEnabled();
  if (!simulators) {
    return null;
  }
  return (
    <section className="cash-section" aria-labelledby="test-cards-title">
      <h3 id="test-cards-title" className="cash-section__title">
        {t('fund.card.testCards.title')}
      </h3>
      <p className="app-muted">{t('fund.card.testCards.lead')}</p>
      <ul className="cash-test-cards">
        {(Object.keys(TEST_CARDS) as (keyof typeof TEST_CARDS)[]).map((key) => (
          <li key={key}>
            <span className="cash-mono">{TEST_CARDS[key]}</span> {t(`fund.card.testCards.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Back from the 3-D Secure page: reads the deposit until the processor has settled its outcome. */
function ChallengeReturn({
  depositId,
  onFinished,
}: {
  depositId: string;
  onFinished: (deposit: CardDeposit) => Promise<void>;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const deposit = useQuery({
    ...cardDepositQueryOptions(call, depositId),
    refetchInterval: (query) => (query.state.data?.status === 'requires_action' ? 1000 : false),
  });
  const status = deposit.data?.status;
  const handled = useRef(false);
  useEffect(() => {
    if (deposit.data && status !== 'requires_action' && !handled.current) {
      handled.current = true;
      void onFinished(deposit.data);
    }
  }, [deposit.data, status, onFinished]);
  if (deposit.isError) {
    return <Banner tone="danger">{errorMessage(t, deposit.error)}</Banner>;
  }
  return <Spinner label={t('fund.card.finishing')} />;
}
