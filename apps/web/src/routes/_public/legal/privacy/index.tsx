import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '#/features/public/components/legal-page.tsx';

export const Route = createFileRoute('/_public/legal/privacy/')({
  component: () => <LegalPage page="privacy" />,
});
