import { describe, expect, it } from 'vitest';
import { assertNever, invariant, InvariantError } from './invariant.ts';
import {
  checkedMinorUnits,
  isAssetCode,
  MINOR_UNITS_ABS_LIMIT,
  minorUnits,
  scale,
  SCALE_MAX,
} from './brand.ts';
import { MoneyError } from './money-error.ts';
import { ok, reject, unwrap } from './result.ts';

describe('invariant and assertNever', () => {
  it('passes silently when the condition holds and throws an InvariantError with a stable code otherwise', () => {
    expect(() => invariant(true, 'never shown')).not.toThrow();
    const error = (() => {
      try {
        invariant(false, 'ledger must balance');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvariantError);
    expect(error).toMatchObject({
      name: 'InvariantError',
      code: 'INVARIANT_VIOLATION',
      message: 'ledger must balance',
    });
  });

  it('throws when an exhaustive switch meets a value the types ruled out', () => {
    const kind = 'bond' as never;
    expect(() => assertNever(kind, 'Unknown kind')).toThrow('Unknown kind: bond');
  });
});

describe('branded constructors', () => {
  it('accepts scales 0 to 38 and refuses fractions, negatives and larger values', () => {
    expect(scale(0)).toBe(0);
    expect(scale(SCALE_MAX)).toBe(38);
    for (const bad of [-1, 39, 1.5, Number.NaN]) {
      expect(() => scale(bad)).toThrow(InvariantError);
    }
  });

  it('brands bigints below 10^38 in absolute value and refuses numbers at runtime and by type', () => {
    expect(minorUnits(MINOR_UNITS_ABS_LIMIT - 1n)).toBe(MINOR_UNITS_ABS_LIMIT - 1n);
    expect(minorUnits(-(MINOR_UNITS_ABS_LIMIT - 1n))).toBe(-(MINOR_UNITS_ABS_LIMIT - 1n));
    expect(() => minorUnits(MINOR_UNITS_ABS_LIMIT)).toThrow(InvariantError);
    // @ts-expect-error a number is not minor units, the type refuses it
    expect(() => minorUnits(12.3)).toThrow('Minor units must be a bigint');
  });

  it('reports arithmetic overflow as MONEY_OVERFLOW, not as a programmer error', () => {
    expect(() => checkedMinorUnits(-MINOR_UNITS_ABS_LIMIT)).toThrow(MoneyError);
    expect(() => checkedMinorUnits(MINOR_UNITS_ABS_LIMIT)).toThrow(
      expect.objectContaining({ code: 'MONEY_OVERFLOW' }),
    );
  });

  it('recognises asset codes of 1 to 16 upper-case letters, digits or dots', () => {
    expect(['EUR', 'BRK.B', 'A', '1234567890ABCDEF'].every(isAssetCode)).toBe(true);
    expect(['', 'eur', 'EU R', '1234567890ABCDEFG', 'AAPL_cboe', 42].some(isAssetCode)).toBe(false);
  });
});

describe('results', () => {
  it('unwraps a success and throws the rejection code as a MoneyError', () => {
    expect(unwrap(ok(5n))).toBe(5n);
    expect(() => unwrap(reject('MONEY_EMPTY', 'Amount is empty'))).toThrow(
      expect.objectContaining({ name: 'MoneyError', code: 'MONEY_EMPTY' }),
    );
  });
});
