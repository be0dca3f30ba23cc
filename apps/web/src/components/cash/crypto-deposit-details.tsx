import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Wallet } from '@tessera/contracts';
import { Banner, Card, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import {
  cashKeys,
  newIdempotencyKey,
  retryUnlessClientError,
  useCashCall,
} from '#/shared/cash/api/cash-request.ts';
import { getActivityPage } from '#/shared/cash/api/get-wallet-activity.ts';
import { cryptoNetworksQueryOptions } from '#/shared/cash/api/get-crypto-networks.ts';
import { produceBlocks } from '#/shared/cash/api/produce-blocks.ts';
import { simulateCryptoDeposit } from '#/shared/cash/api/simulate-crypto-deposit.ts';
import { useSimulatorsEnabled } from '#/shared/cash/api/rails-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { normalizeAmountInput } from '#/lib/money.ts';
import { SUBMIT_VALIDATION, type Translate } from '#/components/form-options.ts';
import { ConfirmButton } from '../confirm-button.tsx';
import { amountSchema } from './amount-schema.ts';
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

function simulateSchema(t: Translate, asset: string) {
  return z.object({ amount: amountSchema(t, asset) });
}

type SimulateValues = z.infer<ReturnType<typeof simulateSchema>>;

/** The simulators' actions with what to say when one is done; one at a time. */
function useSimulatorAction() {
  const { t } = useTranslation(['wallets', 'errors']);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const acting = useMutation({ mutationFn: (action: () => Promise<unknown>) => action() });
  const run = async (action: () => Promise<unknown>, success: string) => {
    setMessage(null);
    try {
      await acting.mutateAsync(action);
      setMessage({ tone: 'success', text: success });
    } catch (failure) {
      setMessage({ tone: 'danger', text: errorMessage(t, failure) });
    }
  };
  return { run, message, busy: acting.isPending };
}

function SimulateCryptoDeposit({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const simulator = useSimulatorAction();
  const form = useForm<SimulateValues>({
    ...SUBMIT_VALIDATION,
    resolver: zodResolver(simulateSchema(t, wallet.asset)),
    defaultValues: { amount: '' },
  });
  const address = wallet.depositAddress;
  if (!address || !['BTC', 'ETH', 'USDC'].includes(wallet.asset)) {
    return null;
  }
  const simulate = async ({ amount }: SimulateValues) => {
    const body = {
      asset: wallet.asset as 'BTC' | 'ETH' | 'USDC',
      address: address.address,
      amount: normalizeAmountInput(amount, wallet.asset) ?? amount,
    };
    await simulator.run(
      () => simulateCryptoDeposit(call, body, newIdempotencyKey()),
      t('fund.crypto.simulated'),
    );
    form.setValue('amount', '');
  };
  const mineBlock = () =>
    void simulator.run(
      () => produceBlocks(call, address.chain, 1, newIdempotencyKey()),
      t('fund.crypto.blockMined'),
    );
  return (
    <form
      className="app-form"
      onSubmit={form.handleSubmit(simulate)}
      noValidate
      aria-label={t('fund.simulator.title')}
    >
      <p className="app-muted">{t('fund.simulator.lead')}</p>
      {simulator.message ? <Banner tone={simulator.message.tone}>{simulator.message.text}</Banner> : null}
      <TextField
        label={t('fund.crypto.simulateAmount', { asset: wallet.asset })}
        {...form.register('amount')}
        error={form.formState.errors.amount?.message}
        inputMode="decimal"
        autoComplete="off"
      />
      <div className="app-cluster">
        <ConfirmButton
          type="submit"
          variant="secondary"
          loading={simulator.busy}
          loadingLabel={t('fund.simulator.working')}
        >
          {t('fund.crypto.simulate')}
        </ConfirmButton>
        <ConfirmButton variant="ghost" disabled={simulator.busy} onClick={mineBlock}>
          {t('fund.crypto.mineBlock')}
        </ConfirmButton>
      </div>
    </form>
  );
}
