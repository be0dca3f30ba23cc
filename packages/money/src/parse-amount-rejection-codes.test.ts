import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFromDecimal, parseAmount } from './amount.ts';
import { BTC, ETH, EUR } from './asset.ts';
import { MINOR_UNITS_ABS_LIMIT, scale } from './brand.ts';
import { DECIMAL_TEXT_LENGTH_MAX } from './decimal-text.ts';

const codeOf = (result: ReturnType<typeof parseAmount>): string => (result.ok ? 'ok' : result.code);

describe('parseAmount accepts the documented grammar', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.3', 1230n],
    ['12.30', 1230n],
    ['0.01', 1n],
    ['007.50', 750n],
    ['1234567.89', 123456789n],
  ])('reads %s as %s cents', (text, expected) => {
    expect(parseAmount(text, EUR)).toEqual({ ok: true, value: expected });
  });

  it('takes a bare scale as well as an asset', () => {
    expect(parseAmount('1.5', scale(3))).toEqual({ ok: true, value: 1500n });
  });
});

describe('parseAmount names every rejection', () => {
  it.each([1.5, 0, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, 10n, {}, ['1']])(
    'MONEY_NOT_A_STRING for %s',
    (value) => {
      expect(codeOf(parseAmount(value as unknown as string, EUR))).toBe('MONEY_NOT_A_STRING');
    },
  );

  it('refuses numbers by type before they reach runtime', () => {
    // @ts-expect-error amounts are strings: a number has already lost digits
    expect(codeOf(parseAmount(0.1, EUR))).toBe('MONEY_NOT_A_STRING');
  });

  it.each(['', '   ', '\t\n'])('MONEY_EMPTY for %j', (text) => {
    expect(codeOf(parseAmount(text, EUR))).toBe('MONEY_EMPTY');
  });

  it.each([
    '1e5',
    '1E5',
    '1.5e-3',
    '0x10',
    '0b1',
    '1 000',
    ' 12',
    '12 ',
    '+1',
    '1.',
    '.5',
    '-',
    '1,5',
    '1,000.00',
    '1.2.3',
    'NaN',
    'Infinity',
    '-Infinity',
    '１２',
    '\u221212',
    '1_000',
    '--1',
  ])('MONEY_INVALID_FORMAT for %j', (text) => {
    expect(codeOf(parseAmount(text, EUR, { allowNegative: true }))).toBe('MONEY_INVALID_FORMAT');
  });

  it('MONEY_TOO_LONG past the length limit, before any bigint work', () => {
    expect(codeOf(parseAmount('1'.padStart(DECIMAL_TEXT_LENGTH_MAX + 1, '0'), EUR))).toBe('MONEY_TOO_LONG');
    expect(codeOf(parseAmount('1'.padStart(DECIMAL_TEXT_LENGTH_MAX, '0'), EUR))).toBe('ok');
  });

  it('MONEY_NEGATIVE for a leading minus unless negatives are allowed', () => {
    expect(codeOf(parseAmount('-1.00', EUR))).toBe('MONEY_NEGATIVE');
    expect(codeOf(parseAmount('-0', EUR))).toBe('MONEY_NEGATIVE');
    expect(parseAmount('-1.00', EUR, { allowNegative: true })).toEqual({ ok: true, value: -100n });
  });

  it('MONEY_TOO_MANY_DECIMALS beyond the scale, with the scale in details', () => {
    expect(parseAmount('1.001', EUR)).toMatchObject({
      ok: false,
      code: 'MONEY_TOO_MANY_DECIMALS',
      details: { scaleMax: 2 },
    });
    expect(codeOf(parseAmount('0.000000001', BTC))).toBe('MONEY_TOO_MANY_DECIMALS');
    expect(codeOf(parseAmount('1.000', EUR))).toBe('MONEY_TOO_MANY_DECIMALS');
  });

  it('rounds extra decimals instead when a rounding mode is given', () => {
    expect(parseAmount('1.005', EUR, { rounding: 'half_even' })).toEqual({ ok: true, value: 100n });
    expect(parseAmount('1.005', EUR, { rounding: 'half_up' })).toEqual({ ok: true, value: 101n });
    expect(parseAmount('-1.001', EUR, { rounding: 'floor', allowNegative: true })).toEqual({
      ok: true,
      value: -101n,
    });
    expect(parseAmount('-1.001', EUR, { rounding: 'ceil', allowNegative: true })).toEqual({
      ok: true,
      value: -100n,
    });
  });

  it('MONEY_OVERFLOW at 10^38 minor units, accepting the largest value below it', () => {
    const largest = (MINOR_UNITS_ABS_LIMIT - 1n).toString();
    expect(parseAmount(largest, scale(0))).toEqual({ ok: true, value: MINOR_UNITS_ABS_LIMIT - 1n });
    expect(codeOf(parseAmount(MINOR_UNITS_ABS_LIMIT.toString(), scale(0)))).toBe('MONEY_OVERFLOW');
    expect(
      codeOf(parseAmount('-' + MINOR_UNITS_ABS_LIMIT.toString(), scale(0), { allowNegative: true })),
    ).toBe('MONEY_OVERFLOW');
    // 10^20 ETH is 10^38 wei.
    expect(codeOf(parseAmount('100000000000000000000', ETH))).toBe('MONEY_OVERFLOW');
    expect(codeOf(parseAmount('99999999999999999999.999999999999999999', ETH))).toBe('ok');
  });

  it('MONEY_NOT_POSITIVE for zero, or for a value that rounds to zero, when positive is required', () => {
    expect(codeOf(parseAmount('0.00', EUR, { positive: true }))).toBe('MONEY_NOT_POSITIVE');
    expect(codeOf(parseAmount('0.004', EUR, { positive: true, rounding: 'half_even' }))).toBe(
      'MONEY_NOT_POSITIVE',
    );
    expect(codeOf(parseAmount('-5', EUR, { positive: true, allowNegative: true }))).toBe(
      'MONEY_NOT_POSITIVE',
    );
    expect(parseAmount('0.01', EUR, { positive: true })).toEqual({ ok: true, value: 1n });
  });

  it('amountFromDecimal returns minor units for trusted text and throws the code otherwise', () => {
    expect(amountFromDecimal('0.00012345', BTC)).toBe(12345n);
    expect(() => amountFromDecimal('1e3', EUR)).toThrow(
      expect.objectContaining({ name: 'MoneyError', code: 'MONEY_INVALID_FORMAT' }),
    );
  });
});

