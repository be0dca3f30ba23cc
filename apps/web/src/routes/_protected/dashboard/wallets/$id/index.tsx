import { createFileRoute } from '@tanstack/react-router';
import { boundedIndex, type SearchInput } from '#/lib/search-params.ts';
import { WALLET_TABS } from '#/features/wallets/lib/wallet-tabs.ts';
import { WalletPage } from '#/features/wallets/components/wallet-page.tsx';

// The spec leaves `to` open; PRODUCT.md makes it the index of the selected tab (0 activity, 1 details,
// 2 statements), falling back to 0.
export const Route = createFileRoute('/_protected/dashboard/wallets/$id/')({
  validateSearch: (raw: SearchInput) => ({ to: boundedIndex(raw['to'], WALLET_TABS.length, 0) }),
  component: Wallet,
});

function Wallet() {
  const { to } = Route.useSearch();
  const { id } = Route.useParams();
  return <WalletPage walletId={id} tabIndex={to} />;
}
