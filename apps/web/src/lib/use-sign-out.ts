import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { OFFLINE_CACHE_KEY } from './query-client.ts';

/** Signs out, clears every cached query (memory and the offline cache) and returns to /login. */
export function useSignOut(): () => Promise<void> {
  const router = useRouter();
  return useCallback(async () => {
    const { auth, queryClient } = router.options.context;
    await auth.signOut();
    queryClient.clear();
    localStorage.removeItem(OFFLINE_CACHE_KEY);
    await router.invalidate();
    await router.navigate({ to: '/login' });
  }, [router]);
}
