import { Link } from '@tanstack/react-router';
import { Badge, Button, Card, PageHeader } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/** /assistant/: outside the dashboard layout; says plainly that the assistant is coming. */
export function AssistantPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <main id="main" className="app-standalone">
      <PageHeader title={t('dashboard:areas.assistant.title')} />
      <Card className="app-coming">
        <Badge tone="info">{t('common:comingSoon.badge')}</Badge>
        <p>{t('dashboard:areas.assistant.text')}</p>
      </Card>
      <Button asChild variant="secondary">
        <Link to="/dashboard/home/">{t('common:actions.dashboard')}</Link>
      </Button>
    </main>
  );
}
