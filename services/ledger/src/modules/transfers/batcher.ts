/**
 * Group commit, as TigerBeetle's clients batch: callers that write to the same ledgers at the same time share one
 * database write. Per key (a tenant and its set of ledgers) groups are formed in arrival order; whatever arrives
 * while a group runs waits in a bounded queue and forms the next group (up to `groupSizeMax` transfers). An idle key
 * waits at most `maxWaitMs` (default: one event-loop turn) so that callers of the same tick join. One write per group
 * keeps a hot account's row and the ledger's chain head written once per group instead of once per transfer.
 *
 * Pipelining: a runner may call `handOff` once it no longer needs to be alone (the engine does once the group is
 * decided and only its write is left). The next group of the key then starts, so it reads and decides while the
 * previous one writes; at most two groups of a key are in flight (the one before must have ended). A runner that
 * never hands off runs alone, as before.
 */
import { invariant } from '@tessera/money';
import { LedgerBusyError } from '../../errors.ts';

/** Options of {@link GroupBatcher}. */
export interface BatcherOptions {
  /** The most transfers one group (one transaction) carries. */
  readonly groupSizeMax: number;
  /** The most transfers that may wait per key; past it, callers get LEDGER_BUSY at once. */
  readonly queuedSizeMax: number;
  /** How long an idle key waits for company before it runs; 0 means the next turn of the event loop. */
  readonly maxWaitMs: number;
}

interface Entry<Item, Result> {
  readonly item: Item;
  readonly size: number;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: unknown) => void;
}

interface Lane<Item, Result> {
  queue: Array<Entry<Item, Result>>;
  queuedSize: number;
  running: boolean;
  scheduled: boolean;
  /** Set while the drain waits for a new caller or for the last group to end. */
  wake: (() => void) | undefined;
}

/**
 * Runs one group; returns one result per item, in order. `handOff` (idempotent) lets the key's next group start
 * before this one ended.
 */
export type GroupRunner<Item, Result> = (
  key: string,
  items: readonly Item[],
  handOff: () => void,
) => Promise<Result[]>;

export class GroupBatcher<Item, Result> {
  readonly #lanes = new Map<string, Lane<Item, Result>>();
  readonly #options: BatcherOptions;
  readonly #run: GroupRunner<Item, Result>;
  #closed = false;
  #idle: Array<() => void> = [];

  constructor(options: BatcherOptions, run: GroupRunner<Item, Result>) {
    invariant(options.groupSizeMax > 0 && options.queuedSizeMax >= options.groupSizeMax, 'Batcher bounds');
    this.#options = options;
    this.#run = run;
  }

  /** Queues `item` (worth `size` transfers) under `key`; resolves with its result once its group committed. */
  submit(key: string, item: Item, size: number): Promise<Result> {
    invariant(size > 0 && size <= this.#options.groupSizeMax, 'A submission fits in one group');
    if (this.#closed) {
      return Promise.reject(new LedgerBusyError('The ledger is shutting down.'));
    }
    const lane = this.#lane(key);
    if (lane.queuedSize + size > this.#options.queuedSizeMax) {
      return Promise.reject(new LedgerBusyError(undefined, { queuedMax: this.#options.queuedSizeMax }));
    }
    return new Promise<Result>((resolve, reject) => {
      lane.queue.push({ item, size, resolve, reject });
      lane.queuedSize += size;
      this.#schedule(key, lane);
    });
  }

  /** Refuses new work and resolves once every queued group has run. */
  async close(): Promise<void> {
    this.#closed = true;
    if ([...this.#lanes.values()].every((lane) => !lane.running && lane.queue.length === 0)) {
      return;
    }
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  #lane(key: string): Lane<Item, Result> {
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { queue: [], queuedSize: 0, running: false, scheduled: false, wake: undefined };
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  #schedule(key: string, lane: Lane<Item, Result>): void {
    if (lane.running) {
      lane.wake?.();
      return;
    }
    if (lane.scheduled) {
      return;
    }
    lane.scheduled = true;
    void this.#gather().then(() => {
      lane.scheduled = false;
      void this.#drain(key, lane);
    });
  }

  /** Waits for callers of the same moment to join: `maxWaitMs`, or one turn of the event loop. */
  #gather(): Promise<void> {
    return new Promise((resolve) =>
      this.#options.maxWaitMs > 0 ? setTimeout(resolve, this.#options.maxWaitMs) : setImmediate(resolve),
    );
  }

  async #drain(key: string, lane: Lane<Item, Result>): Promise<void> {
    lane.running = true;
    let inFlight = 0;
    // Settle when the group before the latest one has ended, and when the latest one has.
    let before: Promise<void> = Promise.resolve();
    let latest: Promise<void> = Promise.resolve();
    for (;;) {
      if (lane.queue.length === 0) {
        if (inFlight === 0) {
          break;
        }
        // Callers arriving while the latest group writes form the next group at once, not after its end (after the
        // same short wait for company as an idle key).
        const arrived = await new Promise<boolean>((resolve) => {
          lane.wake = () => resolve(true);
          void latest.then(() => resolve(false));
        });
        lane.wake = undefined;
        if (arrived) {
          await this.#gather();
        }
        continue;
      }
      const group = this.#takeGroup(lane);
      let handOff: () => void = () => {};
      const handedOff = new Promise<void>((resolve) => (handOff = resolve));
      inFlight += 1;
      const ended = this.#runGroup(key, group, handOff).then(() => {
        inFlight -= 1;
      });
      // The next group may start once this one handed off (or ended) and the one before it ended.
      await Promise.all([before, Promise.race([handedOff, ended])]);
      before = ended;
      latest = ended;
    }
    lane.running = false;
    this.#lanes.delete(key);
    if (this.#closed && [...this.#lanes.values()].every((other) => !other.running)) {
      for (const resolve of this.#idle.splice(0)) {
        resolve();
      }
    }
  }

  /** Runs one group and answers its callers; never rejects. */
  async #runGroup(
    key: string,
    group: ReadonlyArray<Entry<Item, Result>>,
    handOff: () => void,
  ): Promise<void> {
    try {
      const results = await this.#run(
        key,
        group.map((entry) => entry.item),
        handOff,
      );
      invariant(results.length === group.length, 'One result per submission');
      group.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      // The group's write failed as a whole: nothing of it was written, every caller hears why.
      for (const entry of group) {
        entry.reject(error);
      }
    }
  }

  #takeGroup(lane: Lane<Item, Result>): Array<Entry<Item, Result>> {
    const group: Array<Entry<Item, Result>> = [];
    let size = 0;
    while (lane.queue.length > 0 && size + lane.queue[0]!.size <= this.#options.groupSizeMax) {
      const entry = lane.queue.shift()!;
      size += entry.size;
      group.push(entry);
    }
    lane.queuedSize -= size;
    invariant(group.length > 0, 'A group takes at least one submission');
    return group;
  }
}
