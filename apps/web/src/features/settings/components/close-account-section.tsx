/**
 * Settings section closeAccount (docs/api.md "Closing the account"): what is kept and for how long, the password,
 * then the closing. A refusal names what blocks it (the active plans, the number of open orders, the positions and
 * fund or token units held, the wallets that hold money). Once closed, the session is cleared here and the
 * confirmation is shown in place of the form.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  ClosedAccount,
  HoldingBlockingClose,
  PlanBlockingClose,
  WalletHoldingFunds,
} from '@tessera/contracts';
import { Banner, Button, TextField } from '@tessera/ui';
import { ApiError } from '#/lib/api.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { OFFLINE_CACHE_KEY } from '#/lib/query-client.ts';

export function CloseAccountSection() {
  const { t } = useTranslation(['account-close', 'errors']);
  const { api, auth, queryClient } = useRouter().options.context;
  const [password, setPassword] = useState('');
  const [closed, setClosed] = useState(false);
  const closing = useMutation({
    mutationFn: (body: { password: string }) =>
      api<ClosedAccount>('userManagement', '/me/close', { method: 'POST', body }),
    onSuccess: async () => {
      setClosed(true);
      // The identity service ended every session: forget this one here too, without leaving the confirmation.
      localStorage.removeItem(OFFLINE_CACHE_KEY);
      await auth.signOut().catch(() => undefined);
      queryClient.clear();
    },
  });
  if (closed) {
    return (
      <div role="status" data-testid="account-closed">
        <h3>{t('account-close:closed.title')}</h3>
        <p>{t('account-close:closed.text')}</p>
        <a href="/">{t('account-close:closed.home')}</a>
      </div>
    );
  }
  const error = closing.error;
  const wallets =
    error instanceof ApiError && error.code === 'ACCOUNT_CLOSE_BALANCE_NOT_ZERO'
      ? ((error.details['wallets'] as WalletHoldingFunds[] | undefined) ?? [])
      : [];
  const openOrders =
    error instanceof ApiError && error.code === 'ACCOUNT_CLOSE_OPEN_ORDERS'
      ? Number(error.details['openOrders'] ?? 0)
      : 0;
  const holdings =
    error instanceof ApiError && error.code === 'ACCOUNT_CLOSE_HOLDINGS_NOT_EMPTY'
      ? ((error.details['holdings'] as HoldingBlockingClose[] | undefined) ?? [])
      : [];
  const plans =
    error instanceof ApiError && error.code === 'ACCOUNT_CLOSE_ACTIVE_PLANS'
      ? ((error.details['plans'] as PlanBlockingClose[] | undefined) ?? [])
      : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length > 0) {
      closing.mutate({ password });
    }
  };
  return (
    <>
      <p>{t('account-close:intro')}</p>
      <h3>{t('account-close:kept.title')}</h3>
      <ul>
        <li>{t('account-close:kept.ledger')}</li>
        <li>{t('account-close:kept.kyc')}</li>
        <li>{t('account-close:kept.picture')}</li>
      </ul>
      <p>{t('account-close:conditions')}</p>
      {error ? (
        <Banner tone="danger">
          <p>{errorMessage(t, error)}</p>
          {wallets.length > 0 ? (
            <ul aria-label={t('account-close:blocking.wallets')}>
              {wallets.map((wallet) => (
                <li key={wallet.walletId}>
                  {t(
                    wallet.pending ? 'account-close:blocking.walletPending' : 'account-close:blocking.wallet',
                    {
                      name: wallet.name,
                      amount: `${wallet.posted} ${wallet.asset}`,
                    },
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {openOrders > 0 ? <p>{t('account-close:blocking.orders', { count: openOrders })}</p> : null}
          {holdings.length > 0 ? (
            <ul aria-label={t('account-close:blocking.holdings')}>
              {holdings.map((holding) => (
                <li key={`${holding.kind}:${holding.id}`}>
                  {t(`account-close:blocking.${holding.kind}`, {
                    name: holding.symbol ? `${holding.name} (${holding.symbol})` : holding.name,
                    quantity: holding.quantity,
                  })}
                </li>
              ))}
            </ul>
          ) : null}
          {plans.length > 0 ? (
            <ul aria-label={t('account-close:blocking.plans')}>
              {plans.map((plan) => (
                <li key={plan.planId}>{t('account-close:blocking.plan', { name: plan.name })}</li>
              ))}
            </ul>
          ) : null}
        </Banner>
      ) : null}
      <form onSubmit={submit} className="app-stack" noValidate>
        <TextField
          label={t('account-close:password')}
          hint={t('account-close:passwordHint')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <Button type="submit" variant="danger" disabled={closing.isPending || password.length === 0}>
          {t('account-close:submit')}
        </Button>
      </form>
    </>
  );
}
