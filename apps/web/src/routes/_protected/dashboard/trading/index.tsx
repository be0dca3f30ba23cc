import { createFileRoute } from '@tanstack/react-router';
import { isProductId } from '@tessera/contracts';
import type { SearchInput } from '#/lib/search-params.ts';
import { fallbackProduct } from '#/features/trading/lib/last-product.ts';
import { TradingPage } from '#/features/trading/components/trading-page.tsx';

// Spec section 5: an invalid or missing product falls back to the stored last product, else AAPL_cboe.
export const Route = createFileRoute('/_protected/dashboard/trading/')({
  validateSearch: (raw: SearchInput) => ({
    product: isProductId(raw['product']) ? raw['product'] : fallbackProduct(),
  }),
  loaderDeps: ({ search }) => ({ product: search.product }),
  loader: ({ context, deps }) =>
    import('#/features/trading/api/load-trading.ts').then((m) => m.loadTrading(context, deps.product)),
  component: Trading,
});

function Trading() {
  const { product } = Route.useSearch();
  return <TradingPage product={product} />;
}
