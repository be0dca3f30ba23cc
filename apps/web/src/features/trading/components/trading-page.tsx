import { useEffect } from 'react';
import type { ProductId } from '@tessera/contracts';
import { rememberProduct } from '#/lib/last-product.ts';
import { ComingSoonPage } from '#/components/coming-soon-page.tsx';

/** /dashboard/trading/: remembers the product under lastProduct (spec section 3). */
export function TradingPage({ product }: { product: ProductId }) {
  useEffect(() => rememberProduct(product), [product]);
  return <ComingSoonPage area="trading" values={{ product }} />;
}
