import { describe, expect, it } from 'vitest';
import {
  compositionProblem,
  decimalInput,
  feeProblem,
  hundredthsText,
  weightProblem,
  weightSumHundredths,
} from './composition.ts';

describe('fund composition rows', () => {
  it('sums weights exactly, in hundredths of a percent', () => {
    const rows = [
      { productId: 'A', weight: '33.33' },
      { productId: 'B', weight: '33.33' },
      { productId: 'C', weight: '33.34' },
    ];
    expect(weightSumHundredths(rows)).toBe(10_000n);
    expect(hundredthsText(weightSumHundredths(rows))).toBe('100.00');
    expect(compositionProblem(rows)).toBeNull();
  });

  it('refuses a sum that is not exactly 100, duplicates and no rows', () => {
    expect(compositionProblem([{ productId: 'A', weight: '99.99' }])).toBe('form.compositionSum');
    expect(
      compositionProblem([
        { productId: 'A', weight: '50' },
        { productId: 'A', weight: '50' },
      ]),
    ).toBe('form.compositionDuplicate');
    expect(compositionProblem([])).toBe('form.compositionEmpty');
    expect(hundredthsText(weightSumHundredths([{ productId: 'A', weight: '12.5' }]))).toBe('12.50');
  });

  it('checks each weight and the fee as the contract does', () => {
    expect(weightProblem('')).toBe('form.weightRequired');
    expect(weightProblem('0')).toBe('form.weightInvalid');
    expect(weightProblem('100.001')).toBe('form.weightInvalid');
    expect(weightProblem('abc')).toBe('form.weightInvalid');
    expect(weightSumHundredths([{ productId: 'A', weight: 'abc' }])).toBe(0n);
    expect(weightProblem('100')).toBeNull();
    expect(feeProblem('2.51')).toBe('form.feeInvalid');
    expect(feeProblem('0.75')).toBeNull();
    expect(feeProblem('')).toBe('form.feeRequired');
  });

  it('reads a decimal comma as French customers type it, for weights and the fee', () => {
    expect(decimalInput(' 0,5 ')).toBe('0.5');
    expect(feeProblem('0,5')).toBeNull();
    expect(feeProblem('2,51')).toBe('form.feeInvalid');
    expect(weightProblem('33,34')).toBeNull();
    const rows = [
      { productId: 'A', weight: '66,66' },
      { productId: 'B', weight: '33,34' },
    ];
    expect(weightSumHundredths(rows)).toBe(10_000n);
    expect(compositionProblem(rows)).toBeNull();
  });
});
