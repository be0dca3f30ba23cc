import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { FundsPage } from '#/features/funds/components/funds-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/funds/')({
  component: Funds,
});

function Funds() {
  const { t } = useTranslation('funds');
  usePageTitle(t('list.title'));
  return <FundsPage />;
}
