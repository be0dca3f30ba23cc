import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import {
  Button,
  CloseIcon,
  IconButton,
  MenuIcon,
  setThemePreference,
  storedThemePreference,
  THEME_PREFERENCES,
  type ThemePreference,
  Wordmark,
} from '@tessera/ui';
import { changeLanguage, currentLanguage, LANGUAGES, useTranslation, type Language } from '#/lib/i18n.ts';
import { useHydrated } from '#/lib/use-hydrated.ts';

const PRODUCT_LINKS = [
  { to: '/trading/', key: 'trading' },
  { to: '/automated-investments/', key: 'automatedInvestments' },
  { to: '/tokenized-assets-management/', key: 'tokenizedAssets' },
  { to: '/universal-ledger-system/', key: 'universalLedger' },
  { to: '/pricing/', key: 'pricing' },
  { to: '/help/', key: 'help' },
] as const;

/** The legal pages a bank must publish (features/public/components/legal-page.tsx), linked from every footer. */
const LEGAL_LINKS = [
  { to: '/legal/terms/', key: 'terms' },
  { to: '/legal/privacy/', key: 'privacy' },
  { to: '/legal/complaints/', key: 'complaints' },
  { to: '/legal/regulatory-information/', key: 'regulatory' },
  { to: '/legal/imprint/', key: 'imprint' },
] as const;

/** Header, navigation and footer of the public website and help centre. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="app-public">
      <a className="app-skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" className="app-public__main">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}

/**
 * The brand, the sign-in and sign-up buttons on the first row and the product links on a row of their own, which
 * wraps rather than hides a link (French names are long). Up to 840 px (app.css) the links and buttons collapse
 * behind a menu button, closed again with Escape or once a link is chosen.
 */
function PublicHeader() {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };
  return (
    <header className="app-public__header" data-menu={menuOpen ? 'open' : 'closed'} onKeyDown={closeOnEscape}>
      <div className="app-container app-public__bar">
        <Link to="/" className="app-brand" onClick={closeMenu}>
          <Wordmark title={t('brand')} />
        </Link>
        <IconButton
          ref={menuButton}
          className="app-public__menu-button"
          label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
        <div id={menuId} className="app-public__menu">
          <nav aria-label={t('nav.primary')} className="app-public__nav">
            {PRODUCT_LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className="app-nav-link"
                activeProps={{ 'aria-current': 'page' }}
                onClick={closeMenu}
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
      </div>
    </header>
  );
}

function PublicFooter() {
  const { t } = useTranslation('common');
  // The stored theme exists only in the browser: pre-rendered pages show the switch once hydrated.
  const hydrated = useHydrated();
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
        <nav aria-label={t('footer.legalHeading')}>
          <h2 className="app-footer__heading">{t('footer.legalHeading')}</h2>
          <ul className="app-footer__list">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(`footer.legalLinks.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-footer__prefs">
          <Choice
            label={t('language.label')}
            value={currentLanguage()}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
            onChange={(language: Language) => void changeLanguage(language)}
            disabled={!hydrated}
          />
          {hydrated ? <ThemeChoice /> : <div className="app-footer__theme-placeholder" />}
        </div>
      </div>
      <div className="app-container app-footer__legal">
        <p className="app-muted">{t('footer.legal')}</p>
        {/* The year of a page pre-rendered in December may be older than the visitor's clock. */}
        <p className="app-muted" suppressHydrationWarning>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}

/**
 * A small single choice as native radio buttons, styled like the design system's SegmentedControl. The public
 * pages use it instead of SegmentedControl (Radix RadioGroup), which would add about 8 KB of JavaScript to the
 * first load of the home page (docs/benchmarks.md); the dashboard keeps the shared switches.
 */
function Choice<Value extends string>({
  label,
  value,
  options,
  onChange,
  disabled = false,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  /** Until hydrated, a pre-rendered page's choice cannot act yet. */
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="ts-segmented ts-segmented--sm app-choice">
      <legend className="ts-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="ts-segmented__item app-choice__item"
          data-state={option.value === value ? 'checked' : 'unchecked'}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Light, dark or system, remembered on this device (shown once hydrated: the stored choice is browser-only). */
function ThemeChoice() {
  const { t } = useTranslation('common');
  const [theme, setThemeState] = useState<ThemePreference>(storedThemePreference);
  return (
    <Choice
      label={t('theme.label')}
      value={theme}
      options={THEME_PREFERENCES.map((value) => ({ value, label: t(`theme.${value}`) }))}
      onChange={(value: ThemePreference) => {
        setThemePreference(value);
        setThemeState(value);
      }}
    />
  );
}
