import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, SegmentedControl } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { FundForm } from '#/features/funds/components/fund-form.tsx';
import { TokenForm } from '#/features/funds/components/token-form.tsx';
import '#/features/funds/components/funds.css';

export const Route = createFileRoute('/_protected/dashboard/funds/add/')({
  component: AddFund,
});

/** /dashboard/funds/add/: a fund (a basket of instruments) or an issuer token (no basket, a par value). */
function AddFund() {
  const { t } = useTranslation('funds');
  const [asset, setAsset] = useState<'fund' | 'token'>('fund');
  usePageTitle(t(asset === 'fund' ? 'form.createTitle' : 'tokens.create.title'));
  return (
    <div className="app-page">
      <PageHeader
        title={t(asset === 'fund' ? 'form.createTitle' : 'tokens.create.title')}
        description={t(asset === 'fund' ? 'form.createDescription' : 'tokens.create.description')}
      />
      <SegmentedControl
        label={t('tokens.create.choice')}
        options={[
          { value: 'fund', label: t('tokens.create.fund') },
          { value: 'token', label: t('tokens.create.token') },
        ]}
        value={asset}
        onValueChange={setAsset}
      />
      {asset === 'fund' ? <FundForm /> : <TokenForm />}
    </div>
  );
}
