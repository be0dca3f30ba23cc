/**
 * The one grammar for decimal text, shared by amounts and `Decimal`s, and its inverse.
 *
 * Accepted: `-?[0-9]+(\.[0-9]+)?` in ASCII, nothing else. So `12`, `12.30`, `0.5`, `007.50` (leading zeros are
 * harmless) and, where a sign is allowed, `-3.1`. Rejected: `.5` and `1.` (a digit must stand on each side of
 * the point, so a half-typed value is never read as another), `+1`, exponents (`1e5`), hexadecimal (`0x10`),
 * `NaN`, `Infinity`, whitespace anywhere (trim at the edge if a form wants to), group separators (`1,000`), a
 * decimal comma (`1,5`: locale input is parsed by the UI, which sends canonical text), and non-ASCII digits
 * or minus signs.
 */
import { ok, reject } from './result.ts';
import type { Result } from './result.ts';

/**
 * Longest decimal text read. The longest useful amount is 1 + 38 + 1 + 38 characters; the slack allows extra
 * decimals to be rounded away. Past this, parsing stops before any bigint work (a bound on effort per input).
 */
export const DECIMAL_TEXT_LENGTH_MAX = 100;

/** Rejections of the decimal grammar itself. */
export type DecimalTextRejectionCode =
  'MONEY_NOT_A_STRING' | 'MONEY_EMPTY' | 'MONEY_TOO_LONG' | 'MONEY_INVALID_FORMAT';

/** Decimal text taken apart: sign, then ASCII digit strings on each side of the point. */
export interface DecimalParts {
  readonly negative: boolean;
  readonly integerDigits: string;
  readonly fractionDigits: string;
}

const DECIMAL_PATTERN = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;
const WHITESPACE_ONLY = /^\s*$/;

/** Checks `text` against the grammar above and takes it apart. */
export function parseDecimalText(text: unknown): Result<DecimalParts, DecimalTextRejectionCode> {
  // Numbers are refused even when they look whole: 0.1 + 0.2 or 2^53 + 1 have already lost digits.
  if (typeof text !== 'string') {
    return reject('MONEY_NOT_A_STRING', `Expected a decimal string, got ${describe(text)}`);
  }
  if (WHITESPACE_ONLY.test(text)) {
    return reject('MONEY_EMPTY', 'Amount is empty');
  }
  if (text.length > DECIMAL_TEXT_LENGTH_MAX) {
    return reject('MONEY_TOO_LONG', `Amount text is longer than ${DECIMAL_TEXT_LENGTH_MAX} characters`, {
      lengthMax: DECIMAL_TEXT_LENGTH_MAX,
    });
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (match === null) {
    return reject('MONEY_INVALID_FORMAT', 'Expected digits with an optional "." and digits after it');
  }
  return ok({ negative: match[1] === '-', integerDigits: match[2] ?? '0', fractionDigits: match[3] ?? '' });
}

function describe(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  if (typeof value === 'number' && Number.isNaN(value)) {
    return 'NaN';
  }
  return typeof value;
}

/**
 * Writes `value / 10^scale` as decimal text with exactly `scale` decimals, a leading `-` when negative and no
 * sign for zero. The inverse of parsing: digits are placed by string work, never by division into a float.
 */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const integerDigits = digits.slice(0, digits.length - scale);
  const fractionDigits = digits.slice(digits.length - scale);
  return (negative ? '-' : '') + integerDigits + (scale > 0 ? '.' + fractionDigits : '');
}

/** Drops trailing zeros after the point, and the point when nothing is left after it (`12.30` -> `12.3`). */
export function trimTrailingZeros(text: string): string {
  if (!text.includes('.')) {
    return text;
  }
  return text.replace(/\.?0+$/, '');
}
