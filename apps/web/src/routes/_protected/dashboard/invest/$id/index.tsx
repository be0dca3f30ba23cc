import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { InvestPage } from '#/features/funds/components/invest-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/invest/$id/')({
  component: Invest,
});

function Invest() {
  const { id } = Route.useParams();
  const { t } = useTranslation('funds');
  usePageTitle(t('invest.title'));
  return <InvestPage id={id} />;
}
