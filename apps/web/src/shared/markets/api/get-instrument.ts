import { queryOptions } from '@tanstack/react-query';
import type { ProductId } from '@tessera/contracts';
import { marketKeys, type InstrumentDetails, type ServiceCall } from './markets-request.ts';

/** One instrument with its venue's calendar (GET /instruments/:id). */
export function instrumentQueryOptions(call: ServiceCall, productId: ProductId) {
  return queryOptions({
    queryKey: marketKeys.instrument(productId),
    queryFn: ({ signal }) =>
      call<InstrumentDetails>(`/instruments/${encodeURIComponent(productId)}`, { signal }),
    staleTime: 60_000,
  });
}
