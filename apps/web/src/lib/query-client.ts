/**
 * TanStack Query defaults of spec section 9: inactive data kept 5 minutes; 3 retries with exponential delay
 * from 1 s capped at 30 s; the cache persisted in localStorage under an offline-cache key, throttled to one
 * write per second, discarded after 24 h (the persister is in query-persistence.ts, loaded apart).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isInvalidSession } from './auth.ts';

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_FIRST_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const OFFLINE_CACHE_KEY = 'tessera-offline-cache';
export const OFFLINE_CACHE_THROTTLE_MS = 1000;
export const OFFLINE_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Exponential retry delay: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(QUERY_RETRY_FIRST_DELAY_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_DELAY_MS);
}

/**
 * The app's query client. Any query or mutation failing with an invalid-session message (spec section 8) calls
 * `onInvalidSession`, which signs the customer out and clears the caches.
 */
export function createQueryClient(onInvalidSession: (error: unknown) => void = () => {}): QueryClient {
  const onError = (error: unknown) => {
    if (isInvalidSession(error)) {
      onInvalidSession(error);
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        // An invalid session will not get better by retrying.
        retry: (failureCount, error) => !isInvalidSession(error) && failureCount < QUERY_RETRY_COUNT,
        retryDelay: retryDelayMs,
      },
    },
  });
}
