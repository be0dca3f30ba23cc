import { queryOptions } from '@tanstack/react-query';
import {
  CATALOG_STALE_TIME_MS,
  marketKeys,
  type InstrumentsPage,
  type ServiceCall,
} from './markets-request.ts';

/** Search results: the longest text the catalog accepts. */
export const INSTRUMENT_SEARCH_MAX_CHARS = 50;
export const INSTRUMENT_SEARCH_LIMIT = 10;

/** Instruments whose symbol or name matches `text` (GET /instruments?q=). */
export function instrumentSearchQueryOptions(call: ServiceCall, text: string) {
  const q = text.trim().slice(0, INSTRUMENT_SEARCH_MAX_CHARS);
  return queryOptions({
    queryKey: marketKeys.search(q),
    queryFn: ({ signal }) =>
      call<InstrumentsPage>(
        `/instruments?${new URLSearchParams({ q, limit: String(INSTRUMENT_SEARCH_LIMIT) }).toString()}`,
        { signal },
      ).then((page) => page.items),
    enabled: q.length > 0,
    staleTime: CATALOG_STALE_TIME_MS,
  });
}
