import { describe, expect, it, vi } from 'vitest';
import { SESSION_LOCK_WAIT_MS, type SessionLocks, withSessionLock } from './session-lock.ts';

/** Web Locks as a browser runs them for one name: one holder at a time, waiters in order, a wait can time out. */
function fakeLocks(): SessionLocks {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, options: { signal?: AbortSignal }, work: () => Promise<T>): Promise<T> {
      const granted = new Promise<void>((resolve, reject) => {
        void tail.then(() => resolve());
        options.signal?.addEventListener('abort', () =>
          reject(new DOMException('The lock request timed out.', 'TimeoutError')),
        );
      });
      const held = granted.then(work);
      tail = held.catch(() => undefined);
      return held;
    },
  };
}

describe('withSessionLock (two tabs refreshing one session)', () => {
  it('never reads the session in two tabs at once (both rotated one refresh token)', async () => {
    const locks = fakeLocks();
    let reading = 0;
    let overlapped = false;
    const read = async () => {
      reading += 1;
      overlapped ||= reading > 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      reading -= 1;
      return 'tokens';
    };
    await Promise.all([withSessionLock(read, locks), withSessionLock(read, locks)]);
    expect(overlapped).toBe(false);
  });

  it('goes ahead without the lock when another tab holds it too long', async () => {
    vi.useFakeTimers();
    try {
      const locks = fakeLocks();
      void withSessionLock(() => new Promise(() => {}), locks);
      const second = withSessionLock(async () => 'read anyway', locks);
      await vi.advanceTimersByTimeAsync(SESSION_LOCK_WAIT_MS + 1);
      await expect(second).resolves.toBe('read anyway');
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes an error of the session read on (Amplify's, not the lock's)", async () => {
    await expect(
      withSessionLock(() => Promise.reject(new Error('Refresh Token has been revoked')), fakeLocks()),
    ).rejects.toThrow('Refresh Token has been revoked');
  });
});
