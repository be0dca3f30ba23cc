/**
 * Settings section shareSponsorCode: the customer's sponsor code, the sign-up link that carries it
 * (/register?referral=CODE: the register page keeps it and the dashboard records the sponsor once the account
 * exists) and the link as a QR code.
 */
import { useQuery } from '@tanstack/react-query';
import { REFERRAL_REWARD_EUR } from '@tessera/contracts';
import { Banner } from '@tessera/ui';
import { AddressQrCode } from '#/components/cash/address-qr-code.tsx';
import { CopyField } from '#/components/cash/copy-button.tsx';
import { errorMessage } from '#/lib/error-message.ts';
import { formatMoneyText } from '#/lib/format.ts';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useAccountNotificationsApi } from '#/shared/notifications/account-notifications-api.ts';
import '#/components/cash/cash.css';
import '#/shared/notifications/notifications.css';

export function ShareSponsorCodeSection() {
  const { t } = useTranslation(['account-notifications', 'errors']);
  const { codeOptions } = useAccountNotificationsApi();
  const code = useQuery(codeOptions);
  if (code.isError) {
    return <Banner tone="danger">{errorMessage(t, code.error)}</Banner>;
  }
  if (!code.data) {
    return <p className="app-muted">{t('share.loading')}</p>;
  }
  const link = `${window.location.origin}/register?referral=${encodeURIComponent(code.data.code)}`;
  return (
    <>
      <p>{t('share.lead', { amount: formatMoneyText(REFERRAL_REWARD_EUR, 'EUR', currentLanguage()) })}</p>
      <p className="app-share-code" data-testid="sponsor-code">
        {code.data.code}
      </p>
      <dl className="cash-fields">
        <CopyField label={t('share.code')} value={code.data.code} />
        <CopyField label={t('share.link')} value={link} mono={false} />
      </dl>
      <AddressQrCode value={link} label={t('share.qr')} />
    </>
  );
}
