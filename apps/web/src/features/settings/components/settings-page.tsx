import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Button, Card, PageHeader, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { SETTINGS_SECTIONS, type SettingsSection } from '../lib/settings-sections.ts';
import { useSignOut } from '#/lib/use-sign-out.ts';

// Each section is its own module, loaded when it is shown: the settings page's first load is its menu and the one
// section asked for (issue #15).
const ChangePasswordSection = lazy(() =>
  import('./change-password-section.tsx').then((m) => ({ default: m.ChangePasswordSection })),
);
const MfaSection = lazy(() => import('./mfa-section.tsx').then((m) => ({ default: m.MfaSection })));
const DepositCardSection = lazy(() =>
  import('./deposit-card-section.tsx').then((m) => ({ default: m.DepositCardSection })),
);
const DepositSepaSection = lazy(() =>
  import('./deposit-sepa-section.tsx').then((m) => ({ default: m.DepositSepaSection })),
);
const DepositCryptoSection = lazy(() =>
  import('./deposit-crypto-section.tsx').then((m) => ({ default: m.DepositCryptoSection })),
);
const WithdrawalSection = lazy(() =>
  import('./withdrawal-section.tsx').then((m) => ({ default: m.WithdrawalSection })),
);
const TradingPreferencesSection = lazy(() =>
  import('./trading-preferences-section.tsx').then((m) => ({ default: m.TradingPreferencesSection })),
);
const PersonalInformationSection = lazy(() =>
  import('./personal-information-section.tsx').then((m) => ({ default: m.PersonalInformationSection })),
);
const LanguagesSection = lazy(() =>
  import('./account-preferences-section.tsx').then((m) => ({ default: m.LanguagesSection })),
);
const AppearanceSection = lazy(() =>
  import('./account-preferences-section.tsx').then((m) => ({ default: m.AppearanceSection })),
);
const CloseAccountSection = lazy(() =>
  import('./close-account-section.tsx').then((m) => ({ default: m.CloseAccountSection })),
);
const NotificationsSection = lazy(() =>
  import('./notifications-section.tsx').then((m) => ({ default: m.NotificationsSection })),
);
const ShareSponsorCodeSection = lazy(() =>
  import('./share-sponsor-code-section.tsx').then((m) => ({ default: m.ShareSponsorCodeSection })),
);
const ManageReferralsSection = lazy(() =>
  import('./manage-referrals-section.tsx').then((m) => ({ default: m.ManageReferralsSection })),
);
const ChangeSponsorSection = lazy(() =>
  import('./change-sponsor-section.tsx').then((m) => ({ default: m.ChangeSponsorSection })),
);
const DelegateAccountsSection = lazy(() =>
  import('./delegate-accounts-section.tsx').then((m) => ({ default: m.DelegateAccountsSection })),
);
const ApiKeysSection = lazy(() =>
  import('./api-keys-section.tsx').then((m) => ({ default: m.ApiKeysSection })),
);
const LegalDocumentsSection = lazy(() =>
  import('./legal-documents-section.tsx').then((m) => ({ default: m.LegalDocumentsSection })),
);

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
          <Suspense fallback={<Skeleton shape="block" height="12rem" />}>
            <SettingsPanel section={section} />
          </Suspense>
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
    case 'notifications':
      return <NotificationsSection />;
    case 'shareSponsorCode':
      return <ShareSponsorCodeSection />;
    case 'manageReferrals':
      return <ManageReferralsSection />;
    case 'changeSponsor':
      return <ChangeSponsorSection />;
    case 'delegateAccounts':
      return <DelegateAccountsSection />;
    case 'api':
      return <ApiKeysSection />;
    case 'legalDocuments':
      return <LegalDocumentsSection />;
    case 'closeAccount':
      return <CloseAccountSection />;
    case 'personalInformation':
      return <PersonalInformationSection />;
    case 'appearance':
      return <AppearanceSection />;
    case 'languages':
      return <LanguagesSection />;
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
    default: {
      // Every section of SETTINGS_SECTIONS has its panel above: a new section fails to compile here.
      const unknown: never = section;
      return unknown;
    }
  }
}
