import { describe, expect, it } from 'vitest';
import { Mutex } from './mutex.ts';

describe('Mutex', () => {
  it('grants the lock in arrival order, one holder at a time', async () => {
    const mutex = new Mutex({ acquireTimeoutMs: 1_000, waitersMax: 10 });
    const order: string[] = [];
    const releaseFirst = await mutex.acquire();
    const second = mutex.acquire().then((release) => (order.push('second'), release));
    const third = mutex.acquire().then((release) => (order.push('third'), release));
    await Promise.resolve();
    expect(order).toEqual([]);
    releaseFirst();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(mutex.held).toBe(false);
  });

  it('fails a waiter after the timeout instead of hanging (a nested query in a transaction)', async () => {
    const mutex = new Mutex({ acquireTimeoutMs: 20, waitersMax: 10 });
    const release = await mutex.acquire();
    await expect(mutex.acquire()).rejects.toThrow(/Waited 20 ms/);
    release();
    expect(mutex.held).toBe(false);
  });

  it('rejects at once when too many callers wait', async () => {
    const mutex = new Mutex({ acquireTimeoutMs: 1_000, waitersMax: 1 });
    const release = await mutex.acquire();
    const waiting = mutex.acquire();
    await expect(mutex.acquire()).rejects.toThrow(/Database busy/);
    release();
    (await waiting)();
  });

  it('refuses a second release of the same grant', async () => {
    const mutex = new Mutex({ acquireTimeoutMs: 1_000, waitersMax: 1 });
    const release = await mutex.acquire();
    release();
    expect(release).toThrow(/released twice/);
  });
});
