// Stored candles come back exactly as written, in one chunk or in many appended to one block (what live appends
// do), for any prices and volumes the catalog's sizes allow; candles out of order or outside the block are refused.
import type { TickCandle } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockStartMs, decodeCandles, encodeCandles } from './candle-codec.ts';

const DAY = Date.parse('2026-03-16T00:00:00Z');

const candlesArbitrary = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 5 }),
      open: fc.integer({ min: 1, max: 2 ** 40 }),
      up: fc.integer({ min: 0, max: 10_000 }),
      down: fc.integer({ min: 0, max: 10_000 }),
      close: fc.integer({ min: -10_000, max: 10_000 }),
      volume: fc.oneof(
        fc.integer({ min: 0, max: 2 ** 50 }),
        fc.integer({ min: 0, max: 9_000 }).map((shares) => shares * 1_000_000),
      ),
    }),
    { minLength: 1, maxLength: 200 },
  )
  .map((drafts) => {
    let minute = -1;
    return drafts.map((draft): TickCandle => {
      minute += draft.gap;
      const low = Math.max(1, draft.open - draft.down);
      const close = Math.min(draft.open + draft.up, Math.max(low, draft.open + draft.close));
      return {
        openTimeMs: DAY + (minute % 1440) * 60_000,
        openTicks: draft.open,
        highTicks: draft.open + draft.up,
        lowTicks: low,
        closeTicks: close,
        volumeLots: draft.volume,
      };
    });
  })
  .filter((candles) =>
    candles.every((candle, index) => index === 0 || candle.openTimeMs > candles[index - 1]!.openTimeMs),
  );

describe('the candle codec', () => {
  it('round-trips candles exactly, in one chunk or appended chunks', () => {
    fc.assert(
      fc.property(candlesArbitrary, fc.integer({ min: 1, max: 199 }), (candles, cut) => {
        expect(decodeCandles(DAY, encodeCandles(DAY, candles))).toEqual(candles);
        const split = Math.min(cut, candles.length);
        const appended = Buffer.concat([
          encodeCandles(DAY, candles.slice(0, split)),
          encodeCandles(DAY, candles.slice(split)),
        ]);
        expect(decodeCandles(DAY, appended)).toEqual(candles);
      }),
    );
  });

  it('packs a day of minute candles in about ten bytes each', () => {
    const candles: TickCandle[] = Array.from({ length: 390 }, (_, minute) => ({
      openTimeMs: DAY + (810 + minute) * 60_000,
      openTicks: 23_000 + (minute % 7),
      highTicks: 23_010 + (minute % 7),
      lowTicks: 22_995 + (minute % 7),
      closeTicks: 23_001 + (minute % 7),
      volumeLots: (1_000 + minute) * 1_000_000,
    }));
    expect(encodeCandles(DAY, candles).length).toBeLessThan(390 * 10);
  });

  it('refuses candles out of order or before the block', () => {
    const candle = { openTimeMs: DAY, openTicks: 1, highTicks: 1, lowTicks: 1, closeTicks: 1, volumeLots: 1 };
    expect(() => encodeCandles(DAY, [candle, candle])).toThrow(/out of order/);
    expect(() => encodeCandles(DAY + 60_000, [candle])).toThrow(/out of order/);
  });

  it('keeps intraday candles in UTC-day blocks and daily or weekly ones in UTC-year blocks', () => {
    expect(blockStartMs('1m', Date.parse('2026-03-16T23:59:00Z'))).toBe(DAY);
    expect(blockStartMs('1h', Date.parse('2026-03-17T00:00:00Z'))).toBe(DAY + 86_400_000);
    expect(blockStartMs('1d', DAY)).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(blockStartMs('1w', Date.parse('2025-12-29T00:00:00Z'))).toBe(Date.parse('2025-01-01T00:00:00Z'));
  });
});
