import { Link } from '@tanstack/react-router';
import { Alert, Button, PageHeader } from '@tessera/ui';
import { useTranslation } from '../../lib/i18n.ts';

/** What a staff member outside kyc_reviewer and admin sees at a KYC address: no data is read. */
export function KycNotReviewer() {
  const { t } = useTranslation('kyc');
  return (
    <>
      <PageHeader title={t('notReviewer.title')} />
      <Alert tone="warning">{t('notReviewer.lead')}</Alert>
      <div>
        <Button asChild variant="secondary">
          <Link to="/home">{t('notReviewer.home')}</Link>
        </Button>
      </div>
    </>
  );
}
