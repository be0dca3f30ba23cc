/**
 * Fixed one-minute windows counted in this process's memory, per key (a session or a client address), at most
 * `maxKeys` keys at once (the oldest forgotten first), so a flood of keys cannot grow memory without bound.
 */
export class RateWindows {
  readonly #counts = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one request for `key`; the seconds to wait when over the limit, else undefined. */
  take(key: string, nowMs: number): number | undefined {
    const windowStart = nowMs - (nowMs % this.windowMs);
    const entry = this.#counts.get(key);
    if (entry === undefined || entry.windowStart !== windowStart) {
      this.#counts.delete(key);
      if (this.#counts.size >= this.maxKeys) {
        const oldest = this.#counts.keys().next().value;
        if (oldest !== undefined) {
          this.#counts.delete(oldest);
        }
      }
      this.#counts.set(key, { windowStart, count: 1 });
      return undefined;
    }
    entry.count += 1;
    if (entry.count > this.limit) {
      return Math.max(1, Math.ceil((windowStart + this.windowMs - nowMs) / 1000));
    }
    return undefined;
  }
}
