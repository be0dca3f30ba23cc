import { describe, expect, it } from 'vitest';
import {
  floorDiv,
  formatFixed,
  navPerUnit,
  parseFixed,
  unitsForValue,
  valueOf,
  valueOfUnits,
} from './fixed.ts';

describe('fund arithmetic (bigint fixed point, rounded down)', () => {
  it('parses and formats decimal strings exactly', () => {
    expect(parseFixed('12.3', 2)).toBe(1230n);
    expect(parseFixed('-0.05', 2)).toBe(-5n);
    expect(() => parseFixed('1.005', 2)).toThrow(RangeError);
    expect(parseFixed('1.005', 2, 'down')).toBe(100n);
    expect(() => parseFixed('1e3', 2)).toThrow(RangeError);
    expect(formatFixed(-5n, 2)).toBe('-0.05');
    expect(formatFixed(123456789n, 6)).toBe('123.456789');
  });

  it('floors toward minus infinity', () => {
    expect(floorDiv(7n, 2n)).toBe(3n);
    expect(floorDiv(-7n, 2n)).toBe(-4n);
  });

  it('NAV = net assets / units, rounded down to 6 digits; units and values round down too', () => {
    // 100 EUR (8 digits) over 3 units (6 digits): 33.333333.
    const nav = navPerUnit(100n * 10n ** 8n, 3n * 10n ** 6n, 10n * 10n ** 6n);
    expect(formatFixed(nav, 6)).toBe('33.333333');
    expect(navPerUnit(123n, 0n, 10_000_000n)).toBe(10_000_000n);
    expect(navPerUnit(-1n, 10n, 10_000_000n)).toBe(0n);
    // 50 EUR at NAV 33.333333: 1.500000 units (1.50000001... cut).
    expect(formatFixed(unitsForValue(50n * 10n ** 8n, nav), 6)).toBe('1.500000');
    // 1.5 units at 33.333333 is worth 49.9999995, never more than the fund holds.
    expect(formatFixed(valueOfUnits(1_500_000n, nav), 8)).toBe('49.99999950');
    expect(formatFixed(valueOf('0.000001', '60000.00'), 8)).toBe('0.06000000');
  });
});
