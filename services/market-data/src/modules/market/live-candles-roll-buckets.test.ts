// Live candles: a trade updates the forming candle of every interval, a trade in a later bucket completes the one
// before, a bucket that ends without trades is completed by the clock, and the forming candles at start come from
// the minute history of the buckets under way (so today's daily candle starts at the session's real open).
import { describe, expect, it } from 'vitest';
import { LiveCandles } from './live-candles.ts';

const T = Date.parse('2026-03-16T15:00:00Z');

describe('live candles', () => {
  it('updates the forming candles and completes a bucket when the next one starts', () => {
    const candles = new LiveCandles('America/New_York');
    candles.addTrade(100, 5, T + 1_000);
    candles.addTrade(103, 1, T + 20_000);
    candles.addTrade(99, 2, T + 59_999);
    expect(candles.view('1m')).toEqual({
      completed: null,
      forming: { openTimeMs: T, openTicks: 100, highTicks: 103, lowTicks: 99, closeTicks: 99, volumeLots: 8 },
    });
    candles.addTrade(101, 1, T + 60_000);
    expect(candles.view('1m').completed).toMatchObject({ openTimeMs: T, closeTicks: 99, volumeLots: 8 });
    expect(candles.view('1m').forming).toMatchObject({ openTimeMs: T + 60_000, openTicks: 101 });
    expect(candles.view('5m')).toMatchObject({
      completed: null,
      forming: { openTimeMs: T, highTicks: 103, volumeLots: 9 },
    });
    // The daily candle is keyed by the New York trading date at 00:00 UTC.
    expect(candles.view('1d').forming?.openTimeMs).toBe(Date.parse('2026-03-16T00:00:00Z'));
    expect(candles.view('1w').forming?.openTimeMs).toBe(Date.parse('2026-03-16T00:00:00Z'));
  });

  it('completes candles whose bucket ended without a trade', () => {
    const candles = new LiveCandles('UTC');
    candles.addTrade(100, 1, T + 10_000);
    expect(candles.closeDue(T + 59_999)).toEqual([]);
    expect(candles.closeDue(T + 60_000)).toEqual(['1m']);
    expect(candles.view('1m')).toEqual({
      completed: expect.objectContaining({ openTimeMs: T }),
      forming: null,
    });
    expect(candles.closeDue(T + 3_600_000).sort()).toEqual(['15m', '1h', '5m']);
  });

  it('starts from the minutes of the buckets under way', () => {
    const candles = new LiveCandles('UTC');
    const bar = (minutes: number, price: number) => ({
      openTimeMs: T - minutes * 60_000,
      openTicks: price,
      highTicks: price + 2,
      lowTicks: price - 1,
      closeTicks: price + 1,
      volumeLots: 10,
    });
    candles.seed([bar(61, 90), bar(7, 95), bar(3, 97), bar(1, 98)], T - 30_000);
    expect(candles.view('1m').forming).toMatchObject({
      openTimeMs: T - 60_000,
      openTicks: 98,
      volumeLots: 10,
    });
    expect(candles.view('5m').forming).toMatchObject({
      openTimeMs: T - 5 * 60_000,
      openTicks: 97,
      volumeLots: 20,
    });
    expect(candles.view('15m').forming).toEqual({
      openTimeMs: T - 15 * 60_000,
      openTicks: 95,
      highTicks: 100,
      lowTicks: 94,
      closeTicks: 99,
      volumeLots: 30,
    });
    expect(candles.view('1h').forming?.volumeLots).toBe(30);
    expect(candles.view('1d').forming?.volumeLots).toBe(40);
  });
});
