import { createFileRoute } from '@tanstack/react-router';
import type { SearchInput } from '#/lib/search-params.ts';
import { HelpPlaceholderPage } from '#/features/help/components/help-placeholder-page.tsx';

export const Route = createFileRoute('/_public/help/search/')({
  validateSearch: (raw: SearchInput) => ({ q: typeof raw['q'] === 'string' ? raw['q'].slice(0, 200) : '' }),
  component: HelpSearch,
});

function HelpSearch() {
  const { q } = Route.useSearch();
  return <HelpPlaceholderPage query={q} />;
}
