import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { AssistantPage } from '#/features/assistant/components/assistant-page.tsx';

export const Route = createFileRoute('/_protected/assistant/')({ component: Assistant });

function Assistant() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('nav.assistant'));
  return <AssistantPage />;
}
