import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while pre-rendering and during hydration, true afterwards: for parts that depend on the browser (stored
 * theme, the page's origin) and so cannot be in the pre-rendered HTML without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
