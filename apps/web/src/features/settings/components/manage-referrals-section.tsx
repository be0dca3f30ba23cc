/**
 * Settings section manageReferrals: the people who signed up with the customer's code (a first name or a masked
 * e-mail, never more), their progress (signed up, identity verified, first deposit) and the rewards paid.
 */
import { useQuery } from '@tanstack/react-query';
import { REFERRAL_STEPS } from '@tessera/contracts';
import { Badge, Banner } from '@tessera/ui';
import { errorMessage } from '#/lib/error-message.ts';
import { formatDateTime, formatMoneyText } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useAccountNotificationsApi } from '#/shared/notifications/account-notifications-api.ts';
import '#/shared/notifications/notifications.css';

export function ManageReferralsSection() {
  const { t } = useTranslation(['account-notifications', 'errors']);
  const language = currentLanguage();
  const { referralsOptions } = useAccountNotificationsApi();
  const referrals = useQuery(referralsOptions);
  if (referrals.isError) {
    return <Banner tone="danger">{errorMessage(t, referrals.error)}</Banner>;
  }
  if (!referrals.data) {
    return <p className="app-muted">{t('referrals.loading')}</p>;
  }
  const { items, rewardAmount, totalPaid } = referrals.data;
  return (
    <>
      <p>
        {t('referrals.lead', {
          amount: formatMoneyText(rewardAmount, 'EUR', language),
          total: formatMoneyText(totalPaid, 'EUR', language),
        })}
      </p>
      {items.length === 0 ? <p className="app-muted">{t('referrals.none')}</p> : null}
      {items.length > 0 ? (
        <ul className="app-referrals" aria-label={t('referrals.listLabel')}>
          {items.map((referral) => (
            <li key={referral.id} className="app-notifications__item">
              <div>
                <p className="app-notifications__text">
                  <strong>{referral.displayName}</strong>
                </p>
                <p className="app-notifications__time app-muted">
                  {t('referrals.since', { date: formatDateTime(referral.signedUpAt, language) })}
                </p>
                <ul className="app-referrals__steps" aria-label={t('referrals.stepsLabel')}>
                  {REFERRAL_STEPS.map((step) => (
                    <li key={step}>
                      <Badge tone={referral.steps[step] ? 'success' : 'neutral'}>
                        {t(`referrals.steps.${step}`)}
                        {': '}
                        {t(referral.steps[step] ? 'referrals.done' : 'referrals.waiting')}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </div>
              <p className="app-notifications__time">
                {referral.reward.paidAt
                  ? t('referrals.paid', { amount: formatMoneyText(referral.reward.amount, 'EUR', language) })
                  : t('referrals.notPaid')}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
