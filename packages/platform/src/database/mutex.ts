/**
 * A first-come, first-served lock with a bounded queue and a bounded wait.
 */

/** Options of {@link Mutex}. */
export interface MutexOptions {
  /** How long `acquire` waits before it rejects; a wait this long means a transaction is stuck or nested. */
  acquireTimeoutMs: number;
  /** How many callers may wait at once before `acquire` rejects straight away. */
  waitersMax: number;
}

/** A FIFO mutex: `acquire()` resolves with a release function once the caller holds the lock. */
export class Mutex {
  readonly #options: MutexOptions;
  readonly #waiters: Array<{ grant: () => void }> = [];
  #held = false;

  constructor(options: MutexOptions) {
    this.#options = options;
  }

  /** True while someone holds the lock. */
  get held(): boolean {
    return this.#held;
  }

  /** Waits for the lock; the returned function releases it and must be called exactly once. */
  async acquire(): Promise<() => void> {
    if (!this.#held) {
      this.#held = true;
      return this.#releaser();
    }
    if (this.#waiters.length >= this.#options.waitersMax) {
      throw new Error(
        `Database busy: ${this.#options.waitersMax} callers are already waiting for the connection.`,
      );
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.#releaser());
        },
      };
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) {
          this.#waiters.splice(index, 1);
        }
        reject(
          new Error(
            `Waited ${this.#options.acquireTimeoutMs} ms for the database connection; ` +
              'is a query running outside its transaction while the transaction is open?',
          ),
        );
      }, this.#options.acquireTimeoutMs);
      this.#waiters.push(waiter);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) {
        throw new Error('The database connection was released twice.');
      }
      released = true;
      const next = this.#waiters.shift();
      if (next) {
        next.grant();
      } else {
        this.#held = false;
      }
    };
  }
}
