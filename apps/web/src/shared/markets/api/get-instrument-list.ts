import { useCallback, useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CATALOG_STALE_TIME_MS,
  marketKeys,
  type InstrumentView,
  type InstrumentsPage,
  type ServiceCall,
  useMarketCalls,
} from './markets-request.ts';

/** The whole catalog (under a thousand instruments), read page by page. */
export function instrumentListQueryOptions(call: ServiceCall) {
  return queryOptions({
    queryKey: marketKeys.instrumentList(),
    queryFn: async ({ signal }) => {
      const items: InstrumentView[] = [];
      let cursor: string | null = null;
      // Bounded: ten pages of a hundred is more than the catalog holds.
      for (let page = 0; page < 10; page += 1) {
        const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
        const answer: InstrumentsPage = await call<InstrumentsPage>(`/instruments?${query.toString()}`, {
          signal,
        });
        items.push(...answer.items);
        cursor = answer.nextCursor;
        if (cursor === null) {
          break;
        }
      }
      return items;
    },
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

/**
 * The catalog's instrument of a product id, once the catalog is read (cached for minutes, shared by every panel):
 * what a table row needs to show a price on its tick and a name rather than an id.
 */
export function useInstrumentOf(): (productId: string) => InstrumentView | undefined {
  const catalog = useQuery(instrumentListQueryOptions(useMarketCalls().info));
  const items = catalog.data;
  const byId = useMemo(() => new Map((items ?? []).map((item) => [item.id as string, item])), [items]);
  return useCallback((productId: string) => byId.get(productId), [byId]);
}
