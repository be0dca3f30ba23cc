import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@tessera/contracts';
import { Banner, Button, Card, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { newIdempotencyKey, useCashCall } from '#/shared/cash/api/cash-request.ts';
import {
  sepaDetailsQueryOptions,
  simulateSepaCredit,
  useSimulatorsEnabled,
} from '#/shared/cash/api/rails-api.ts';
import { amountErrorCode, codeMessage, errorMessage } from '#/lib/error-message.ts';
import { amountInputError, normalizeAmountInput } from '#/lib/money.ts';
import { CopyField } from './copy-button.tsx';
import { groupIban } from './wallet-cards.tsx';
import './cash.css';

/**
 * What a payer needs to send euros to this wallet by SEPA transfer (IBAN, BIC, account holder, reference), each
 * with a copy button; outside production, a form that makes the SEPA simulator deliver a credit now.
 */
export function SepaDepositDetails({ wallet, headingLevel = 3 }: { wallet: Wallet; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const details = useQuery(sepaDetailsQueryOptions(call, wallet.id));
  const simulators = useSimulatorsEnabled();
  const iban = details.data?.iban ?? wallet.iban;
  const bic = details.data?.bic ?? wallet.bic;
  return (
    <Card variant="outline" title={wallet.name} headingLevel={headingLevel} className="cash-section">
      <p className="app-muted">{t('fund.sepa.lead')}</p>
      {details.isError ? <Banner tone="warning">{errorMessage(t, details.error)}</Banner> : null}
      <dl className="cash-fields">
        {iban ? <CopyField label={t('details.iban')} value={groupIban(iban)} /> : null}
        {bic ? <CopyField label={t('details.bic')} value={bic} /> : null}
        {details.data ? (
          <>
            <CopyField label={t('fund.sepa.holder')} value={details.data.accountHolder} mono={false} />
            <CopyField label={t('fund.sepa.reference')} value={details.data.reference} />
          </>
        ) : null}
      </dl>
      <p className="app-muted">{t('fund.sepa.timing')}</p>
      {simulators && iban ? <SimulateSepaCredit iban={iban} /> : null}
    </Card>
  );
}

function SimulateSepaCredit({ iban }: { iban: string }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = amountInputError(amount, 'EUR');
    if (problem) {
      setAmountError(codeMessage(t, amountErrorCode(problem)));
      return;
    }
    setAmountError(null);
    setBusy(true);
    setMessage(null);
    try {
      await simulateSepaCredit(
        call,
        {
          iban: iban.replace(/\s+/g, ''),
          amount: normalizeAmountInput(amount, 'EUR') ?? amount,
          currency: 'EUR',
          debtorName: t('fund.simulator.payerName'),
        },
        newIdempotencyKey(),
      );
      setMessage({ tone: 'success', text: t('fund.sepa.simulated') });
      setAmount('');
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="app-form" onSubmit={submit} noValidate aria-label={t('fund.simulator.title')}>
      <p className="app-muted">{t('fund.simulator.lead')}</p>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <TextField
        label={t('fund.sepa.simulateAmount')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={amountError ?? undefined}
        inputMode="decimal"
        autoComplete="off"
      />
      <Button type="submit" variant="secondary" loading={busy} loadingLabel={t('fund.simulator.working')}>
        {t('fund.sepa.simulate')}
      </Button>
    </form>
  );
}
