import { useTranslation } from '#/lib/i18n.ts';
import { StatusLayout } from './status-layout.tsx';

/** The not-found page of spec section 2 (default title 'Not Found'). */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return <StatusLayout title={t('notFound.title')} message={t('notFound.message')} />;
}
