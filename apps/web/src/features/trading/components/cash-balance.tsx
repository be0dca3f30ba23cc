import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { cashCaller } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { formatMoneyText } from '#/shared/markets/market-format.ts';

/**
 * The customer's cash in the product's currency (the current wallet of cash operations): the balance, and what is
 * available once open buy orders' reservations are set aside, which is the buying power. Both change live: the
 * dashboard's cash socket and the trading socket's fills refetch the wallets.
 */
export function CashBalance({ currency }: { currency: string | undefined }) {
  const { t } = useTranslation('trading');
  const language = currentLanguage();
  const router = useRouter();
  const wallets = useQuery(walletsQueryOptions(cashCaller(router.options.context.api)));
  if (currency === undefined || wallets.data === undefined) {
    return null;
  }
  const wallet = wallets.data.find((item) => item.asset === currency && item.kind === 'current');
  if (wallet === undefined) {
    return <p className="app-muted trd-cash">{t('cash.noWallet', { currency })}</p>;
  }
  return (
    <dl className="trd-cash" aria-label={t('cash.title', { currency })}>
      <div>
        <dt>{t('cash.balance')}</dt>
        <dd data-testid="cash-balance">{formatMoneyText(wallet.balance.posted, currency, language)}</dd>
      </div>
      <div>
        <dt>{t('cash.available')}</dt>
        <dd data-testid="cash-available">{formatMoneyText(wallet.balance.available, currency, language)}</dd>
      </div>
    </dl>
  );
}
