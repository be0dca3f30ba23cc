import { createFileRoute } from '@tanstack/react-router';
import { Alert, Card, PageHeader } from '@tessera/ui';
import { useTranslation } from '../../lib/i18n.ts';

export const Route = createFileRoute('/_staff/home')({
  validateSearch: (search: Record<string, unknown>): { refused?: 'admin' } =>
    search['refused'] === 'admin' ? { refused: 'admin' } : {},
  component: HomePage,
});

function HomePage() {
  const { t } = useTranslation();
  const { session } = Route.useRouteContext();
  const { refused } = Route.useSearch();
  return (
    <>
      {refused ? <Alert tone="warning">{t('guard.adminOnly')}</Alert> : null}
      <PageHeader title={t('home.title')} description={t('home.lead', { email: session.email })} />
      <Card title={t('home.groupsTitle')} headingLevel={2}>
        <ul className="console-list">
          {session.groups.map((group) => (
            <li key={group}>
              <strong>{t(`groups.${group}`)}</strong>: {t(`groupsHelp.${group}`)}
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
