import { describe, expect, it } from 'vitest';
import type { FxQuote } from '@tessera/contracts';
import { cardCharge, parseExpiry, quoteSecondsLeft } from './deposit-math.ts';

describe('FX quote countdown', () => {
  const quote = { createdAt: '2026-11-21T10:00:00.000Z', expiresAt: '2026-11-21T10:00:30.000Z' } as FxQuote;

  it('counts the quote’s own 30 s from when the browser received it, whatever the browser clock says', () => {
    const receivedAtMs = Date.parse('2030-01-01T00:00:00Z');
    expect(quoteSecondsLeft(quote, receivedAtMs, receivedAtMs)).toBe(30);
    expect(quoteSecondsLeft(quote, receivedAtMs, receivedAtMs + 12_300)).toBe(18);
    expect(quoteSecondsLeft(quote, receivedAtMs, receivedAtMs + 30_000)).toBe(0);
    expect(quoteSecondsLeft(quote, receivedAtMs, receivedAtMs + 45_000)).toBe(0);
    expect(quoteSecondsLeft(quote, receivedAtMs, receivedAtMs - 900)).toBe(30);
  });
});

describe('card deposit form', () => {
  it('shows the depositCard fee of the fee schedule (0.70 %, half up) and the total charged', () => {
    expect(cardCharge('100', 'EUR')).toEqual({ fee: '0.70', charged: '100.70' });
    expect(cardCharge('0.71', 'EUR')).toEqual({ fee: '0.00', charged: '0.71' });
    expect(cardCharge('0.72', 'EUR')).toEqual({ fee: '0.01', charged: '0.73' });
    expect(cardCharge('-3', 'EUR')).toBeNull();
    expect(cardCharge('abc', 'EUR')).toBeNull();
  });

  it('reads an expiry date as MM/YY or MM/YYYY', () => {
    expect(parseExpiry('12/30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });
});
