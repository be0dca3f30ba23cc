import { EUR } from '@tessera/money';
import { describe, expect, it } from 'vitest';
import { parsePositiveAmount } from './amounts.ts';

/** The code a parse throws, or 'ok'. */
function codeOf(text: unknown): string {
  try {
    parsePositiveAmount(text, EUR);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('a missing amount is not a malformed one (issue #14: rejections say what was rejected)', () => {
  it('asks for an amount when none was given', () => {
    expect(codeOf(undefined)).toBe('CASH_AMOUNT_REQUIRED');
    expect(codeOf(null)).toBe('CASH_AMOUNT_REQUIRED');
    expect(codeOf('')).toBe('CASH_AMOUNT_REQUIRED');
    expect(codeOf('   ')).toBe('CASH_AMOUNT_REQUIRED');
  });

  it('keeps the other rejections', () => {
    expect(codeOf('ten')).toBe('CASH_AMOUNT_NOT_A_NUMBER');
    expect(codeOf(10)).toBe('CASH_AMOUNT_NOT_A_NUMBER');
    expect(codeOf('-1')).toBe('CASH_AMOUNT_NEGATIVE');
    expect(codeOf('0')).toBe('CASH_AMOUNT_NOT_POSITIVE');
    expect(codeOf('1.234')).toBe('CASH_AMOUNT_TOO_MANY_DECIMALS');
    expect(codeOf('1000000000000')).toBe('CASH_AMOUNT_TOO_LARGE');
    expect(codeOf('12.30')).toBe('ok');
  });
});
