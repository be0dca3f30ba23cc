import { describe, expect, it } from 'vitest';
import { formatNav } from './nav-format.ts';

describe('formatNav: a NAV per unit with 2 to 6 decimals, exactly', () => {
  it('keeps two decimals of a round NAV (never "10 EUR")', () => {
    expect(formatNav('10.000000', 'EUR', 'en')).toBe('€10.00');
    expect(formatNav('10', 'EUR', 'en')).toBe('€10.00');
    expect(formatNav('10.000000', 'EUR', 'fr')).toBe('10,00\u00a0€');
  });

  it('shows the significant decimals up to 6, trailing zeros past the second dropped', () => {
    expect(formatNav('10.500000', 'EUR', 'en')).toBe('€10.50');
    expect(formatNav('10.123400', 'EUR', 'en')).toBe('€10.1234');
    expect(formatNav('10.123456', 'EUR', 'en')).toBe('€10.123456');
    expect(formatNav('1234.000001', 'USD', 'en')).toBe('$1,234.000001');
    expect(formatNav('9.876543', 'EUR', 'fr')).toBe('9,876543\u00a0€');
  });

  it('cuts past 6 decimals, never rounding up, and never goes through a float', () => {
    expect(formatNav('10.1234569', 'EUR', 'en')).toBe('€10.123456');
    // 2^53 + 1 units of currency: a float would print ...992.
    expect(formatNav('9007199254740993.000001', 'EUR', 'en')).toBe('€9,007,199,254,740,993.000001');
  });

  it('shows a dash for no NAV or a text that is not a decimal', () => {
    expect(formatNav(null, 'EUR', 'en')).toBe('—');
    expect(formatNav(undefined, 'EUR', 'en')).toBe('—');
    expect(formatNav('ten', 'EUR', 'en')).toBe('—');
  });
});
