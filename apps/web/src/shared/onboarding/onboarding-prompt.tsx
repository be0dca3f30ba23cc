/**
 * The home page's KYC prompt. A fresh customer (level 0, or no wallet yet) gets the two steps to a first wallet:
 * verify the phone (level 1, on /dashboard/KYC/) and open the wallet. A level-1 customer with a wallet gets their
 * level, what it allows and where their identity verification stands (/me's kycStatus), with a link to
 * /dashboard/KYC/; from level 2 only an application in progress, waiting or sent back is shown. The level is the
 * one cash operations reports (the limits the home loader has read); the amounts come from the policy module.
 * A `kyc.updated` event refetches both (features/kyc use-kyc-live-updates.ts), so the prompt follows a decision.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KYC_POLICY, type KycLevel, type KycStatus, WALLET_CREATE_KYC_LEVEL } from '@tessera/contracts';
import { Banner, Button, Card } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatAmountText } from '#/lib/money.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { limitsQueryOptions } from '#/shared/cash/api/get-cash-limits.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { useLevelLabel } from './allowance-list.tsx';
import { useCustomerProfileOptions } from './customer-profile.ts';
import { Step, StepList } from './step-list.tsx';

/** The level from which the prompt shows only an application the customer or the bank is working on. */
const PROMPT_UNTIL_LEVEL = 2;

/** The statuses that still need the customer or a reviewer. */
const OPEN_STATUSES: readonly KycStatus[] = [
  'in_progress',
  'submitted',
  'under_review',
  'more_info_requested',
];

/** "Identity verification: Under review", with the link to the page. */
function VerificationStatus({ status }: { status: KycStatus }) {
  const { t } = useTranslation(['onboarding', 'kyc']);
  return (
    <Banner
      tone={status === 'more_info_requested' || status === 'rejected' ? 'warning' : 'info'}
      title={t('prompt.status', { status: t(`kyc:status.${status}.name`) })}
      action={
        <Button asChild variant="secondary" size="sm">
          <Link to="/dashboard/KYC/">{t('prompt.seeStatus')}</Link>
        </Button>
      }
    >
      {t(`kyc:status.${status}.title`)}
    </Banner>
  );
}

export function OnboardingPrompt() {
  const { t } = useTranslation(['onboarding', 'kyc']);
  const levelLabel = useLevelLabel();
  const call = useCashCall();
  const limits = useQuery(limitsQueryOptions(call));
  const wallets = useQuery(walletsQueryOptions(call));
  const profile = useQuery(useCustomerProfileOptions());
  const status = profile.data?.kycStatus;
  if (!limits.data || !wallets.data) {
    return null;
  }
  if (limits.data.kycLevel >= PROMPT_UNTIL_LEVEL) {
    return status && (OPEN_STATUSES.includes(status) || status === 'rejected') ? (
      <VerificationStatus status={status} />
    ) : null;
  }
  const level = limits.data.kycLevel as KycLevel;
  const canOpenWallets = level >= WALLET_CREATE_KYC_LEVEL;
  const hasWallet = wallets.data.length > 0;
  if (canOpenWallets && hasWallet) {
    const perPeriod = KYC_POLICY[level].depositPer30Days;
    return (
      <Banner
        tone="info"
        title={t('prompt.levelTitle', { label: levelLabel(level) })}
        action={
          <Button asChild variant={status === 'not_started' ? 'primary' : 'secondary'} size="sm">
            <Link to="/dashboard/KYC/">
              {!status || status === 'not_started' ? t('prompt.verify') : t('prompt.seeStatus')}
            </Link>
          </Button>
        }
      >
        {perPeriod ? (
          <p>
            {t('prompt.levelText', {
              perPeriod: formatAmountText(perPeriod, 'EUR', currentLanguage(), { trim: true }),
            })}
          </p>
        ) : null}
        {status ? <p>{t('prompt.status', { status: t(`kyc:status.${status}.name`) })}</p> : null}
      </Banner>
    );
  }
  return (
    <Card as="section" title={t('prompt.title')} className="onb-prompt">
      <p className="app-muted">{t('prompt.lead')}</p>
      <StepList label={t('prompt.title')}>
        <Step number={1} title={t('prompt.phone')} state={canOpenWallets ? 'done' : 'todo'} />
        <Step number={2} title={t('prompt.wallet')} state={canOpenWallets ? 'todo' : 'locked'} />
      </StepList>
      <div className="app-cluster">
        {canOpenWallets ? (
          <>
            <Button asChild variant="primary">
              <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
                {t('prompt.openWallet')}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/dashboard/KYC/">
                {!status || status === 'not_started' ? t('prompt.verify') : t('prompt.seeStatus')}
              </Link>
            </Button>
          </>
        ) : (
          <Button asChild variant="primary">
            <Link to="/dashboard/KYC/">{t('prompt.verifyPhone')}</Link>
          </Button>
        )}
      </div>
      {canOpenWallets && status ? (
        <p className="app-muted">{t('prompt.status', { status: t(`kyc:status.${status}.name`) })}</p>
      ) : null}
    </Card>
  );
}
