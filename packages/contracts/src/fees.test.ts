import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, FEE_GROUPS, FEE_SCHEDULE, getFee, rateFeeMinor } from './fees.ts';

describe('fee schedule', () => {
  it('has unique ids, known groups and decimal-string amounts', () => {
    const ids = FEE_SCHEDULE.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of FEE_SCHEDULE) {
      expect(FEE_GROUPS).toContain(entry.group);
      const amounts =
        entry.charge.type === 'fixed'
          ? [entry.charge.fee]
          : entry.charge.type === 'perAsset'
            ? entry.charge.fees
            : entry.charge.type === 'rate' && entry.charge.minimum
              ? [entry.charge.minimum]
              : [];
      for (const { amount } of amounts) {
        expect(amount).toMatch(/^\d+(\.\d+)?$/);
      }
    }
  });

  it('finds a fee by id and refuses an unknown one', () => {
    expect(getFee('depositCard').charge).toEqual({ type: 'rate', basisPoints: 70 });
    expect(() => getFee('nope')).toThrow(/No fee nope/);
  });

  it('writes basis points as an exact percentage', () => {
    expect(basisPointsToPercent(70)).toBe('0.70');
    expect(basisPointsToPercent(5)).toBe('0.05');
    expect(basisPointsToPercent(1250)).toBe('12.50');
    expect(() => basisPointsToPercent(1.5)).toThrow(RangeError);
  });

  it('rounds a rate fee half up to a minor unit', () => {
    // 0.70 % of €10.71 is 7.497 cents → 7; of €10.72 it is 7.504 → 8; half a cent rounds up.
    expect(rateFeeMinor(1071n, 70)).toBe(7n);
    expect(rateFeeMinor(1072n, 70)).toBe(8n);
    expect(rateFeeMinor(50n, 100)).toBe(1n);
    expect(rateFeeMinor(49n, 100)).toBe(0n);
    expect(rateFeeMinor(10n ** 30n, 10)).toBe(10n ** 27n);
    expect(() => rateFeeMinor(-1n, 10)).toThrow(RangeError);
  });
});
