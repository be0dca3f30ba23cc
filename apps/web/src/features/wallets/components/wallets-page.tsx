import { ComingSoonPage } from '#/components/coming-soon-page.tsx';

/** /dashboard/wallets/: action=new opens wallet creation, action=transfer the cash transfer modal. */
export function WalletsPage({ action }: { action: 'new' | 'transfer' }) {
  return <ComingSoonPage area={action === 'transfer' ? 'walletsTransfer' : 'walletsNew'} />;
}
