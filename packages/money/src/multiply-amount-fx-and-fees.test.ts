import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFromDecimal, formatAmount } from './amount.ts';
import { BTC, ETH, EUR, USD, USDC } from './asset.ts';
import { MINOR_UNITS_ABS_LIMIT, minorUnits, scale } from './brand.ts';
import { Decimal, multiplyAmount } from './decimal.ts';
import { ROUNDING_MODES } from './rounding.ts';
import { referenceRound } from './reference-rounding.test-support.ts';

describe('fees', () => {
  it('charges 0.35% of 100.00 EUR as 0.35 EUR', () => {
    const feeRate = Decimal.from('0.0035');
    const feeInEur = multiplyAmount(
      amountFromDecimal('100.00', EUR),
      EUR.scale,
      feeRate,
      EUR.scale,
      'half_up',
    );
    expect(formatAmount(feeInEur, EUR.scale)).toBe('0.35');
  });

  it('rounds a fee that falls between cents with the mode the fee schedule names', () => {
    // 0.35% of 0.99 EUR is 0.003465 EUR.
    const amountInEur = amountFromDecimal('0.99', EUR);
    const feeRate = Decimal.from('0.0035');
    expect(multiplyAmount(amountInEur, EUR.scale, feeRate, EUR.scale, 'half_up')).toBe(0n);
    expect(multiplyAmount(amountInEur, EUR.scale, feeRate, EUR.scale, 'up')).toBe(1n);
  });
});

describe('FX conversions', () => {
  it('converts 100.00 EUR to USD at 1.08745, splitting the half cent by mode', () => {
    const amountInEur = amountFromDecimal('100.00', EUR);
    const rate = Decimal.from('1.08745');
    expect(
      formatAmount(multiplyAmount(amountInEur, EUR.scale, rate, USD.scale, 'half_even'), USD.scale),
    ).toBe('108.74');
    expect(formatAmount(multiplyAmount(amountInEur, EUR.scale, rate, USD.scale, 'half_up'), USD.scale)).toBe(
      '108.75',
    );
  });

  it('converts across scales: EUR to BTC, ETH to EUR, USD to USDC', () => {
    const btcPerEur = Decimal.from('0.0000105');
    const amountInBtc = multiplyAmount(
      amountFromDecimal('100.00', EUR),
      EUR.scale,
      btcPerEur,
      BTC.scale,
      'down',
    );
    expect(formatAmount(amountInBtc, BTC.scale)).toBe('0.00105000');

    const eurPerEth = Decimal.from('3012.45');
    const oneWei = minorUnits(1n);
    expect(multiplyAmount(oneWei, ETH.scale, eurPerEth, EUR.scale, 'half_even')).toBe(0n);
    const amountInEth = amountFromDecimal('1.500000000000000001', ETH);
    expect(
      formatAmount(multiplyAmount(amountInEth, ETH.scale, eurPerEth, EUR.scale, 'down'), EUR.scale),
    ).toBe('4518.67');

    const amountInUsdc = multiplyAmount(
      amountFromDecimal('12.34', USD),
      USD.scale,
      Decimal.ONE,
      USDC.scale,
      'down',
    );
    expect(formatAmount(amountInUsdc, USDC.scale)).toBe('12.340000');
  });

  it('agrees with the exact product rounded once, for any amount, rate and scales', () => {
    const cases = fc.record({
      amount: fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
      amountScale: fc.integer({ min: 0, max: 18 }),
      rateMantissa: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      rateScale: fc.integer({ min: 0, max: 12 }),
      resultScale: fc.integer({ min: 0, max: 18 }),
      rounding: fc.constantFrom(...ROUNDING_MODES),
    });
    fc.assert(
      fc.property(cases, (c) => {
        const run = () =>
          multiplyAmount(
            minorUnits(c.amount),
            scale(c.amountScale),
            Decimal.of(c.rateMantissa, c.rateScale),
            scale(c.resultScale),
            c.rounding,
          );
        let result: bigint | { code: unknown };
        try {
          result = run();
        } catch (error) {
          result = { code: (error as { code?: unknown }).code };
        }
        const numerator = c.amount * c.rateMantissa * 10n ** BigInt(c.resultScale);
        const denominator = 10n ** BigInt(c.amountScale + c.rateScale);
        const expected = referenceRound(numerator, denominator, c.rounding);
        const fits = expected < MINOR_UNITS_ABS_LIMIT && expected > -MINOR_UNITS_ABS_LIMIT;
        expect(result).toEqual(fits ? expected : { code: 'MONEY_OVERFLOW' });
      }),
    );
  });

  it('throws MONEY_OVERFLOW rather than return an amount past 10^38', () => {
    const huge = minorUnits(MINOR_UNITS_ABS_LIMIT - 1n);
    expect(() => multiplyAmount(huge, scale(0), Decimal.from('2'), scale(0), 'down')).toThrow(
      expect.objectContaining({ code: 'MONEY_OVERFLOW' }),
    );
  });
});
