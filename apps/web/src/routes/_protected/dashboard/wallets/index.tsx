import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { oneOf, type SearchInput } from '#/lib/search-params.ts';
import { WalletsPage } from '#/features/wallets/components/wallets-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/wallets/')({
  validateSearch: (raw: SearchInput) => ({
    action: oneOf(raw['action'], ['new', 'transfer'] as const, 'new'),
  }),
  loader: ({ context }) =>
    import('#/features/wallets/api/load-wallets.ts').then((m) => m.loadWalletList(context)),
  component: Wallets,
});

function Wallets() {
  const { action } = Route.useSearch();
  const { t } = useTranslation('dashboard');
  usePageTitle(t('nav.wallets'));
  return <WalletsPage action={action} />;
}
