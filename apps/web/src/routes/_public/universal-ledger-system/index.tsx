import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '#/features/public/components/product-page.tsx';

export const Route = createFileRoute('/_public/universal-ledger-system/')({
  component: () => <ProductPage page="universalLedgerSystem" />,
});
