import { DEFAULT_PRODUCT, isProductId, type ProductId } from '@tessera/contracts';

/** Spec section 3: the last used trading product is remembered in localStorage under `lastProduct`. */
export const LAST_PRODUCT_STORAGE_KEY = 'lastProduct';

/** The stored last product when it is still valid, else AAPL_cboe. */
export function fallbackProduct(): ProductId {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_PRODUCT_STORAGE_KEY);
  return isProductId(stored) ? stored : DEFAULT_PRODUCT;
}

/** Remembers the product the customer is looking at. */
export function rememberProduct(product: ProductId): void {
  localStorage.setItem(LAST_PRODUCT_STORAGE_KEY, product);
}
