import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@tessera/contracts';
import { Banner, Button, Card, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import {
  cashKeys,
  newIdempotencyKey,
  retryUnlessClientError,
  useCashCall,
} from '#/shared/cash/api/cash-request.ts';
import { getActivityPage } from '#/shared/cash/api/get-wallet-activity.ts';
import {
  cryptoNetworksQueryOptions,
  produceBlocks,
  simulateCryptoDeposit,
  useSimulatorsEnabled,
} from '#/shared/cash/api/rails-api.ts';
import { amountErrorCode, codeMessage, errorMessage } from '#/lib/error-message.ts';
import { amountInputError, normalizeAmountInput } from '#/lib/money.ts';
import { AddressQrCode } from './address-qr-code.tsx';
import { CopyField } from './copy-button.tsx';
import { ActivityList } from './activity-list.tsx';
import './cash.css';

/**
 * Where to send crypto to this wallet: the address (copy and QR code), its network and how many confirmations a
 * deposit waits for before it is available; outside production, simulator actions (send a deposit, mine a block).
 */
export function CryptoDepositDetails({ wallet, headingLevel = 3 }: { wallet: Wallet; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const networks = useQuery(cryptoNetworksQueryOptions(call));
  const simulators = useSimulatorsEnabled();
  const address = wallet.depositAddress;
  if (!address) {
    return null;
  }
  const network = networks.data?.find((candidate) => candidate.chain === address.chain);
  return (
    <Card variant="outline" title={wallet.name} headingLevel={headingLevel} className="cash-section">
      <p className="app-muted">
        {t('fund.crypto.lead', { asset: wallet.asset, network: t(`chains.${address.chain}`) })}
      </p>
      <AddressQrCode value={address.address} label={t('fund.crypto.qrAlt', { asset: wallet.asset })} />
      <dl className="cash-fields">
        <CopyField label={t('details.address')} value={address.address} />
        <div className="cash-field">
          <dt>{t('details.chain')}</dt>
          <dd>{t(`chains.${address.chain}`)}</dd>
        </div>
        {network ? (
          <div className="cash-field">
            <dt>{t('fund.crypto.confirmationsLabel')}</dt>
            <dd>{network.confirmationsRequired}</dd>
          </div>
        ) : null}
      </dl>
      <Banner tone="warning" politeness="none">
        {t('fund.crypto.warning', { asset: wallet.asset, network: t(`chains.${address.chain}`) })}
      </Banner>
      <RecentCryptoDeposits wallet={wallet} />
      {simulators ? <SimulateCryptoDeposit wallet={wallet} /> : null}
    </Card>
  );
}

const RECENT_DEPOSITS_SHOWN = 5;

/** The latest deposits to this address: pending ones say how many confirmations they have and need. */
function RecentCryptoDeposits({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallets');
  const call = useCashCall();
  const filters = { kind: 'crypto_deposit' };
  const deposits = useQuery({
    queryKey: cashKeys.activity(wallet.id, filters),
    queryFn: ({ signal }) => getActivityPage(call, wallet.id, filters, null, signal),
    retry: retryUnlessClientError,
  });
  const items = deposits.data?.items.slice(0, RECENT_DEPOSITS_SHOWN) ?? [];
  if (items.length === 0) {
    return null;
  }
  return (
    <section className="cash-section" aria-labelledby={`recent-deposits-${wallet.id}`}>
      <h3 id={`recent-deposits-${wallet.id}`} className="cash-section__title">
        {t('fund.crypto.recent')}
      </h3>
      <ActivityList items={items} label={t('fund.crypto.recent')} />
    </section>
  );
}

function SimulateCryptoDeposit({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const address = wallet.depositAddress;
  if (!address || !['BTC', 'ETH', 'USDC'].includes(wallet.asset)) {
    return null;
  }
  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      setMessage({ tone: 'success', text: success });
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = amountInputError(amount, wallet.asset);
    if (problem) {
      setAmountError(codeMessage(t, amountErrorCode(problem)));
      return;
    }
    setAmountError(null);
    await run(
      () =>
        simulateCryptoDeposit(
          call,
          {
            asset: wallet.asset as 'BTC' | 'ETH' | 'USDC',
            address: address.address,
            amount: normalizeAmountInput(amount, wallet.asset) ?? amount,
          },
          newIdempotencyKey(),
        ),
      t('fund.crypto.simulated'),
    );
    setAmount('');
  };
  return (
    <form className="app-form" onSubmit={submit} noValidate aria-label={t('fund.simulator.title')}>
      <p className="app-muted">{t('fund.simulator.lead')}</p>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <TextField
        label={t('fund.crypto.simulateAmount', { asset: wallet.asset })}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={amountError ?? undefined}
        inputMode="decimal"
        autoComplete="off"
      />
      <div className="app-cluster">
        <Button type="submit" variant="secondary" loading={busy} loadingLabel={t('fund.simulator.working')}>
          {t('fund.crypto.simulate')}
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() =>
            void run(
              () => produceBlocks(call, address.chain, 1, newIdempotencyKey()),
              t('fund.crypto.blockMined'),
            )
          }
        >
          {t('fund.crypto.mineBlock')}
        </Button>
      </div>
    </form>
  );
}
