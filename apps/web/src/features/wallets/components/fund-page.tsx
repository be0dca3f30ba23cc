import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CARD_DEPOSIT_ASSETS, type Wallet } from '@tessera/contracts';
import { Banner, Button, Card, PageHeader, Skeleton, Tabs } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { MoneyAmount } from '#/components/cash/money-amount.tsx';
import { SepaDepositDetails } from '#/components/cash/sepa-deposit-details.tsx';
import { CryptoDepositDetails } from '#/components/cash/crypto-deposit-details.tsx';
import { RemainingLimitHint } from '#/components/cash/limits-panel.tsx';
import { CardDepositForm } from './card-deposit-form.tsx';
import '#/components/cash/cash.css';

type Method = 'card' | 'sepa' | 'crypto';

/** The ways money can come into a wallet: a card for fiat, SEPA for a euro current wallet, the chain for crypto. */
export function fundingMethods(wallet: Wallet): Method[] {
  if (wallet.kind !== 'current') {
    return [];
  }
  const methods: Method[] = [];
  if ((CARD_DEPOSIT_ASSETS as readonly string[]).includes(wallet.asset)) {
    methods.push('card');
  }
  if (wallet.iban) {
    methods.push('sepa');
  }
  if (wallet.depositAddress) {
    methods.push('crypto');
  }
  return methods;
}

/** /dashboard/wallets/{id}/fund/: add money by card, SEPA transfer or crypto deposit, whichever fits the asset. */
export function FundPage({
  walletId,
  returningDepositId,
}: {
  walletId: string;
  returningDepositId: string | null;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const wallets = useQuery(walletsQueryOptions(call));
  const wallet = wallets.data?.find((candidate) => candidate.id === walletId);
  // A list restored from the persisted cache may not know a wallet created since: wait for the fresh one.
  if (wallets.isPending || (!wallet && !wallets.isFetchedAfterMount && wallets.isFetching)) {
    return (
      <div className="app-page">
        <PageHeader title={t('fund.title')} />
        <Skeleton shape="block" height="240px" />
      </div>
    );
  }
  if (!wallet) {
    return (
      <div className="app-page">
        <PageHeader title={t('wallet.notFoundTitle')} description={t('wallet.notFoundText')} />
        {wallets.isError ? <Banner tone="danger">{errorMessage(t, wallets.error)}</Banner> : null}
        <div>
          <Button asChild variant="secondary">
            <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
              {t('wallet.backToWallets')}
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  const methods = fundingMethods(wallet);
  return (
    <div className="app-page">
      <PageHeader
        eyebrow={wallet.name}
        title={t('fund.title')}
        description={t('fund.description', { name: wallet.name })}
        back={
          <Link
            className="app-link"
            to="/dashboard/wallets/$id/"
            params={{ id: wallet.id }}
            search={{ to: 0 }}
          >
            {t('fund.backToWallet', { name: wallet.name })}
          </Link>
        }
      />
      <Card>
        <dl className="cash-balance">
          <div>
            <dt>{t('balance.available')}</dt>
            <dd>
              <MoneyAmount amount={wallet.balance.available} asset={wallet.asset} size="xl" />
            </dd>
          </div>
          <div>
            <dt>{t('balance.pendingIncoming')}</dt>
            <dd>
              <MoneyAmount amount={wallet.balance.pendingIncoming} asset={wallet.asset} size="lg" />
            </dd>
          </div>
        </dl>
        {methods.length === 0 ? null : <RemainingLimitHint operation="deposit" />}
      </Card>
      {methods.length === 0 ? (
        <Card>
          <p>{t('fund.noMethod')}</p>
          <Button asChild variant="secondary">
            <Link to="/dashboard/wallets/" search={{ action: 'transfer' }}>
              {t('actions.transfer')}
            </Link>
          </Button>
        </Card>
      ) : (
        <Tabs
          label={t('fund.methods')}
          defaultValue={returningDepositId ? 'card' : methods[0]}
          items={methods.map((method) => ({
            value: method,
            label: t(`fund.method.${method}`),
            content: <MethodPanel method={method} wallet={wallet} returningDepositId={returningDepositId} />,
          }))}
        />
      )}
    </div>
  );
}

function MethodPanel({
  method,
  wallet,
  returningDepositId,
}: {
  method: Method;
  wallet: Wallet;
  returningDepositId: string | null;
}) {
  switch (method) {
    case 'card':
      return <CardDepositForm wallet={wallet} returningDepositId={returningDepositId} />;
    case 'sepa':
      return <SepaDepositDetails wallet={wallet} headingLevel={2} />;
    case 'crypto':
      return <CryptoDepositDetails wallet={wallet} headingLevel={2} />;
  }
}
