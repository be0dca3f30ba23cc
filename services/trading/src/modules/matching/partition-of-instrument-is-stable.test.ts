// Routers in different processes must agree on the owner of an instrument, forever.
import { describe, expect, it } from 'vitest';
import { partitionOf } from './partition.ts';

describe('partitionOf', () => {
  it('gives the published FNV-1a values, so a change of hash cannot slip in unnoticed', () => {
    // FNV-1a 32-bit of "a" is 0xe40c292c and of "foobar" 0xbf9cf968 (the reference test vectors).
    expect(partitionOf('a', 4096)).toBe(0xe40c292c % 4096);
    expect(partitionOf('foobar', 1000)).toBe(0xbf9cf968 % 1000);
  });

  it('spreads instruments over the partitions and always maps one id to one partition', () => {
    const ids = Array.from({ length: 800 }, (_, index) => `SYM${index}_nasdaq`);
    const counts = new Array<number>(8).fill(0);
    for (const id of ids) {
      const partition = partitionOf(id, 8);
      expect(partitionOf(id, 8)).toBe(partition);
      counts[partition] = (counts[partition] ?? 0) + 1;
    }
    for (const count of counts) {
      expect(count).toBeGreaterThan(60);
    }
  });

  it('refuses a partition count or id outside its bounds', () => {
    expect(() => partitionOf('AAPL_cboe', 0)).toThrow(/partitionCount/);
    expect(() => partitionOf('AAPL_cboe', 4097)).toThrow(/partitionCount/);
    expect(() => partitionOf('', 4)).toThrow(/instrument id/);
  });
});
