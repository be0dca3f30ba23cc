/**
 * What every call to the public market services shares: their configuration keys, the shapes of the catalog's
 * answers, the callers bound once per API client and the query keys (every key starts with `markets`). One file
 * per endpoint beside this one exports its fetcher and query options. Candles, books and trades are read into
 * component state rather than the query cache (they change many times a second and would only bloat the
 * persisted cache).
 */
import { useRouter } from '@tanstack/react-router';
import type { InstrumentInfo, SourceInfo } from '@tessera/contracts';
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
export const CATALOG_STALE_TIME_MS = 5 * 60_000;
