import { createFileRoute } from '@tanstack/react-router';
import { MarketPage } from '#/features/market/components/market-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/market/')({
  loader: ({ context }) => import('#/features/market/api/load-market.ts').then((m) => m.loadMarket(context)),
  component: MarketPage,
});
