import { describe, expect, it } from 'vitest';
import { pollUntilSignedIn } from './auto-sign-in.ts';

describe('auto sign-in polling', () => {
  it('retries every 5 s and succeeds as soon as the account is confirmed', async () => {
    let clockMs = 0;
    const waits: number[] = [];
    let calls = 0;
    const result = await pollUntilSignedIn(
      async () => {
        calls += 1;
        if (calls < 4) {
          throw new Error('not yet');
        }
        return 'DONE';
      },
      { sleep: async (ms) => void (waits.push(ms), (clockMs += ms)), now: () => clockMs },
    );
    expect(result).toBe('DONE');
    expect(waits).toEqual([5000, 5000, 5000]);
  });

  it('gives up after 180 s with the last error', async () => {
    let clockMs = 0;
    let calls = 0;
    await expect(
      pollUntilSignedIn(
        async () => {
          calls += 1;
          throw new Error(`attempt ${calls}`);
        },
        { sleep: async (ms) => void (clockMs += ms), now: () => clockMs },
      ),
    ).rejects.toThrow('attempt 37');
    expect(clockMs).toBe(180_000);
  });
});

describe('auto sign-in polling, non-retryable failures', () => {
  it('stops at once on a failure that waiting cannot fix', async () => {
    let calls = 0;
    await expect(
      pollUntilSignedIn(
        async () => {
          calls += 1;
          throw new Error('wrong state');
        },
        { retryIf: () => false, sleep: async () => {} },
      ),
    ).rejects.toThrow('wrong state');
    expect(calls).toBe(1);
  });
});
