/** Spec section 4: auto sign-in after confirmation polls every 5 seconds for up to 180 seconds. */
export const AUTO_SIGN_IN_POLL_MS = 5000;
export const AUTO_SIGN_IN_LIMIT_MS = 180_000;

/**
 * Calls `attempt` until it succeeds, waiting `pollMs` between tries, and gives up after `limitMs` (rethrowing the
 * last failure). `sleep` is injectable so the schedule can be tested without waiting.
 */
export async function pollUntilSignedIn<T>(
  attempt: () => Promise<T>,
  options: {
    pollMs?: number;
    limitMs?: number;
    /** Which failures are worth waiting out (an account not confirmed yet, the network); others end at once. */
    retryIf?: (error: unknown) => boolean;
    sleep?: (ms: number) => Promise<void>;
    now?: () => number;
  } = {},
): Promise<T> {
  const pollMs = options.pollMs ?? AUTO_SIGN_IN_POLL_MS;
  const limitMs = options.limitMs ?? AUTO_SIGN_IN_LIMIT_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const startedMs = now();
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(options.retryIf?.(error) ?? true) || now() - startedMs + pollMs > limitMs) {
        throw error;
      }
      await sleep(pollMs);
    }
  }
}
