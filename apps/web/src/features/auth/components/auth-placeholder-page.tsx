import { Link } from '@tanstack/react-router';
import { BackgroundLeft, BackgroundRight, Badge, Button, Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';

/**
 * /login, /register and /forgotPassword before the identity service is connected: the page says so plainly
 * rather than showing a form that cannot work.
 */
export function AuthPlaceholderPage({ screen }: { screen: 'login' | 'register' | 'forgotPassword' }) {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(`${t(`auth:${screen}.title`)} — Tessera`);
  return (
    <div className="app-auth">
      <BackgroundLeft className="app-auth__bg app-auth__bg--left" />
      <BackgroundRight className="app-auth__bg app-auth__bg--right" />
      <main id="main" className="app-auth__panel">
        <Link to="/" className="app-brand">
          <Wordmark title={t('common:brand')} />
        </Link>
        <h1 className="app-page-title">{t(`auth:${screen}.title`)}</h1>
        <Badge tone="info">{t('common:comingSoon.badge')}</Badge>
        <p>{t(`auth:${screen}.lead`)}</p>
        <p className="app-muted">{t('auth:unavailable')}</p>
        <Button asChild variant="primary">
          <Link to="/">{t('auth:explore')}</Link>
        </Button>
      </main>
    </div>
  );
}
