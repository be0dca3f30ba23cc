import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { TEST_CARDS, type CardDeposit, type Wallet } from '@tessera/contracts';
import { Banner, Button, Checkbox, SegmentedControl, Spinner, TextField } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { ApiError } from '#/lib/api.ts';
import { newIdempotencyKey, useCashCall, useInvalidateCash } from '#/shared/cash/api/cash-api.ts';
import {
  cardDepositQueryOptions,
  createCardDeposit,
  savedCardsQueryOptions,
  tokenizeCard,
  useSimulatorsEnabled,
} from '#/shared/cash/api/rails-api.ts';
import { amountErrorCode, codeMessage, errorMessage } from '#/lib/error-message.ts';
import { amountInputError, formatAmountText, normalizeAmountInput } from '#/lib/money.ts';
import { cardCharge, parseExpiry } from '../lib/deposit-math.ts';

type Payment = 'saved' | 'new';

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
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const call = useCashCall();
  const router = useRouter();
  const navigate = useNavigate();
  const invalidate = useInvalidateCash();
  const simulators = useSimulatorsEnabled();
  const cards = useQuery(savedCardsQueryOptions(call));
  const savedCards = cards.data ?? [];
  const [payment, setPayment] = useState<Payment | null>(null);
  const chosenPayment: Payment = payment ?? (savedCards.length > 0 ? 'saved' : 'new');
  const [savedCardId, setSavedCardId] = useState<string | null>(null);
  const chosenCard =
    savedCardId ?? savedCards.find((card) => card.isDefault)?.id ?? savedCards[0]?.id ?? null;
  const [amount, setAmount] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [saveCard, setSaveCard] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challengeDone, setChallengeDone] = useState(false);
  const charge = cardCharge(amount, wallet.asset);

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

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const amountProblem = amountInputError(amount, wallet.asset);
    if (amountProblem) {
      found['amount'] = codeMessage(t, amountErrorCode(amountProblem));
    }
    if (chosenPayment === 'new') {
      if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, ''))) {
        found['number'] = t('fund.card.numberInvalid');
      }
      if (!parseExpiry(expiry)) {
        found['expiry'] = t('fund.card.expiryInvalid');
      }
      if (!/^\d{3,4}$/.test(cvc.trim())) {
        found['cvc'] = t('fund.card.cvcInvalid');
      }
    } else if (!chosenCard) {
      found['card'] = t('fund.card.chooseCard');
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) {
      return;
    }
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      return;
    }
    setBusy(true);
    try {
      const paidWith =
        chosenPayment === 'new'
          ? {
              token: (
                await tokenizeCard(router.options.context.config, {
                  number: number.replace(/[\s-]/g, ''),
                  cvc: cvc.trim(),
                  ...(parseExpiry(expiry) as { expMonth: number; expYear: number }),
                })
              ).token,
              saveCard,
            }
          : { savedCardId: chosenCard ?? '' };
      const deposit = await createCardDeposit(
        call,
        {
          walletId: wallet.id,
          amount: normalizeAmountInput(amount, wallet.asset) ?? amount,
          returnUrl: `/dashboard/wallets/${wallet.id}/fund/`,
          locale: language,
          ...paidWith,
        },
        newIdempotencyKey(),
      );
      await finish(deposit);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === 'CASH_CARD_DECLINED'
          ? declinedMessage(
              typeof error.details['declineCode'] === 'string' ? error.details['declineCode'] : null,
            )
          : errorMessage(t, error),
      );
    } finally {
      setBusy(false);
    }
  };

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
    <form
      className="app-form app-form--narrow"
      onSubmit={submit}
      noValidate
      aria-label={t('fund.card.title')}
    >
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      <TextField
        label={t('fund.card.amount', { asset: wallet.asset })}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors['amount']}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      {charge ? (
        <p className="app-muted">
          {t('fund.card.charge', {
            fee: formatAmountText(charge.fee, wallet.asset, language),
            charged: formatAmountText(charge.charged, wallet.asset, language),
          })}
        </p>
      ) : null}
      {savedCards.length > 0 ? (
        <SegmentedControl
          label={t('fund.card.payWith')}
          value={chosenPayment}
          onValueChange={setPayment}
          options={(['saved', 'new'] as const).map((value) => ({
            value,
            label: t(`fund.card.payment.${value}`),
          }))}
        />
      ) : null}
      {chosenPayment === 'saved' && savedCards.length > 0 ? (
        <SegmentedControl
          label={t('fund.card.savedCard')}
          value={chosenCard ?? undefined}
          onValueChange={setSavedCardId}
          options={savedCards.map((card) => ({
            value: card.id,
            label: t('fund.card.cardLabel', { brand: card.brand, last4: card.last4 }),
          }))}
        />
      ) : (
        <>
          <TextField
            label={t('fund.card.number')}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            error={errors['number']}
            inputMode="numeric"
            autoComplete="cc-number"
            required
          />
          <div className="app-cluster">
            <TextField
              label={t('fund.card.expiry')}
              placeholder={t('fund.card.expiryPlaceholder')}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
              error={errors['expiry']}
              autoComplete="cc-exp"
              required
            />
            <TextField
              label={t('fund.card.cvc')}
              value={cvc}
              onChange={(event) => setCvc(event.target.value)}
              error={errors['cvc']}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              required
            />
          </div>
          <Checkbox
            label={t('fund.card.save')}
            checked={saveCard}
            onCheckedChange={(value) => setSaveCard(value === true)}
          />
          <p className="app-muted">{t('fund.card.privacy')}</p>
        </>
      )}
      <Button type="submit" variant="primary" loading={busy} loadingLabel={t('fund.card.paying')}>
        {t('fund.card.submit')}
      </Button>
      {simulators ? <TestCards /> : null}
    </form>
  );
}

function TestCards() {
  const { t } = useTranslation('wallets');
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
