import { createFileRoute } from '@tanstack/react-router';
import { HelpPlaceholderPage } from '#/features/help/components/help-placeholder-page.tsx';

export const Route = createFileRoute('/_public/help/category/$id/$name/')({
  component: () => <HelpPlaceholderPage />,
});
