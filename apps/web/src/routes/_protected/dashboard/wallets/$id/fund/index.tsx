import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '#/lib/api.ts';
import type { SearchInput } from '#/lib/search-params.ts';
import { ErrorPage } from '#/features/errors/components/error-page.tsx';
import { FundPage, FundPending, FundWalletMissing } from '#/features/wallets/components/fund-page.tsx';

const DEPOSIT_ID = /^[0-9a-f-]{8,64}$/i;

// The payment processor's 3-D Secure page returns here with `cardDeposit=<deposit id>&threeDS=approved|failed`
// (the card deposit's returnUrl); anything else is ignored.
export const Route = createFileRoute('/_protected/dashboard/wallets/$id/fund/')({
  validateSearch: (raw: SearchInput): { cardDeposit?: string } => {
    const value = raw['cardDeposit'];
    return typeof value === 'string' && DEPOSIT_ID.test(value) ? { cardDeposit: value } : {};
  },
  loader: ({ context, params }) =>
    import('#/features/wallets/api/load-wallets.ts').then((m) => m.loadFundWallet(context, params.id)),
  pendingComponent: FundPending,
  errorComponent: FundError,
  component: Fund,
});

function Fund() {
  const { id } = Route.useParams();
  const { cardDeposit } = Route.useSearch();
  return <FundPage walletId={id} returningDepositId={cardDeposit ?? null} />;
}

/** The wallets could not be read: the page says so in place; anything else is the error page. */
function FundError(props: ErrorComponentProps) {
  return props.error instanceof ApiError ? (
    <FundWalletMissing error={props.error} />
  ) : (
    <ErrorPage {...props} />
  );
}
