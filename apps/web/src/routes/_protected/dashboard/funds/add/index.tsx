import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { FundForm } from '#/features/funds/components/fund-form.tsx';
import '#/features/funds/components/funds.css';

export const Route = createFileRoute('/_protected/dashboard/funds/add/')({
  component: AddFund,
});

function AddFund() {
  const { t } = useTranslation('funds');
  usePageTitle(t('form.createTitle'));
  return (
    <div className="app-page">
      <PageHeader title={t('form.createTitle')} description={t('form.createDescription')} />
      <FundForm />
    </div>
  );
}
