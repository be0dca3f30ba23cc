import { createFileRoute, Link } from '@tanstack/react-router';
import { Banner, PageHeader, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { useFund } from '#/features/funds/api/funds-api.ts';
import { FundForm } from '#/features/funds/components/fund-form.tsx';
import '#/features/funds/components/funds.css';

export const Route = createFileRoute('/_protected/dashboard/funds/$id/update/')({
  component: UpdateFund,
});

function UpdateFund() {
  const { id } = Route.useParams();
  const { t } = useTranslation(['funds', 'errors']);
  usePageTitle(t('form.editTitle'));
  const fund = useFund(id);
  return (
    <div className="app-page">
      <PageHeader title={t('form.editTitle')} description={fund.data?.name} />
      {fund.isPending ? (
        <Skeleton shape="block" height="240px" />
      ) : fund.isError ? (
        <>
          <Banner tone="danger">{errorMessage(t, fund.error)}</Banner>
          <Link to="/dashboard/funds/">{t('fund.back')}</Link>
        </>
      ) : fund.data.managedByMe ? (
        <FundForm fund={fund.data} />
      ) : (
        <Banner tone="warning">{t('form.notManager')}</Banner>
      )}
    </div>
  );
}
