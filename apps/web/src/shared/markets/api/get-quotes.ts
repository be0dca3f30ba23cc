import { queryOptions } from '@tanstack/react-query';
import type { ProductId, QuoteResponse, QuotesResponse } from '@tessera/contracts';
import { marketKeys, type ServiceCall } from './markets-request.ts';

/** Quotes of several products at once (GET /quotes?productIds=). */
export function quotesQueryOptions(call: ServiceCall, productIds: readonly ProductId[]) {
  return queryOptions({
    queryKey: marketKeys.quotes(productIds),
    queryFn: ({ signal }) =>
      call<QuotesResponse>(`/quotes?productIds=${productIds.map(encodeURIComponent).join(',')}`, {
        signal,
      }).then((answer) => answer.items),
    enabled: productIds.length > 0,
  });
}

export function getQuote(call: ServiceCall, productId: ProductId, signal?: AbortSignal) {
  return call<QuoteResponse>(`/quotes/${encodeURIComponent(productId)}`, { signal }).then(
    (answer) => answer.quote,
  );
}
