import { Link } from '@tanstack/react-router';
import type { UxtTestStatus } from '@tessera/contracts';
import { Alert, Badge, Button, PageHeader } from '@tessera/ui';
import { useTranslation } from '../../lib/i18n.ts';
import { testTone } from './studio-format.ts';

/** What a staff member outside ux_researcher and admin sees at a studio address: nothing is read. */
export function StudioNotAllowed() {
  const { t } = useTranslation('studio');
  return (
    <>
      <PageHeader title={t('list.title')} />
      <Alert tone="warning">{t('notAllowed')}</Alert>
      <div>
        <Button asChild variant="secondary">
          <Link to="/home">{t('home')}</Link>
        </Button>
      </div>
    </>
  );
}

export function TestStatusBadge({ status }: { status: UxtTestStatus }) {
  const { t } = useTranslation('studio');
  return <Badge tone={testTone(status)}>{t(`status.${status}`)}</Badge>;
}

/** The way back to the list, above a test's pages. */
export function BackToTests() {
  const { t } = useTranslation('studio');
  return <Link to="/studio">{t('backToList')}</Link>;
}
