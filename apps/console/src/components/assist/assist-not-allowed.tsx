import { Link } from '@tanstack/react-router';
import { Alert, Button, PageHeader } from '@tessera/ui';
import { useTranslation } from '../../lib/i18n.ts';

/** What a staff member outside support_agent and admin sees at a live-assist address: nothing is read. */
export function AssistNotAllowed({ title }: { title: 'list.title' | 'stats.title' }) {
  const { t } = useTranslation('assist');
  return (
    <>
      <PageHeader title={t(title)} />
      <Alert tone="warning">{t('notAllowed')}</Alert>
      <div>
        <Button asChild variant="secondary">
          <Link to="/home">{t('home')}</Link>
        </Button>
      </div>
    </>
  );
}
