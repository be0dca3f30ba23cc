import { createFileRoute } from '@tanstack/react-router';
import type { SearchInput } from '#/lib/search-params.ts';
import { FundPage } from '#/features/wallets/components/fund-page.tsx';

const DEPOSIT_ID = /^[0-9a-f-]{8,64}$/i;

// The payment processor's 3-D Secure page returns here with `cardDeposit=<deposit id>&threeDS=approved|failed`
// (the card deposit's returnUrl); anything else is ignored.
export const Route = createFileRoute('/_protected/dashboard/wallets/$id/fund/')({
  validateSearch: (raw: SearchInput): { cardDeposit?: string } => {
    const value = raw['cardDeposit'];
    return typeof value === 'string' && DEPOSIT_ID.test(value) ? { cardDeposit: value } : {};
  },
  component: Fund,
});

function Fund() {
  const { id } = Route.useParams();
  const { cardDeposit } = Route.useSearch();
  return <FundPage walletId={id} returningDepositId={cardDeposit ?? null} />;
}
