import { useInfiniteQuery } from '@tanstack/react-query';
import type { Withdrawal } from '@tessera/contracts';
import { Banner, Button, Skeleton } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { retryUnlessClientError, useCashCall } from '#/shared/cash/api/cash-request.ts';
import { getWithdrawalsPage } from '#/shared/cash/api/get-withdrawals.ts';
import { railsKeys } from '#/shared/cash/api/rails-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatAmountText } from '#/lib/money.ts';
import { maskIban } from '#/shared/cash/presentation.ts';
import { formatDateTime, StatusBadge } from '#/components/cash/activity-list.tsx';
import { MoneyAmount } from '#/components/cash/money-amount.tsx';
import { isPositiveAmount, shortAddress } from '#/components/cash/wallet-cards.tsx';

/** Where a withdrawal went, for a list: the masked IBAN or the shortened address. */
function maskedDestination(withdrawal: Withdrawal): string {
  return withdrawal.rail === 'sepa' ? maskIban(withdrawal.destination) : shortAddress(withdrawal.destination);
}

/**
 * "Past withdrawals" (GET /withdrawals, newest first, "Load more" by cursor): where each went, how much, its status;
 * a pending one says what settles it, a settled one when. Live updates refresh it when the rail answers.
 */
export function PastWithdrawals() {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const withdrawals = useInfiniteQuery({
    queryKey: railsKeys.withdrawals(),
    queryFn: ({ pageParam, signal }) => getWithdrawalsPage(call, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessClientError,
  });
  const items = withdrawals.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="cash-section" aria-labelledby="past-withdrawals-title">
      <h3 id="past-withdrawals-title" className="app-settings__subtitle">
        {t('settings.withdrawal.history.title')}
      </h3>
      {withdrawals.isPending ? <Skeleton shape="block" height="80px" /> : null}
      {withdrawals.isError ? <Banner tone="danger">{errorMessage(t, withdrawals.error)}</Banner> : null}
      {withdrawals.isSuccess && items.length === 0 ? (
        <p className="app-muted">{t('settings.withdrawal.history.empty')}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="cash-withdrawals" aria-label={t('settings.withdrawal.history.title')}>
          {items.map((withdrawal) => (
            <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </ul>
      ) : null}
      {withdrawals.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            loading={withdrawals.isFetchingNextPage}
            loadingLabel={t('activity.loading')}
            onClick={() => void withdrawals.fetchNextPage()}
          >
            {t('activity.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** One past withdrawal: to whom, when, what settles it while pending, the amount, the fee and the status. */
function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  return (
    <li className="cash-withdrawals__row">
      <div className="cash-withdrawals__main">
        <span data-tracker-mask="">
          <strong>{withdrawal.beneficiaryName}</strong>{' '}
          <span className="app-muted cash-mono" title={withdrawal.destination}>
            {maskedDestination(withdrawal)}
          </span>
        </span>
        <span className="app-muted cash-activity__meta">
          {t('settings.withdrawal.history.created', {
            date: formatDateTime(withdrawal.createdAt, language),
          })}
          {withdrawal.settledAt
            ? ` · ${t(`settings.withdrawal.history.settled.${withdrawal.status}`, {
                date: formatDateTime(withdrawal.settledAt, language),
              })}`
            : null}
        </span>
        {withdrawal.status === 'pending' ? (
          <span className="cash-pending">{t(`settings.withdrawal.history.pending.${withdrawal.rail}`)}</span>
        ) : null}
      </div>
      <div className="cash-withdrawals__side">
        <MoneyAmount
          amount={`-${withdrawal.amount}`}
          asset={withdrawal.asset}
          signDisplay="exceptZero"
          tone={withdrawal.status === 'voided' ? 'neutral' : 'auto'}
          className={withdrawal.status === 'voided' ? 'cash-activity__voided' : undefined}
        />
        {isPositiveAmount(withdrawal.fee, withdrawal.asset) ? (
          <span className="app-muted cash-activity__fee">
            {t('activity.fee', {
              amount: formatAmountText(withdrawal.fee, withdrawal.asset, language),
            })}
          </span>
        ) : null}
        <StatusBadge status={withdrawal.status} />
      </div>
    </li>
  );
}