describe('parseAmount properties', () => {
  it('never accepts a JS number at runtime, whatever its value', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(codeOf(parseAmount(value as unknown as string, EUR))).toBe('MONEY_NOT_A_STRING');
      }),
    );
  });

  it('never accepts a float printed by String(), when it has an exponent or is not finite', () => {
    const exotic = fc
      .double()
      .map((value) => String(value))
      .filter((text) => /e|N|I/.test(text));
    fc.assert(
      fc.property(exotic, (text) => {
        expect(codeOf(parseAmount(text, ETH, { allowNegative: true, rounding: 'half_even' }))).toBe(
          'MONEY_INVALID_FORMAT',
        );
      }),
    );
  });

  it('accepts a string only when it matches the documented grammar', () => {
    const grammar = /^-?[0-9]+(\.[0-9]+)?$/;
    const texts = fc.oneof(fc.string(), fc.stringMatching(/^[-+.0-9eEx ]{0,12}$/));
    fc.assert(
      fc.property(texts, (text) => {
        const result = parseAmount(text, scale(18), { allowNegative: true, rounding: 'down' });
        expect(result.ok).toBe(grammar.test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects more decimals than the scale allows, for every scale', () => {
    const cases = fc
      .integer({ min: 0, max: 18 })
      .chain((assetScale) =>
        fc.tuple(fc.constant(assetScale), fc.stringMatching(new RegExp(`^[0-9]{${assetScale + 1},30}$`))),
      );
    fc.assert(
      fc.property(cases, ([assetScale, fraction]) => {
        expect(codeOf(parseAmount(`1.${fraction}`, scale(assetScale)))).toBe('MONEY_TOO_MANY_DECIMALS');
      }),
    );
  });
});
