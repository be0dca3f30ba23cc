import { Link, Outlet } from '@tanstack/react-router';
import { Button, Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { LanguageSwitch } from '#/components/language-switch.tsx';
import { ThemeSwitch } from '#/components/theme-switch.tsx';

const PRODUCT_LINKS = [
  { to: '/trading/', key: 'trading' },
  { to: '/automated-investments/', key: 'automatedInvestments' },
  { to: '/tokenized-assets-management/', key: 'tokenizedAssets' },
  { to: '/universal-ledger-system/', key: 'universalLedger' },
  { to: '/pricing/', key: 'pricing' },
  { to: '/help/', key: 'help' },
] as const;

/** Header, navigation and footer of the public website and help centre. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="app-public">
      <a className="app-skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="app-public__header">
        <div className="app-container app-public__bar">
          <Link to="/" className="app-brand">
            <Wordmark title={t('brand')} />
          </Link>
          <nav aria-label={t('nav.primary')} className="app-public__nav">
            {PRODUCT_LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className="app-nav-link"
                activeProps={{ 'aria-current': 'page' }}
              >
                {t(`nav.${link.key}`)}
              </Link>
            ))}
          </nav>
          <div className="app-public__actions">
            <Button asChild variant="ghost">
              <Link to="/login">{t('actions.signIn')}</Link>
            </Button>
            <Button asChild variant="primary">
              <Link to="/register">{t('actions.openAccount')}</Link>
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="app-public__main">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="app-public__footer">
      <div className="app-container app-footer__grid">
        <div>
          <Wordmark title={t('brand')} />
          <p className="app-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('nav.products')}>
          <h2 className="app-footer__heading">{t('nav.products')}</h2>
          <ul className="app-footer__list">
            {PRODUCT_LINKS.slice(0, 4).map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(`nav.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.support')}>
          <h2 className="app-footer__heading">{t('footer.support')}</h2>
          <ul className="app-footer__list">
            <li>
              <Link to="/pricing/">{t('nav.pricing')}</Link>
            </li>
            <li>
              <Link to="/help/">{t('nav.help')}</Link>
            </li>
            <li>
              <Link to="/app/download/">{t('nav.download')}</Link>
            </li>
          </ul>
        </nav>
        <div className="app-footer__prefs">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </div>
      <div className="app-container app-footer__legal">
        <p className="app-muted">{t('footer.legal')}</p>
        <p className="app-muted">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
