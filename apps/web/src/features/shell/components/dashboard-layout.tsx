import { Link, Outlet, useRouteContext } from '@tanstack/react-router';
import { Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { LanguageSwitch } from '#/components/language-switch.tsx';
import { ThemeSwitch } from '#/components/theme-switch.tsx';
import { AccountMenu } from './account-menu.tsx';
import { NavIcon } from './nav-icon.tsx';

const AREAS = [
  { to: '/dashboard/home/', key: 'home', icon: 'home' },
  { to: '/dashboard/wallets/', key: 'wallets', icon: 'wallet' },
  { to: '/dashboard/trading/', key: 'trading', icon: 'chart' },
  { to: '/dashboard/market/', key: 'market', icon: 'market' },
  { to: '/dashboard/funds/', key: 'funds', icon: 'funds' },
  { to: '/dashboard/KYC/', key: 'kyc', icon: 'shield' },
  { to: '/assistant/', key: 'assistant', icon: 'assistant' },
  { to: '/dashboard/settings/', key: 'settings', icon: 'settings' },
] as const;

/** The customer dashboard: navigation to every area, account menu, language and theme switches. */
export function DashboardLayout() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { session } = useRouteContext({ from: '/_protected' });
  return (
    <div className="app-dashboard">
      <a className="app-skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <aside className="app-dashboard__sidebar">
        <Link to="/dashboard/home/" className="app-brand">
          <Wordmark title={t('common:brand')} />
        </Link>
        <nav aria-label={t('dashboard:nav.label')}>
          <ul className="app-dashboard__nav">
            {AREAS.map((area) => (
              <li key={area.to}>
                <Link to={area.to} className="app-dashboard__link" activeProps={{ 'aria-current': 'page' }}>
                  <NavIcon name={area.icon} />
                  <span>{t(`dashboard:nav.${area.key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="app-dashboard__body">
        <header className="app-dashboard__topbar">
          <div className="app-dashboard__prefs">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
          <AccountMenu email={session.email} />
        </header>
        <main id="main" className="app-dashboard__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
