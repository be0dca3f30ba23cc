import { Link } from '@tanstack/react-router';
import { Button, Card, PageHeader } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { SETTINGS_SECTIONS, type SettingsSection } from '../lib/settings-sections.ts';
import { LanguageSwitch } from '#/components/language-switch.tsx';
import { ThemeSwitch } from '#/components/theme-switch.tsx';
import { useSignOut } from '#/lib/use-sign-out.ts';
import { ChangePasswordSection } from './change-password-section.tsx';
import { MfaSection } from './mfa-section.tsx';
import { DepositCardSection } from './deposit-card-section.tsx';
import { DepositSepaSection } from './deposit-sepa-section.tsx';
import { DepositCryptoSection } from './deposit-crypto-section.tsx';
import { WithdrawalSection } from './withdrawal-section.tsx';
import { TradingPreferencesSection } from './trading-preferences-section.tsx';

/** /dashboard/settings/: the twenty sections of spec section 4, chosen by `content`. */
export function SettingsPage({ section }: { section: SettingsSection }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="app-page">
      <PageHeader title={t('settings.title')} />
      <div className="app-settings">
        <nav aria-label={t('settings.menu')} className="app-settings__menu">
          <ul>
            {SETTINGS_SECTIONS.map((value) => (
              <li key={value}>
                <Link
                  to="/dashboard/settings/"
                  search={{ content: value }}
                  className="app-settings__link"
                  aria-current={value === section ? 'page' : undefined}
                >
                  {t(`settings.sections.${value}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Card className="app-settings__panel">
          <h2 className="app-settings__title">{t(`settings.sections.${section}`)}</h2>
          <SettingsPanel section={section} />
        </Card>
      </div>
    </div>
  );
}

function SettingsPanel({ section }: { section: SettingsSection }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const signOut = useSignOut();
  switch (section) {
    case 'changePassword':
      return <ChangePasswordSection />;
    case 'MFA':
      return <MfaSection />;
    case 'depositCard':
      return <DepositCardSection />;
    case 'depositSepa':
      return <DepositSepaSection />;
    case 'depositCrypto':
      return <DepositCryptoSection />;
    case 'withdrawal':
      return <WithdrawalSection />;
    case 'tradingPreferences':
      return <TradingPreferencesSection />;
    case 'appearance':
      return (
        <>
          <p>{t('dashboard:settings.appearanceText')}</p>
          <ThemeSwitch />
        </>
      );
    case 'languages':
      return (
        <>
          <p>{t('dashboard:settings.languagesText')}</p>
          <LanguageSwitch />
        </>
      );
    case 'helpCenter':
      return (
        <>
          <p>{t('dashboard:settings.helpCenterText')}</p>
          <Button asChild variant="secondary">
            <Link to="/help/">{t('dashboard:settings.openHelp')}</Link>
          </Button>
        </>
      );
    case 'logout':
      return (
        <>
          <p>{t('dashboard:settings.logoutText')}</p>
          <Button variant="danger" onClick={() => void signOut()}>
            {t('common:actions.signOut')}
          </Button>
        </>
      );
    default:
      return <p>{t('dashboard:settings.coming')}</p>;
  }
}
