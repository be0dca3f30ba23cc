import type { ActivityItem, ActivityStatus, PendingInfo } from '@tessera/contracts';
import { Badge, type BadgeTone } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatAmountText } from '#/lib/money.ts';
import { formatDateTime as formatInstant } from '#/lib/format.ts';
import { describeDetails } from '#/shared/cash/presentation.ts';
import { MoneyAmount } from './money-amount.tsx';

const STATUS_TONES: Readonly<Record<ActivityStatus, BadgeTone>> = {
  pending: 'warning',
  posted: 'success',
  voided: 'neutral',
};

/** A date and time in the page's language, in the app's one style (lib/format.ts); text that is no date as sent. */
export function formatDateTime(iso: string, language: 'en' | 'fr'): string {
  return Number.isNaN(Date.parse(iso)) ? iso : formatInstant(iso, language);
}

/** pending / posted / voided, as a badge. */
export function StatusBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('wallets');
  return <Badge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>;
}

/** What will settle or release a pending item, in words ("Posted after 6 confirmations: 2 so far"). */
export function PendingExplanation({ pending }: { pending: PendingInfo }) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  const parts = [t(`pending.${pending.settledBy}`)];
  if (pending.confirmations) {
    parts.push(t('pending.confirmations', pending.confirmations));
  }
  if (pending.expiresAt) {
    parts.push(t('pending.expiresAt', { date: formatDateTime(pending.expiresAt, language) }));
  }
  return <span className="cash-pending">{parts.join(' · ')}</span>;
}

/** One activity line: what it was, with whom, when, its status and its signed amount. */
export function ActivityRow({ item, walletName }: { item: ActivityItem; walletName?: string }) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  return (
    <li className="cash-activity__row">
      <div className="cash-activity__main">
        <span className="cash-activity__title">
          {t(`kinds.${item.kind}`)}
          {item.counterparty ? <span className="app-muted">{` · ${item.counterparty}`}</span> : null}
        </span>
        <span className="cash-activity__meta app-muted">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
          {walletName ? ` · ${walletName}` : null}
          {item.details ? ` · ${describeDetails(t, item.details, language)}` : null}
        </span>
        {item.description ? (
          <span className="cash-activity__note">
            {/* A person's words (a reference, a note): shown as written, marked as theirs. */}
            {t('activity.reference', { text: item.description })}
          </span>
        ) : null}
        {item.status === 'pending' && item.pending ? <PendingExplanation pending={item.pending} /> : null}
      </div>
      <div className="cash-activity__side">
        <MoneyAmount
          amount={item.amount}
          asset={item.asset}
          tone={item.status === 'voided' ? 'neutral' : 'auto'}
          signDisplay="exceptZero"
          className={item.status === 'voided' ? 'cash-activity__voided' : undefined}
        />
        {item.fee ? (
          <span className="app-muted cash-activity__fee">
            {t('activity.fee', { amount: formatAmountText(item.fee, item.asset, language) })}
          </span>
        ) : null}
        <StatusBadge status={item.status} />
      </div>
    </li>
  );
}

/** A list of activity lines, or `empty` when there are none. */
export function ActivityList({
  items,
  label,
  walletNames,
}: {
  items: readonly ActivityItem[];
  label: string;
  walletNames?: ReadonlyMap<string, string>;
}) {
  return (
    <ul className="cash-activity" aria-label={label}>
      {items.map((item) => (
        <ActivityRow
          key={`${item.walletId}:${item.id}`}
          item={item}
          walletName={walletNames?.get(item.walletId)}
        />
      ))}
    </ul>
  );
}
