/**
 * Group commit, as TigerBeetle's clients batch: callers that write to the same ledgers at the same time share one
 * database transaction. Per key (a tenant and its set of ledgers) one group runs at a time; whatever arrives while
 * it runs waits in a bounded queue and forms the next group (up to `groupSizeMax` transfers), which starts as soon
 * as the running one ends. An idle key waits at most `maxWaitMs` (default: one event-loop turn) so that callers of
 * the same tick join. One transaction per group keeps a hot account's row and the ledger's chain head written once
 * per group instead of once per transfer.
 */
import { invariant } from '@tessera/money';
import { LedgerBusyError } from '../../ledger.errors.ts';

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
}

/** Runs one group; returns one result per item, in order. */
export type GroupRunner<Item, Result> = (key: string, items: readonly Item[]) => Promise<Result[]>;

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
      lane = { queue: [], queuedSize: 0, running: false, scheduled: false };
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  #schedule(key: string, lane: Lane<Item, Result>): void {
    if (lane.running || lane.scheduled) {
      return;
    }
    lane.scheduled = true;
    const go = () => {
      lane.scheduled = false;
      void this.#drain(key, lane);
    };
    if (this.#options.maxWaitMs > 0) {
      setTimeout(go, this.#options.maxWaitMs);
    } else {
      setImmediate(go);
    }
  }

  async #drain(key: string, lane: Lane<Item, Result>): Promise<void> {
    lane.running = true;
    while (lane.queue.length > 0) {
      const group = this.#takeGroup(lane);
      try {
        const results = await this.#run(
          key,
          group.map((entry) => entry.item),
        );
        invariant(results.length === group.length, 'One result per submission');
        group.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        // The transaction failed as a whole: nothing of the group was written, every caller hears why.
        for (const entry of group) {
          entry.reject(error);
        }
      }
    }
    lane.running = false;
    this.#lanes.delete(key);
    if (this.#closed && [...this.#lanes.values()].every((other) => !other.running)) {
      for (const resolve of this.#idle.splice(0)) {
        resolve();
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
