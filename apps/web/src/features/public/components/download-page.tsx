import { Link } from '@tanstack/react-router';
import { Button, Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';

/** /app/download/: how to get Tessera on a phone or desktop. */
export function DownloadPage() {
  const { t } = useTranslation(['public', 'common']);
  useDocumentTitle(`${t('public:download.title')} — Tessera`);
  return (
    <main id="main" className="app-standalone">
      <Link to="/" className="app-brand">
        <Wordmark title={t('common:brand')} />
      </Link>
      <h1 className="app-page-title">{t('public:download.title')}</h1>
      <p className="app-hero__lead">{t('public:download.lead')}</p>
      <Button asChild variant="primary">
        <Link to="/">{t('common:actions.goHome')}</Link>
      </Button>
    </main>
  );
}
