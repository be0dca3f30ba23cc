/**
 * One serial queue per instrument: the single writer of the instrument's book and of its orders' settlement
 * (README of modules/matching: one writer per instrument). Tasks run one after the other, in arrival order; a
 * failing task fails only its caller. Bounded: a queue holding `tasksMax` waiting tasks refuses more.
 */
export class SerialQueues {
  private readonly tails = new Map<string, { promise: Promise<unknown>; waiting: number }>();

  constructor(private readonly tasksMax = 10_000) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const tail = this.tails.get(key) ?? { promise: Promise.resolve(), waiting: 0 };
    if (tail.waiting >= this.tasksMax) {
      return Promise.reject(new Error(`The queue of ${key} is full.`));
    }
    tail.waiting += 1;
    const result = tail.promise.then(task, task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    tail.promise = settled;
    this.tails.set(key, tail);
    void settled.then(() => {
      tail.waiting -= 1;
    });
    return result;
  }

  /** Resolves once every task queued so far has finished. */
  async idle(): Promise<void> {
    await Promise.all([...this.tails.values()].map((tail) => tail.promise));
  }
}
