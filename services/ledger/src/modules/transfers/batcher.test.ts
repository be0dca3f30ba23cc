import { describe, expect, it } from 'vitest';
import { GroupBatcher } from './batcher.ts';

/** A runner that records each group it was given and answers each item with its double. */
function recordingRunner() {
  const groups: number[][] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  return {
    groups,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    open: () => release(),
    run: async (_key: string, items: readonly number[]) => {
      groups.push([...items]);
      await gate;
      return items.map((item) => item * 2);
    },
  };
}

describe('group batcher', () => {
  it('puts callers of the same tick in one group and the ones arriving during it in the next', async () => {
    const runner = recordingRunner();
    const batcher = new GroupBatcher({ groupSizeMax: 10, queuedSizeMax: 100, maxWaitMs: 0 }, runner.run);
    runner.hold();
    const first = [1, 2, 3].map((item) => batcher.submit('EUR', item, 1));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((item) => batcher.submit('EUR', item, 1));
    runner.open();
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(runner.groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('never puts more than groupSizeMax transfers in a group, and keeps keys apart', async () => {
    const runner = recordingRunner();
    const batcher = new GroupBatcher({ groupSizeMax: 5, queuedSizeMax: 100, maxWaitMs: 0 }, runner.run);
    await Promise.all([
      batcher.submit('EUR', 1, 3),
      batcher.submit('EUR', 2, 3),
      batcher.submit('USD', 3, 1),
    ]);
    expect(runner.groups).toHaveLength(3);
    expect(runner.groups).toEqual(expect.arrayContaining([[1], [2], [3]]));
  });

  it('refuses with LEDGER_BUSY past the queue bound instead of growing, and after close', async () => {
    const runner = recordingRunner();
    const batcher = new GroupBatcher({ groupSizeMax: 2, queuedSizeMax: 4, maxWaitMs: 0 }, runner.run);
    runner.hold();
    const accepted = [1, 2, 3, 4].map((item) => batcher.submit('EUR', item, 1));
    await expect(batcher.submit('EUR', 5, 1)).rejects.toMatchObject({ code: 'LEDGER_BUSY', statusCode: 503 });
    runner.open();
    await Promise.all(accepted);
    await batcher.close();
    await expect(batcher.submit('EUR', 6, 1)).rejects.toMatchObject({ code: 'LEDGER_BUSY' });
  });

  it('fails every caller of a group whose transaction failed, and goes on with the next group', async () => {
    let calls = 0;
    const batcher = new GroupBatcher(
      { groupSizeMax: 10, queuedSizeMax: 100, maxWaitMs: 0 },
      async (_key, items: readonly number[]) => {
        calls += 1;
        if (calls === 1) {
          throw new Error('connection lost');
        }
        return [...items];
      },
    );
    const failed = [1, 2].map((item) => batcher.submit('EUR', item, 1));
    await expect(Promise.all(failed)).rejects.toThrow('connection lost');
    expect(await batcher.submit('EUR', 3, 1)).toBe(3);
  });

  it('starts the next group once the running one hands off, with never more than two groups in flight', async () => {
    let running = 0;
    let mostRunning = 0;
    const groups: number[][] = [];
    const batcher = new GroupBatcher(
      { groupSizeMax: 2, queuedSizeMax: 100, maxWaitMs: 0 },
      async (_key, items: readonly number[], handOff) => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        groups.push([...items]);
        handOff();
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items.map((item) => item * 2);
      },
    );
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((item) => batcher.submit('EUR', item, 1)));
    expect(results).toEqual([2, 4, 6, 8, 10, 12]);
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(mostRunning).toBe(2);
  });

  it('lets a caller arriving while a handed-off group writes start the next group before that one ends', async () => {
    const runner = recordingRunner();
    const started: number[][] = [];
    const batcher = new GroupBatcher(
      { groupSizeMax: 10, queuedSizeMax: 100, maxWaitMs: 0 },
      async (key, items: readonly number[], handOff) => {
        started.push([...items]);
        if (items[0] === 1) {
          handOff();
          return runner.run(key, items);
        }
        return items.map((item) => item * 2);
      },
    );
    runner.hold();
    const first = batcher.submit('EUR', 1, 1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.submit('EUR', 2, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([[1], [2]]);
    runner.open();
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    await batcher.close();
  });
});
