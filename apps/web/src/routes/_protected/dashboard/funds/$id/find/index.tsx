import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { FundPage } from '#/features/funds/components/fund-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/funds/$id/find/')({
  component: FindFund,
});

function FindFund() {
  const { id } = Route.useParams();
  const { t } = useTranslation('funds');
  usePageTitle(t('fund.title'));
  return <FundPage id={id} />;
}
