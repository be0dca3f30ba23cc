import { MINOR_UNITS_ABS_LIMIT } from '@tessera/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountText, checkedAmountText } from './views.ts';

describe('amount text of views', () => {
  it('formats exactly as formatAmount of @tessera/money, for every scale and sign', () => {
    const limit = MINOR_UNITS_ABS_LIMIT - 1n;
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: -limit, max: limit }), fc.bigInt({ min: -1000n, max: 1000n })),
        fc.integer({ min: 0, max: 18 }),
        (value, scale) => {
          expect(amountText(value, scale)).toBe(checkedAmountText(value, scale));
        },
      ),
      { numRuns: 500 },
    );
    expect(amountText(-1n, 6)).toBe('-0.000001');
  });
});
