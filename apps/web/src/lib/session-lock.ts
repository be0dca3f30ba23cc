/**
 * Reading the session one tab at a time. The tabs of this site share one refresh token (in cookies); when the
 * access token expires, each open tab refreshes it at once (their live sockets close at its expiry together), and a
 * refresh rotates the refresh token. A tab presenting the token another tab has just rotated is signed out by an
 * identity service without a reuse grace (a managed Cognito pool may have none), and signs the other tab out too.
 * Under this lock the second tab waits for the first tab's refresh, then reads the new tokens from the cookies.
 */

/** The Web Locks name every tab of this origin shares. */
export const SESSION_LOCK_NAME = 'tessera.session';

/**
 * How long a tab waits for another tab's refresh before going ahead without the lock: a hung request elsewhere
 * must not freeze this tab (the identity service's reuse grace then covers the overlap).
 */
export const SESSION_LOCK_WAIT_MS = 10_000;

/** The part of the Web Locks API the lock needs (navigator.locks). */
export interface SessionLocks {
  request<T>(name: string, options: { signal?: AbortSignal }, work: () => Promise<T>): Promise<T>;
}

/** Runs `work` (reading or refreshing the session) while no other tab of this site does. */
export async function withSessionLock<T>(
  work: () => Promise<T>,
  locks: SessionLocks | undefined = globalThis.navigator?.locks as SessionLocks | undefined,
): Promise<T> {
  if (!locks) {
    return work();
  }
  try {
    return await locks.request(
      SESSION_LOCK_NAME,
      { signal: AbortSignal.timeout(SESSION_LOCK_WAIT_MS) },
      work,
    );
  } catch (error) {
    // Only the wait is given up on; an error of `work` itself is the caller's to see.
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return work();
    }
    throw error;
  }
}
