// Prices and quantities cross between integer ticks and lots and decimal strings exactly, in both directions, for
// every tick and lot size of the catalog; off-grid decimals are refused; percent changes round half away from zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLots, formatTicks, lotsOfDecimal, percentChange, ticksOfDecimal, unitsOf } from './units.ts';

describe('units', () => {
  it('round-trips ticks and lots through decimal strings for every catalog size', () => {
    const sizes = fc.constantFrom(
      ['0.01', '0.000001'],
      ['0.001', '0.000001'],
      ['0.0001', '0.00000001'],
      ['0.05', '1'],
    );
    fc.assert(
      fc.property(
        sizes,
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        ([tick, lot], ticks, lots) => {
          const units = unitsOf(tick!, lot!);
          expect(ticksOfDecimal(units, formatTicks(units, ticks))).toBe(ticks);
          expect(lotsOfDecimal(units, formatLots(units, lots))).toBe(lots);
        },
      ),
    );
  });

  it('writes prices with the tick decimals and quantities without trailing zeros', () => {
    const units = unitsOf('0.01', '0.000001');
    expect(formatTicks(units, 23010)).toBe('230.10');
    expect(formatTicks(units, 5)).toBe('0.05');
    expect(formatTicks(units, -154)).toBe('-1.54');
    expect(formatLots(units, 1_500_000_000)).toBe('1500');
    expect(formatLots(units, 2_500_000)).toBe('2.5');
    expect(formatTicks(unitsOf('0.05', '1'), 3)).toBe('0.15');
  });

  it('refuses decimals off the grid, zero, negatives and garbage', () => {
    const units = unitsOf('0.01', '0.000001');
    expect(ticksOfDecimal(units, '230.105')).toBeNull();
    expect(ticksOfDecimal(units, '0')).toBeNull();
    expect(ticksOfDecimal(units, '-1.00')).toBeNull();
    expect(ticksOfDecimal(units, '1e3')).toBeNull();
    expect(ticksOfDecimal(units, '230.1000')).toBe(23010);
  });

  it('gives percent changes with two decimals, half away from zero', () => {
    expect(percentChange(10_050, 10_000)).toBe('0.50');
    expect(percentChange(9_950, 10_000)).toBe('-0.50');
    expect(percentChange(100_005, 1_000_000)).toBe('-90.00');
    expect(percentChange(100_060, 1_000_000)).toBe('-89.99');
    expect(percentChange(1_000_005, 1_000_000)).toBe('0.00');
    expect(percentChange(1_000_050, 1_000_000)).toBe('0.01');
    expect(percentChange(999_950, 1_000_000)).toBe('-0.01');
  });
});
