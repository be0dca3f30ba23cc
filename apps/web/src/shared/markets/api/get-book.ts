import type { BookResponse, ProductId } from '@tessera/contracts';
import type { ServiceCall } from './markets-request.ts';

/** GET /book/:productId: the product's order book. */
export function getBook(call: ServiceCall, productId: ProductId, signal?: AbortSignal) {
  return call<BookResponse>(`/book/${encodeURIComponent(productId)}`, { signal }).then(
    (answer) => answer.book,
  );
}
