/**
 * Settings sections languages and appearance (issue #20): the switches change this page at once and are saved with
 * the customer's account (shared/account/account-preferences-sync.ts), which every device applies at sign-in; the
 * language is also the one of the e-mails.
 */
import { LanguageSwitch } from '#/components/language-switch.tsx';
import { ThemeSwitch } from '#/components/theme-switch.tsx';
import { useTranslation } from '#/lib/i18n.ts';

export function LanguagesSection() {
  const { t } = useTranslation('account');
  return (
    <div className="app-stack">
      <p>{t('preferences.languagesText')}</p>
      <LanguageSwitch />
      <p className="app-muted">{t('preferences.languagesSaved')}</p>
    </div>
  );
}

export function AppearanceSection() {
  const { t } = useTranslation('account');
  return (
    <div className="app-stack">
      <p>{t('preferences.appearanceText')}</p>
      <ThemeSwitch />
      <p className="app-muted">{t('preferences.appearanceSaved')}</p>
    </div>
  );
}
