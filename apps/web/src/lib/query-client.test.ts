import { describe, expect, it } from 'vitest';
import { createQueryClient, retryDelayMs } from './query-client.ts';

describe('query defaults (spec section 9)', () => {
  it('retries with an exponential delay from 1 s capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps inactive data 5 minutes and retries 3 times', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(300_000);
    const retry = defaults?.retry as (count: number, error: unknown) => boolean;
    expect([0, 1, 2, 3].map((count) => retry(count, new Error('Network Error')))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retry(0, new Error('Access Token has been revoked'))).toBe(false);
  });
});
