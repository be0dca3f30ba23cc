/**
 * /dashboard/KYC/: the customer's verification level, what it allows and the next step, the steps to a first
 * wallet (confirm the e-mail, verify the phone: level 1; open the wallet), then identity verification (levels 2
 * and 3, whose content the route gives: features/kyc) and what each level allows. The level is the server's (user
 * management: level 1 follows the identity service's verified e-mail and phone, levels 2 and 3 a reviewer's
 * approval); the limits are the policy module's.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KYC_LEVELS, type KycLevel, WALLET_CREATE_KYC_LEVEL } from '@tessera/contracts';
import { Badge, Banner, Button, Card, PageHeader, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { formatPhoneNumber } from '#/lib/format.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { AllowanceList, useLevelLabel } from '#/shared/onboarding/allowance-list.tsx';
import { useCustomerProfileOptions } from '#/shared/onboarding/customer-profile.ts';
import { Step, StepList } from '#/shared/onboarding/step-list.tsx';
import { ATTRIBUTES_QUERY_KEY, VerifyAttribute } from './verify-attribute.tsx';

/** `verification`: the identity-verification step's content for the customer's level. */
export function KycPage({ verification }: { verification: (level: KycLevel) => ReactNode }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const profile = useQuery(useCustomerProfileOptions());
  useDocumentTitle(`${t('page.title')} — Tessera`);
  return (
    <div className="app-page">
      <PageHeader title={t('page.title')} description={t('page.lead')} />
      {profile.isPending ? <Skeleton shape="block" height="160px" /> : null}
      {profile.isError ? <Banner tone="danger">{errorMessage(t, profile.error)}</Banner> : null}
      {profile.data ? (
        <>
          <CurrentLevel level={profile.data.kycLevel} />
          <GetStarted level={profile.data.kycLevel} verification={verification} />
          <AllLevels current={profile.data.kycLevel} />
        </>
      ) : null}
    </div>
  );
}

function CurrentLevel({ level }: { level: KycLevel }) {
  const { t } = useTranslation('onboarding');
  const levelLabel = useLevelLabel();
  return (
    <Card as="section" title={t('current.title', { label: levelLabel(level) })} className="onb-level">
      <p className="onb-level__subtitle">{t('current.lead')}</p>
      <AllowanceList level={level} />
      <p>{t(`current.next${level}`)}</p>
    </Card>
  );
}

/** The steps to a first wallet, then identity verification. */
function GetStarted({
  level,
  verification,
}: {
  level: KycLevel;
  verification: (level: KycLevel) => ReactNode;
}) {
  const { t } = useTranslation(['onboarding', 'auth', 'errors']);
  const identity = useIdentity();
  const [phoneJustVerified, setPhoneJustVerified] = useState(false);
  const attributes = useQuery({
    queryKey: ATTRIBUTES_QUERY_KEY,
    queryFn: async () => (await identity()).fetchUserAttributes(),
    gcTime: 0,
  });
  const wallets = useQuery(walletsQueryOptions(useCashCall()));
  const emailDone = attributes.data?.email_verified === 'true';
  const phoneDone = attributes.data?.phone_number_verified === 'true';
  const canOpenWallets = level >= WALLET_CREATE_KYC_LEVEL;
  const walletCount = wallets.data?.length ?? 0;
  return (
    <Card as="section" title={t('steps.title')} className="onb-card">
      {attributes.isError ? <Banner tone="danger">{t(authErrorKey(attributes.error))}</Banner> : null}
      {phoneJustVerified && canOpenWallets ? (
        <Banner tone="success">{t('steps.phone.verified')}</Banner>
      ) : null}
      <StepList label={t('steps.title')}>
        <Step number={1} title={t('steps.email.title')} state={emailDone ? 'done' : 'todo'}>
          {attributes.isPending ? <Skeleton shape="text" /> : null}
          {attributes.data && emailDone ? (
            <p className="app-muted" data-tracker-mask="">
              {t('steps.email.done', { email: attributes.data.email })}
            </p>
          ) : null}
          {attributes.data && !emailDone ? (
            <VerifyAttribute attribute="email" value={attributes.data.email} onVerified={() => undefined} />
          ) : null}
        </Step>
        <Step number={2} title={t('steps.phone.title')} state={phoneDone ? 'done' : 'todo'}>
          {attributes.isPending ? <Skeleton shape="text" /> : null}
          {attributes.data && phoneDone ? (
            <p className="app-muted" data-tracker-mask="">
              {t('steps.phone.done', { phone: formatPhoneNumber(attributes.data.phone_number) })}
            </p>
          ) : null}
          {attributes.data && !phoneDone ? (
            <VerifyAttribute
              attribute="phone_number"
              value={attributes.data.phone_number}
              onVerified={() => setPhoneJustVerified(true)}
            />
          ) : null}
        </Step>
        <Step
          number={3}
          title={t('steps.wallet.title')}
          state={walletCount > 0 ? 'done' : canOpenWallets ? 'todo' : 'locked'}
        >
          {!canOpenWallets ? <p className="app-muted">{t('steps.wallet.locked')}</p> : null}
          {canOpenWallets && wallets.isError ? (
            <Banner tone="danger">{errorMessage(t, wallets.error)}</Banner>
          ) : null}
          {canOpenWallets && wallets.data && walletCount === 0 ? (
            <>
              <p>{t('steps.wallet.todo')}</p>
              <Button asChild variant="primary">
                <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
                  {t('steps.wallet.open')}
                </Link>
              </Button>
            </>
          ) : null}
          {canOpenWallets && walletCount > 0 ? (
            <>
              <p className="app-muted">{t('steps.wallet.done', { count: walletCount })}</p>
              <Button asChild variant="secondary" size="sm">
                <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
                  {t('steps.wallet.see')}
                </Link>
              </Button>
            </>
          ) : null}
        </Step>
        <Step
          number={4}
          title={t('steps.document.title')}
          state={level >= 2 ? 'done' : level >= 1 ? 'todo' : 'locked'}
        >
          {verification(level)}
        </Step>
      </StepList>
    </Card>
  );
}

function AllLevels({ current }: { current: KycLevel }) {
  const { t } = useTranslation('onboarding');
  const levelLabel = useLevelLabel();
  return (
    <section className="app-stack" aria-labelledby="onb-levels-title">
      <h2 id="onb-levels-title" className="onb-section__title">
        {t('all.title')}
      </h2>
      <ul className="onb-levels">
        {KYC_LEVELS.map((level) => (
          <Card
            as="li"
            key={level}
            className={level === current ? 'onb-level onb-level--current' : 'onb-level'}
            aria-current={level === current ? 'true' : undefined}
          >
            <div className="onb-level__head">
              <h3 className="onb-level__title">{levelLabel(level)}</h3>
              {level === current ? <Badge tone="brand">{t('all.yours')}</Badge> : null}
            </div>
            <p className="onb-level__subtitle">{t('all.reach')}</p>
            <p>{t(`levels.${level}.reach`)}</p>
            <AllowanceList level={level} />
          </Card>
        ))}
      </ul>
    </section>
  );
}
