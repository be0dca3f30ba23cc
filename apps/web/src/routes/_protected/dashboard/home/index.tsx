import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import type { SearchInput } from '#/lib/search-params.ts';
import { DashboardHomePage } from '#/features/home/components/dashboard-home-page.tsx';

// Spec section 2: origin is optional and its only value is deposit_success.
export const Route = createFileRoute('/_protected/dashboard/home/')({
  validateSearch: (raw: SearchInput): { origin?: 'deposit_success' } =>
    raw['origin'] === 'deposit_success' ? { origin: 'deposit_success' } : {},
  // Imported when the route loads, so the dashboard's data code stays out of the public pages' first load.
  loader: ({ context }) =>
    import('#/features/home/api/load-dashboard-home.ts').then((m) => m.loadDashboardHome(context)),
  component: Home,
});

function Home() {
  const { origin } = Route.useSearch();
  const { t } = useTranslation('dashboard');
  usePageTitle(t('nav.home'));
  return <DashboardHomePage depositSucceeded={origin === 'deposit_success'} />;
}
