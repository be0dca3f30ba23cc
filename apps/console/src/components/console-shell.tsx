import { Link, Outlet, useNavigate, useRouteContext, useRouter } from '@tanstack/react-router';
import {
  Button,
  SegmentedControl,
  setThemePreference,
  storedThemePreference,
  type ThemePreference,
  Wordmark,
} from '@tessera/ui';
import { useState } from 'react';
import { changeLanguage, currentLanguage, type Language, useTranslation } from '../lib/i18n.ts';

/**
 * The console's frame: the sections the signed-in staff member's groups give (home for everyone; Customers,
 * Sessions (replays), Live sessions and Agent statistics (live assist) for support agents and admins; KYC review
 * for reviewers and admins; Usability tests for UX researchers and admins; Ledger, Staff and Audit log for admins),
 * who is signed in, language, theme and sign-out. Sections other issues will add appear only once they exist, never as
 * "coming soon".
 */
export function ConsoleShell() {
  const { t } = useTranslation();
  const { session, auth, queryClient } = useRouteContext({ from: '/_staff' });
  const navigate = useNavigate();
  const router = useRouter();
  const [theme, setThemeState] = useState<ThemePreference>(storedThemePreference);
  const admin = session.groups.includes('admin');
  const reviewer = admin || session.groups.includes('kyc_reviewer');
  const support = admin || session.groups.includes('support_agent');
  const researcher = admin || session.groups.includes('ux_researcher');
  const sections = [
    { to: '/home' as const, label: t('nav.home') },
    ...(support
      ? [
          { to: '/customers' as const, label: t('nav.customers') },
          { to: '/sessions' as const, label: t('nav.sessions') },
          { to: '/assist' as const, label: t('nav.liveSessions') },
          { to: '/assist-stats' as const, label: t('nav.agentStats') },
        ]
      : []),
    ...(reviewer ? [{ to: '/kyc' as const, label: t('nav.kyc') }] : []),
    ...(researcher ? [{ to: '/studio' as const, label: t('nav.studio') }] : []),
    ...(admin
      ? [
          { to: '/ledger' as const, label: t('nav.ledger') },
          { to: '/staff' as const, label: t('nav.staff') },
          { to: '/audit' as const, label: t('nav.audit') },
        ]
      : []),
  ];
  return (
    <div className="console-frame">
      <a className="console-skip" href="#main">
        {t('nav.skip')}
      </a>
      <header className="console-header">
        <Link to="/home" className="console-brand" aria-label={t('brand')}>
          <Wordmark title={t('brand')} />
          <span className="console-brand__suffix">{t('nav.console')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="console-nav">
          <ul>
            {sections.map((section) => (
              <li key={section.to}>
                <Link to={section.to} activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console-account">
          <span className="console-account__who">
            {session.email}
            <span className="console-account__groups">
              {session.groups.map((group) => t(`groups.${group}`)).join(', ')}
            </span>
          </span>
          <SegmentedControl
            label={t('nav.language')}
            value={currentLanguage()}
            options={[
              { value: 'en', label: 'EN' },
              { value: 'fr', label: 'FR' },
            ]}
            onValueChange={(value) => void changeLanguage(value as Language)}
          />
          <SegmentedControl
            label={t('nav.theme')}
            value={theme}
            options={[
              { value: 'light', label: t('nav.light') },
              { value: 'dark', label: t('nav.dark') },
              { value: 'system', label: t('nav.system') },
            ]}
            onValueChange={(value) => {
              setThemePreference(value as ThemePreference);
              setThemeState(value as ThemePreference);
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={async () => {
              await auth.signOut();
              queryClient.clear();
              await router.invalidate();
              await navigate({ to: '/login' });
            }}
          >
            {t('nav.signOut')}
          </Button>
        </div>
      </header>
      <main id="main" className="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
