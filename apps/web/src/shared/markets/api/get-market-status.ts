import { queryOptions } from '@tanstack/react-query';
import type { MarketStatusResponse, ProductId } from '@tessera/contracts';
import { marketKeys, type ServiceCall } from './markets-request.ts';

/** Whether the product trades now, and its current and next session (GET /status/:productId). */
export function marketStatusQueryOptions(call: ServiceCall, productId: ProductId) {
  return queryOptions({
    queryKey: marketKeys.status(productId),
    queryFn: ({ signal }) =>
      call<MarketStatusResponse>(`/status/${encodeURIComponent(productId)}`, { signal }).then(
        (answer) => answer.status,
      ),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
