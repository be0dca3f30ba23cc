import { createFileRoute } from '@tanstack/react-router';
import { HELP_SEARCH_QUERY_MAX_CHARS } from '@tessera/contracts';
import type { SearchInput } from '#/lib/search-params.ts';
import { HelpSearchPage } from '#/features/help/components/help-search-page.tsx';

export const Route = createFileRoute('/_public/help/search/')({
  validateSearch: (raw: SearchInput) => ({
    q: typeof raw['q'] === 'string' ? raw['q'].slice(0, HELP_SEARCH_QUERY_MAX_CHARS) : '',
  }),
  loaderDeps: ({ search }) => ({ q: search.q.trim() }),
  loader: ({ context, deps }) =>
    import('#/features/help/api/help-route-loaders.ts').then((m) => m.loadHelpSearch(context, deps.q)),
  component: HelpSearch,
});

function HelpSearch() {
  const { q } = Route.useSearch();
  return <HelpSearchPage query={q} />;
}
