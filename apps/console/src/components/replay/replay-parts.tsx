import { Link } from '@tanstack/react-router';
import { Alert, Button, PageHeader } from '@tessera/ui';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** The translation key (replay namespace) of an error of the ingest's staff routes. */
export function replayErrorKey(error: unknown): string {
  const known = [
    'FORBIDDEN',
    'UNAUTHENTICATED',
    'STAFF_REASON_REQUIRED',
    'REPLAY_SESSION_NOT_FOUND',
    'VALIDATION_FAILED',
    'RATE_LIMITED',
  ];
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  return `errors.${known.includes(code) ? code : 'INTERNAL'}`;
}

/** What a staff member outside support_agent and admin sees at a sessions address: nothing is read. */
export function ReplayNotAllowed() {
  const { t } = useTranslation('replay');
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
