import { describe, expect, it } from 'vitest';
import {
  createFundRequestSchema,
  fundAmountSchema,
  fundCompositionSchema,
  fundUnitsSchema,
  weightHundredths,
} from './investments.ts';

describe('investments contract', () => {
  it('reads weights exactly in hundredths of a percent', () => {
    expect(weightHundredths('33.34')).toBe(3334n);
    expect(weightHundredths('100')).toBe(10_000n);
    expect(weightHundredths('0.5')).toBe(50n);
    expect(weightHundredths('ab')).toBe(-1n);
    expect(weightHundredths('1.234')).toBe(-1n);
  });

  it('accepts a composition summing to exactly 100 and refuses the rest', () => {
    const ok = [
      { productId: 'AAPL_cboe', weight: '33.33' },
      { productId: 'MSFT_cboe', weight: '33.33' },
      { productId: 'NVDA_cboe', weight: '33.34' },
    ];
    expect(fundCompositionSchema.safeParse(ok).success).toBe(true);
    expect(fundCompositionSchema.safeParse(ok.slice(0, 2)).success).toBe(false);
    expect(
      fundCompositionSchema.safeParse([
        { productId: 'AAPL_cboe', weight: '50' },
        { productId: 'AAPL_cboe', weight: '50' },
      ]).success,
    ).toBe(false);
    expect(fundCompositionSchema.safeParse([{ productId: 'AAPL_cboe', weight: '100.001' }]).success).toBe(
      false,
    );
    expect(
      fundCompositionSchema.safeParse([
        { productId: 'AAPL_cboe', weight: '0' },
        { productId: 'MSFT_cboe', weight: '100' },
      ]).success,
    ).toBe(false);
    expect(fundCompositionSchema.safeParse([{ productId: 'AAPL_cboe', weight: 100 }]).success).toBe(false);
    expect(fundCompositionSchema.safeParse([]).success).toBe(false);
    // Hostile text is refused, never thrown on (a throw in a refinement would be a 500).
    for (const weight of ['ab', '1e2', ' 50', '50.', '', '\u0000']) {
      expect(fundCompositionSchema.safeParse([{ productId: 'AAPL_cboe', weight }]).success).toBe(false);
    }
  });

  it('bounds the fee and refuses unknown fields', () => {
    const base = { name: 'Core', components: [{ productId: 'AAPL_cboe', weight: '100' }] };
    expect(createFundRequestSchema.safeParse({ ...base, managementFeePercent: '0.75' }).success).toBe(true);
    expect(createFundRequestSchema.safeParse({ ...base, managementFeePercent: '2.51' }).success).toBe(false);
    expect(createFundRequestSchema.safeParse({ ...base, managementFeePercent: '-1' }).success).toBe(false);
    expect(createFundRequestSchema.safeParse({ ...base, managementFeePercent: 'x' }).success).toBe(false);
    expect(
      createFundRequestSchema.safeParse({ ...base, managementFeePercent: '1', extra: true }).success,
    ).toBe(false);
  });

  it('takes amounts and units as decimal strings only', () => {
    expect(fundAmountSchema.safeParse('10.50').success).toBe(true);
    expect(fundAmountSchema.safeParse('10.505').success).toBe(false);
    expect(fundAmountSchema.safeParse('0').success).toBe(false);
    expect(fundAmountSchema.safeParse('1e3').success).toBe(false);
    expect(fundUnitsSchema.safeParse('0.000001').success).toBe(true);
    expect(fundUnitsSchema.safeParse('0.0000001').success).toBe(false);
  });
});
