import { createFileRoute } from '@tanstack/react-router';
import { HelpPlaceholderPage } from '#/features/help/components/help-placeholder-page.tsx';

export const Route = createFileRoute('/_public/help/article/$categoryId/$categoryName/$id/$title/')({
  component: () => <HelpPlaceholderPage />,
});
