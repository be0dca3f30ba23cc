import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Outlet, useRouteContext } from '@tanstack/react-router';
import { CloseIcon, IconButton, MenuIcon, Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { LanguageSwitch } from '#/components/language-switch.tsx';
import { ThemeSwitch } from '#/components/theme-switch.tsx';
import { AccountMenu } from './account-menu.tsx';
import { NotificationBell } from '#/shared/notifications/notification-bell.tsx';
import { NavIcon } from './nav-icon.tsx';
import { AccountSwitcher } from '#/shared/access/account-switcher.tsx';
import { useAccountPreferencesSync } from '#/shared/account/account-preferences-sync.ts';

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

/**
 * The customer dashboard: navigation to every area, account menu, language and theme switches. On a wide screen
 * the navigation is a sidebar; up to 960 px (app.css) it collapses behind a menu button that opens the areas, the
 * switches and the account menu, and closes again with Escape or once an area is chosen.
 */
export function DashboardLayout() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { session } = useRouteContext({ from: '/_protected' });
  // The language and theme saved on the server win at sign-in; later changes are saved there (issue #20).
  useAccountPreferencesSync(session.userId);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const topbarId = useId();
  const closeMenu = () => setMenuOpen(false);
  // Escape closes the open menu, unless it was pressed in a dialog or a dropdown (portalled, outside this tree).
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && menuOpen && event.currentTarget.contains(event.target as Node)) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };
  return (
    <div className="app-dashboard" data-menu={menuOpen ? 'open' : 'closed'} onKeyDown={closeOnEscape}>
      <a className="app-skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <aside className="app-dashboard__sidebar">
        <div className="app-dashboard__brandbar">
          <Link to="/dashboard/home/" className="app-brand" onClick={closeMenu}>
            <Wordmark title={t('common:brand')} />
          </Link>
          {/* The bell stays in sight on every width: beside the brand, before the narrow screens' menu button. */}
          <NotificationBell />
          <IconButton
            ref={menuButton}
            className="app-dashboard__menu-button"
            label={t(menuOpen ? 'common:nav.closeMenu' : 'common:nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls={`${navId} ${topbarId}`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </div>
        <nav id={navId} aria-label={t('dashboard:nav.label')} className="app-dashboard__navpanel">
          <ul className="app-dashboard__nav">
            {AREAS.map((area) => (
              <li key={area.to}>
                <Link
                  to={area.to}
                  className="app-dashboard__link"
                  activeProps={{ 'aria-current': 'page' }}
                  onClick={closeMenu}
                >
                  <NavIcon name={area.icon} />
                  <span>{t(`dashboard:nav.${area.key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="app-dashboard__body">
        <header id={topbarId} className="app-dashboard__topbar">
          <div className="app-dashboard__prefs">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
          <AccountMenu email={session.email} />
        </header>
        <main id="main" className="app-dashboard__main">
          <AccountSwitcher />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
