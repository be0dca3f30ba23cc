/**
 * Public market data as the trading and market pages read it: the instrument catalog (market-data-info), quotes,
 * books, trades, market status and the overview (market-data), and candles (time-series). One fetcher per
 * endpoint with its query options where the answer is small and worth keeping; candles, books and trades are
 * read into component state instead (they change many times a second and would only bloat the persisted cache).
 */
import { queryOptions } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type {
  BookResponse,
  CandleInterval,
  CandlesResponse,
  InstrumentInfo,
  MarketOverview,
  MarketStatusResponse,
  ProductId,
  QuoteResponse,
  QuotesResponse,
  SourceInfo,
  TradesResponse,
} from '@tessera/contracts';
import type { ApiClient, ApiRequest } from '../../../lib/api.ts';

/** Runtime configuration keys of the three services (packages/platform config, `serviceUrls`). */
export const MARKET_DATA_INFO_SERVICE = 'marketDataInfo';
export const MARKET_DATA_SERVICE = 'marketData';
export const TIME_SERIES_SERVICE = 'timeSeries';

/**
 * One instrument as GET /api/market-data-info/instruments answers it: the catalog's shape from contracts
 * (packages/contracts/src/market-data-info.ts) and whether its venue is trading now.
 */
export type InstrumentView = InstrumentInfo & {
  /** Whether its venue is trading now. */
  open: boolean;
};

/** A venue with its calendar, as GET /instruments/:id answers it: the contracts' venue and its sessions. */
export type SourceView = SourceInfo & {
  country: string | null;
  regularSession: { opensAt: string; closesAt: string };
  holidays: Array<{ date: string; name: string; closesAt: string | null }>;
  open: boolean;
};

export interface InstrumentsPage {
  items: InstrumentView[];
  nextCursor: string | null;
}

export interface InstrumentDetails {
  instrument: InstrumentView;
  source: SourceView;
}

/** A bound caller of one service. */
export type ServiceCall = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** The three public market services' callers from the router context. */
export function useMarketCalls(): MarketCalls {
  const router = useRouter();
  return marketCalls(router.options.context.api);
}

export interface MarketCalls {
  info: ServiceCall;
  data: ServiceCall;
  series: ServiceCall;
}

const callers = new WeakMap<ApiClient, MarketCalls>();

/** The three callers bound to one API client, made once per client (stable across renders and loaders). */
export function marketCalls(api: ApiClient): MarketCalls {
  let calls = callers.get(api);
  if (!calls) {
    calls = {
      info: (path, request) => api(MARKET_DATA_INFO_SERVICE, path, request),
      data: (path, request) => api(MARKET_DATA_SERVICE, path, request),
      series: (path, request) => api(TIME_SERIES_SERVICE, path, request),
    };
    callers.set(api, calls);
  }
  return calls;
}

export const marketKeys = {
  all: ['markets'] as const,
  search: (text: string) => ['markets', 'instruments', 'search', text] as const,
  instrumentList: () => ['markets', 'instruments', 'all'] as const,
  instrument: (productId: string) => ['markets', 'instrument', productId] as const,
  overview: () => ['markets', 'overview'] as const,
  status: (productId: string) => ['markets', 'status', productId] as const,
  quotes: (productIds: readonly string[]) => ['markets', 'quotes', [...productIds].sort().join(',')] as const,
};

/** Reference data changes with deployments only. */
const CATALOG_STALE_TIME_MS = 5 * 60_000;
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

/** One instrument with its venue's calendar (GET /instruments/:id). */
export function instrumentQueryOptions(call: ServiceCall, productId: ProductId) {
  return queryOptions({
    queryKey: marketKeys.instrument(productId),
    queryFn: ({ signal }) =>
      call<InstrumentDetails>(`/instruments/${encodeURIComponent(productId)}`, { signal }),
    staleTime: 60_000,
  });
}

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

/** The overview of /dashboard/market/ (GET /overview), refreshed every few seconds while shown. */
export function overviewQueryOptions(call: ServiceCall) {
  return queryOptions({
    queryKey: marketKeys.overview(),
    queryFn: ({ signal }) => call<MarketOverview>('/overview?limit=5', { signal }),
    refetchInterval: 5_000,
  });
}

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

export function getBook(call: ServiceCall, productId: ProductId, signal?: AbortSignal) {
  return call<BookResponse>(`/book/${encodeURIComponent(productId)}`, { signal }).then(
    (answer) => answer.book,
  );
}

export function getTrades(call: ServiceCall, productId: ProductId, limit: number, signal?: AbortSignal) {
  return call<TradesResponse>(`/trades/${encodeURIComponent(productId)}?limit=${limit}`, { signal }).then(
    (answer) => answer.items,
  );
}

/** The latest `limit` candles of an interval, oldest first (GET /api/time-series/candles/:productId). */
export function getCandles(
  call: ServiceCall,
  productId: ProductId,
  interval: CandleInterval,
  limit: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ interval, limit: String(limit) });
  return call<CandlesResponse>(`/candles/${encodeURIComponent(productId)}?${query.toString()}`, { signal });
}
