import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '#/lib/api.ts';
import { boundedIndex, type SearchInput } from '#/lib/search-params.ts';
import { WALLET_TABS } from '#/features/wallets/lib/wallet-tabs.ts';
import { ErrorPage } from '#/features/errors/components/error-page.tsx';
import { WalletPage, WalletPending, WalletUnavailable } from '#/features/wallets/components/wallet-page.tsx';

// The spec leaves `to` open; PRODUCT.md makes it the index of the selected tab (0 activity, 1 details,
// 2 statements), falling back to 0.
export const Route = createFileRoute('/_protected/dashboard/wallets/$id/')({
  validateSearch: (raw: SearchInput) => ({ to: boundedIndex(raw['to'], WALLET_TABS.length, 0) }),
  loader: ({ context, params }) =>
    import('#/features/wallets/api/load-wallets.ts').then((m) => m.loadWallet(context, params.id)),
  pendingComponent: WalletPending,
  errorComponent: WalletError,
  component: Wallet,
});

function Wallet() {
  const { to } = Route.useSearch();
  const { id } = Route.useParams();
  return <WalletPage walletId={id} tabIndex={to} />;
}

/** The wallets could not be read: the page says the wallet is unavailable; anything else is the error page. */
function WalletError(props: ErrorComponentProps) {
  return props.error instanceof ApiError ? (
    <WalletUnavailable error={props.error} />
  ) : (
    <ErrorPage {...props} />
  );
}
