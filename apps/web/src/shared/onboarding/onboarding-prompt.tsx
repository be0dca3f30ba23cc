/**
 * The home page's KYC prompt. A fresh customer (level 0, or no wallet yet) gets the two steps to a first wallet:
 * verify the phone (level 1, on /dashboard/KYC/) and open the wallet. A level-1 customer with a wallet gets their
 * level and what it allows; from level 2 nothing is shown. The level is the one cash operations reports (the
 * limits the home loader has read); the amounts come from the policy module.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KYC_POLICY, type KycLevel, WALLET_CREATE_KYC_LEVEL } from '@tessera/contracts';
import { Banner, Button, Card } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatAmountText } from '#/lib/money.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { limitsQueryOptions } from '#/shared/cash/api/get-cash-limits.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { useLevelLabel } from './allowance-list.tsx';
import { Step, StepList } from './step-list.tsx';

/** The level from which the prompt steps aside (the next level cannot be reached from the app yet). */
const PROMPT_UNTIL_LEVEL = 2;

export function OnboardingPrompt() {
  const { t } = useTranslation('onboarding');
  const levelLabel = useLevelLabel();
  const call = useCashCall();
  const limits = useQuery(limitsQueryOptions(call));
  const wallets = useQuery(walletsQueryOptions(call));
  if (!limits.data || !wallets.data || limits.data.kycLevel >= PROMPT_UNTIL_LEVEL) {
    return null;
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
          <Button asChild variant="secondary" size="sm">
            <Link to="/dashboard/KYC/">{t('prompt.levels')}</Link>
          </Button>
        }
      >
        {perPeriod
          ? t('prompt.levelText', {
              perPeriod: formatAmountText(perPeriod, 'EUR', currentLanguage(), { trim: true }),
            })
          : null}
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
          <Button asChild variant="primary">
            <Link to="/dashboard/wallets/" search={{ action: 'new' }}>
              {t('prompt.openWallet')}
            </Link>
          </Button>
        ) : (
          <Button asChild variant="primary">
            <Link to="/dashboard/KYC/">{t('prompt.verifyPhone')}</Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
