import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Alert, Badge, Button, Card, PageHeader, Skeleton } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { CustomerActivity, CustomerLimits, CustomerWallets } from './customer-money.tsx';
import {
  type CustomerMoney,
  type CustomerProfile,
  customerQueryOptions,
  dateTimeFormat,
  formatAmount,
} from './support-api.ts';
import { errorKey, Facts, ReferenceForm } from './support-parts.tsx';

/**
 * One customer, read-only, for support agents and admins: who they are (identity), their KYC level, wallets with
 * balances and IBANs, limits and latest activity (cash operations, balances from the ledger). Asks for the case or
 * ticket reference first; every read is recorded in the audit log with it.
 */
export function CustomerPage({
  userId,
  reference,
  onReference,
}: {
  userId: string;
  reference: string | undefined;
  onReference: (reference: string | undefined) => void;
}) {
  const { t } = useTranslation('support');
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/customers" search={reference ? { ref: reference } : {}}>
        {t('customer.back')}
      </Link>
    </Button>
  );
  if (!reference) {
    return (
      <>
        <PageHeader title={t('lookup.title')} back={back} />
        <ReferenceForm onSubmit={onReference} />
      </>
    );
  }
  return <CustomerRead userId={userId} reference={reference} back={back} onReference={onReference} />;
}

function CustomerRead({
  userId,
  reference,
  back,
  onReference,
}: {
  userId: string;
  reference: string;
  back: React.ReactNode;
  onReference: (reference: string | undefined) => void;
}) {
  const { t } = useTranslation('support');
  const { api } = useRouteContext({ from: '/_staff' });
  const read = useQuery(customerQueryOptions(api, userId, reference));
  const description = (
    <>
      {t('customer.lead', { reference })}{' '}
      <Button variant="ghost" size="sm" onClick={() => onReference(undefined)}>
        {t('customer.changeReference')}
      </Button>
    </>
  );
  if (read.isError) {
    return (
      <>
        <PageHeader title={t('lookup.title')} back={back} description={description} />
        <Alert>{t(errorKey(read.error))}</Alert>
      </>
    );
  }
  if (!read.data) {
    return (
      <>
        <PageHeader title={t('console:loading')} back={back} />
        <Skeleton shape="block" height="240px" />
      </>
    );
  }
  const { profile, money } = read.data;
  return (
    <>
      <PageHeader title={profile.name ?? profile.email} back={back} description={description} />
      <div className="support-columns">
        <ProfileCard profile={profile} money={money} />
        <CustomerLimits money={money} />
      </div>
      <CustomerWallets money={money} />
      <CustomerActivity money={money} />
    </>
  );
}

function ProfileCard({ profile, money }: { profile: CustomerProfile; money: CustomerMoney }) {
  const { t } = useTranslation('support');
  const language = currentLanguage();
  const facts: [string, React.ReactNode][] = [
    [t('customer.name'), profile.name ?? '—'],
    [t('customer.email'), profile.email],
    [t('customer.signedUp'), dateTimeFormat(language).format(new Date(profile.signedUpAt))],
    [t('customer.kycLevel'), t('customer.kycLevelValue', { level: money.kycLevel })],
    [t('customer.kycStatus'), t(`values.kycStatus.${money.kycStatus}`, { defaultValue: money.kycStatus })],
    [t('customer.phone'), profile.phoneNumber ?? t('customer.noPhone')],
    [t('customer.language'), t(`values.language.${profile.locale}`, { defaultValue: profile.locale })],
    [
      t('customer.totalLabel', { currency: money.referenceCurrency }),
      formatAmount(money.total, money.referenceCurrency, language),
    ],
  ];
  return (
    <Card title={t('customer.profile')} headingLevel={2}>
      <Facts facts={facts} />
      <p className="console-badges">
        <Badge tone={profile.enabled ? 'success' : 'danger'}>
          {profile.enabled ? t('customer.enabled') : t('customer.disabled')}
        </Badge>
        <Badge tone={profile.emailVerified ? 'success' : 'warning'}>
          {profile.emailVerified ? t('customer.emailVerified') : t('customer.emailNotVerified')}
        </Badge>
        <Badge tone={profile.phoneVerified ? 'success' : 'warning'}>
          {profile.phoneVerified ? t('customer.phoneVerified') : t('customer.phoneNotVerified')}
        </Badge>
      </p>
    </Card>
  );
}
