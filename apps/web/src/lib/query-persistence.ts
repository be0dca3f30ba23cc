/**
 * The persisted query cache (spec section 9: localStorage under an offline-cache key, writes throttled to one a
 * second, discarded after 24 h), kept out of the first load of the public pages (src/start-app.tsx): a page
 * rendered afresh restores it through the provider before its queries run; a hydrated public page starts
 * persisting once it has data worth keeping.
 */
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { OFFLINE_CACHE_KEY, OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_THROTTLE_MS } from './query-client.ts';

export { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';

/** The localStorage persister under the offline-cache key. */
export function createPersister() {
  return createSyncStoragePersister({
    storage: window.localStorage,
    key: OFFLINE_CACHE_KEY,
    throttleTime: OFFLINE_CACHE_THROTTLE_MS,
  });
}

/** The provider's options: the localStorage persister and the maximum age. */
export function persistOptions() {
  return { persister: createPersister(), maxAge: OFFLINE_CACHE_MAX_AGE_MS };
}

/**
 * Restores the persisted cache into `queryClient` (what it already holds and is newer stays) and then saves it
 * on every change, as the provider does, for a tree rendered without the provider. Resolves once restored.
 */
export function persistQueries(queryClient: QueryClient): Promise<void> {
  // The persist packages are typed against their own (older) copy of query-core; the client is the same shape,
  // as PersistQueryClientProvider's own call shows.
  const client = queryClient as unknown as Parameters<typeof persistQueryClient>[0]['queryClient'];
  const [, restored] = persistQueryClient({ queryClient: client, ...persistOptions() });
  return restored;
}
