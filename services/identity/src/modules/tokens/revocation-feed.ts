/**
 * Revocations announced inside this process. GlobalSignOut and RevokeToken write to the database (which other
 * processes poll) and announce here, so every verifier of this process refuses the session's access tokens at
 * once rather than at its next poll. Session ids are random UUIDs, so one process-wide feed is safe even when
 * several identity instances share a process (tests).
 */
type Listener = (originJtis: readonly string[]) => void;

const listeners = new Set<Listener>();

/** Tells every verifier of this process that these sessions are revoked. */
export function announceRevocations(originJtis: readonly string[]): void {
  if (originJtis.length === 0) {
    return;
  }
  for (const listener of listeners) {
    listener(originJtis);
  }
}

/** Subscribes to revocations announced in this process; returns the unsubscribe function. */
export function onRevocations(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
