import { useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { StatusLayout } from './status-layout.tsx';

/**
 * The not-found page of spec section 2 (default title 'Not Found'), with its own translated title. The server
 * answers an unknown address with HTTP 404 and this page, pre-rendered (server/src/static-apps.ts).
 */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <>
      <PageHead title={t('notFound.metaTitle')} description={t('notFound.message')} />
      <StatusLayout title={t('notFound.title')} message={t('notFound.message')} />
    </>
  );
}
