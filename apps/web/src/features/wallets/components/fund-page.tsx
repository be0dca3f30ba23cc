import { Link } from '@tanstack/react-router';
import { CARD_DEPOSIT_ASSETS, type Wallet } from '@tessera/contracts';
import { Banner, Button, Card, PageHeader, Skeleton, Tabs } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { useWallets } from '#/shared/cash/api/get-wallets.ts';
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
  const { data: wallets } = useWallets();
  const wallet = wallets.find((candidate) => candidate.id === walletId);
  if (!wallet) {
    return <FundWalletMissing />;
  }
  return <FundView wallet={wallet} returningDepositId={returningDepositId} />;
}

/** What the fund page shows while its loader reads the wallets. */
export function FundPending() {
  const { t } = useTranslation('wallets');
  return (
    <div className="app-page">
      <PageHeader title={t('fund.title')} />
      <Skeleton shape="block" height="240px" />
    </div>
  );
}

/** An unknown wallet, or the wallets could not be read (`error`, the route's error component). */
export function FundWalletMissing({ error }: { error?: unknown }) {
  const { t } = useTranslation(['wallets', 'errors']);
  usePageTitle(t('wallet.notFoundTitle'));
  return (
    <div className="app-page">
      <PageHeader title={t('wallet.notFoundTitle')} description={t('wallet.notFoundText')} />
      {error === undefined ? null : <Banner tone="danger">{errorMessage(t, error)}</Banner>}
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

function FundView({ wallet, returningDepositId }: { wallet: Wallet; returningDepositId: string | null }) {
  const { t } = useTranslation('wallets');
  const methods = fundingMethods(wallet);
  usePageTitle(t('fund.documentTitle', { name: wallet.name }));
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
      <FundBalances wallet={wallet} withLimit={methods.length > 0} />
      {methods.length === 0 ? (
        <NoFundingMethod />
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

function FundBalances({ wallet, withLimit }: { wallet: Wallet; withLimit: boolean }) {
  const { t } = useTranslation('wallets');
  return (
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
      {withLimit ? <RemainingLimitHint operation="deposit" /> : null}
    </Card>
  );
}

function NoFundingMethod() {
  const { t } = useTranslation('wallets');
  return (
    <Card>
      <p>{t('fund.noMethod')}</p>
      <Button asChild variant="secondary">
        <Link to="/dashboard/wallets/" search={{ action: 'transfer' }}>
          {t('actions.transfer')}
        </Link>
      </Button>
    </Card>
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
