// The instrument data module: enough instruments of every kind, valid product ids, real-looking ISINs (check
// digit verified), known currencies, and sizes that are exact positive decimals.
import { describe, expect, it } from 'vitest';
import { parseProduct } from '@tessera/contracts';
import { getAsset, INSTRUMENT_SCALE } from '@tessera/money';
import { INSTRUMENTS, instrumentId } from './catalog.data.ts';

/** ISO 6166 check digit: letters become numbers (A = 10), then the Luhn algorithm over the digit string. */
function isinCheckDigitValid(isin: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin)) {
    return false;
  }
  const digits = [...isin].map((character) => Number.parseInt(character, 36).toString()).join('');
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      digit = digit > 9 ? digit - 9 : digit;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

describe('instrument catalog data', () => {
  it('has at least 60 instruments: US and European stocks, ETFs and crypto', () => {
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(INSTRUMENTS.map((instrument) => instrument.kind));
    expect([...kinds].sort()).toEqual(['crypto', 'etf', 'stock']);
    const sources = new Set(INSTRUMENTS.map((instrument) => instrument.source));
    expect([...sources].sort()).toEqual([
      'cboe',
      'euronext',
      'lse',
      'nasdaq',
      'nyse',
      'six',
      'tessera',
      'xetra',
    ]);
  });

  it('gives every instrument a unique product id that parses, including the default AAPL_cboe', () => {
    const ids = INSTRUMENTS.map(instrumentId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(parseProduct(id), id).not.toBeNull();
    }
    expect(ids).toContain('AAPL_cboe');
  });

  it('validates the ISIN check digit of every security, and gives crypto none', () => {
    // The check digit itself: Apple's real ISIN passes, one changed digit fails.
    expect(isinCheckDigitValid('US0378331005')).toBe(true);
    expect(isinCheckDigitValid('US0378331006')).toBe(false);
    const isins = INSTRUMENTS.flatMap((instrument) => (instrument.isin === null ? [] : [instrument.isin]));
    expect(new Set(isins).size).toBe(isins.length);
    for (const instrument of INSTRUMENTS) {
      if (instrument.kind === 'crypto') {
        expect(instrument.isin).toBeNull();
      } else {
        expect(isinCheckDigitValid(instrument.isin ?? ''), instrumentId(instrument)).toBe(true);
      }
    }
  });

  it('quotes in known currencies with positive decimal tick and lot sizes; shares in scale-6 lots', () => {
    for (const instrument of INSTRUMENTS) {
      const id = instrumentId(instrument);
      expect(getAsset(instrument.currency).ok, id).toBe(true);
      for (const size of [instrument.tickSize, instrument.lotSize]) {
        expect(size, id).toMatch(/^[0-9]+(\.[0-9]+)?$/);
        expect(/[1-9]/.test(size), id).toBe(true);
      }
      if (instrument.kind !== 'crypto') {
        expect(instrument.lotSize).toBe(`0.${'0'.repeat(INSTRUMENT_SCALE - 1)}1`);
      }
      expect(instrument.sector === null, id).toBe(instrument.kind !== 'stock');
    }
  });
});
