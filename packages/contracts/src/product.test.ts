import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertProductId, isProductId, parseProduct, PRODUCT_SOURCES } from './product.ts';

describe('product ids', () => {
  it('accepts a symbol and a known source joined by an underscore', () => {
    expect(parseProduct('AAPL_cboe')).toEqual({ id: 'AAPL_cboe', symbol: 'AAPL', source: 'cboe' });
    expect(parseProduct('BRK.B_nyse')?.symbol).toBe('BRK.B');
    expect(parseProduct('BTC-EUR_tessera')?.source).toBe('tessera');
  });

  it('rejects unknown sources, lower-case symbols, missing parts and non-strings', () => {
    for (const bad of [
      'AAPL_moon',
      'aapl_cboe',
      '_cboe',
      'AAPL_',
      'AAPL',
      'AAPL_CBOE',
      ' AAPL_cboe',
      42,
      null,
      {},
    ]) {
      expect(isProductId(bad)).toBe(false);
    }
  });

  it("throws the spec's 'Invalid product' for anything invalid", () => {
    expect(() => assertProductId('nope')).toThrow('Invalid product');
    expect(assertProductId('SAP_xetra')).toBe('SAP_xetra');
  });

  it('round-trips every generated valid id', () => {
    const symbol = fc.stringMatching(/^[A-Z][A-Z0-9]{0,6}$/);
    fc.assert(
      fc.property(symbol, fc.constantFrom(...PRODUCT_SOURCES), (s, source) => {
        const parsed = parseProduct(`${s}_${source}`);
        return parsed?.symbol === s && parsed.source === source;
      }),
    );
  });
});
