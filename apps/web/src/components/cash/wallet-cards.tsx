import { Link } from '@tanstack/react-router';
import type { Wallet } from '@tessera/contracts';
import { Badge, Card, VisuallyHidden } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { assetOf, toMinor } from '#/lib/money.ts';
import { MoneyAmount } from './money-amount.tsx';
import './cash.css';

/** True when an amount from the API is above zero. */
export function isPositiveAmount(amount: string, assetCode: string): boolean {
  const asset = assetOf(assetCode);
  const minor = asset ? toMinor(amount, asset) : undefined;
  return minor !== undefined && minor > 0n;
}

/** IBAN in groups of four, as people read and type it. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

/** A long crypto address shortened for a card: the first 10 and last 6 characters. */
export function shortAddress(address: string): string {
  return address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-6)}` : address;
}

/** The wallets as cards: name, asset, available balance, what is pending, IBAN or deposit address. */
export function WalletCards({
  wallets,
  headingLevel = 3,
}: {
  wallets: readonly Wallet[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('wallets');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="cash-wallets" aria-label={t('list.label')}>
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <WalletCard wallet={wallet} Heading={Heading} />
        </li>
      ))}
    </ul>
  );
}

function WalletCard({ wallet, Heading }: { wallet: Wallet; Heading: 'h2' | 'h3' }) {
  const { t } = useTranslation('wallets');
  return (
    <Card className="cash-wallet" padding="md">
      <div className="cash-wallet__head">
        <Heading className="cash-wallet__name">
          <Link to="/dashboard/wallets/$id/" params={{ id: wallet.id }} search={{ to: 0 }}>
            {wallet.name}
          </Link>
        </Heading>
        <span className="cash-wallet__badges">
          <Badge tone="neutral">{wallet.asset}</Badge>
          {wallet.kind === 'savings' ? <Badge tone="info">{t('kind.savings')}</Badge> : null}
          {wallet.status === 'open' ? null : (
            <Badge tone="danger">{t(`walletStatus.${wallet.status}`)}</Badge>
          )}
        </span>
      </div>
      <WalletCardBalances wallet={wallet} />
      {wallet.iban ? (
        <p className="cash-wallet__id app-muted">
          <span>{t('details.iban')}</span>{' '}
          <span className="cash-mono" data-tracker-mask="">
            {groupIban(wallet.iban)}
          </span>
        </p>
      ) : null}
      {wallet.depositAddress ? (
        <p className="cash-wallet__id app-muted">
          <span>{t('details.address')}</span>{' '}
          <span className="cash-mono" title={wallet.depositAddress.address} data-tracker-mask="">
            {shortAddress(wallet.depositAddress.address)}
          </span>
        </p>
      ) : null}
      <div className="app-cluster">
        <Link className="app-link" to="/dashboard/wallets/$id/fund/" params={{ id: wallet.id }}>
          {t('actions.addMoney')}
          <VisuallyHidden>{` — ${wallet.name}`}</VisuallyHidden>
        </Link>
      </div>
    </Card>
  );
}

/** The available balance, and what is pending in or out when there is any. */
function WalletCardBalances({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallets');
  return (
    <dl className="cash-wallet__balances">
      <div>
        <dt>{t('balance.available')}</dt>
        <dd>
          <MoneyAmount amount={wallet.balance.available} asset={wallet.asset} size="lg" />
        </dd>
      </div>
      {isPositiveAmount(wallet.balance.pendingIncoming, wallet.asset) ? (
        <div>
          <dt>{t('balance.pendingIncoming')}</dt>
          <dd>
            <MoneyAmount amount={wallet.balance.pendingIncoming} asset={wallet.asset} size="sm" />
          </dd>
        </div>
      ) : null}
      {isPositiveAmount(wallet.balance.pendingOutgoing, wallet.asset) ? (
        <div>
          <dt>{t('balance.pendingOutgoing')}</dt>
          <dd>
            <MoneyAmount amount={wallet.balance.pendingOutgoing} asset={wallet.asset} size="sm" />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
