// Longer candles are the aggregate of shorter ones: open of the first, close of the last, extreme high and low,
// summed volume, cut by the contract's buckets; the bucket under way is left to the live stream.
import { candleBucket, type HistoryBar } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateBars, bucketOf } from './aggregate.ts';

const START = Date.parse('2026-03-16T13:30:00Z');

const minuteBars = fc
  .array(
    fc.record({
      skip: fc.integer({ min: 1, max: 3 }),
      open: fc.integer({ min: 100, max: 200 }),
      move: fc.integer({ min: -5, max: 5 }),
      volume: fc.integer({ min: 1, max: 1000 }),
    }),
    {
      minLength: 1,
      maxLength: 300,
    },
  )
  .map((drafts) => {
    let minute = 0;
    return drafts.map((draft): HistoryBar => {
      minute += draft.skip;
      const close = draft.open + draft.move;
      return {
        openTimeMs: START + minute * 60_000,
        openTicks: draft.open,
        highTicks: Math.max(draft.open, close) + 2,
        lowTicks: Math.min(draft.open, close) - 1,
        closeTicks: close,
        volumeLots: draft.volume,
      };
    });
  });

describe('aggregation', () => {
  it('builds 5m, 15m and 1h candles from 1m candles', () => {
    fc.assert(
      fc.property(
        minuteBars,
        fc.constantFrom('5m', '15m', '1h') as fc.Arbitrary<'5m' | '15m' | '1h'>,
        (bars, interval) => {
          const endMs = bars.at(-1)!.openTimeMs + 60_000;
          const current = candleBucket(interval, endMs, 'UTC').openTimeMs;
          const candles = aggregateBars(bars, bucketOf(interval, 'UTC'), current);
          for (const candle of candles) {
            const members = bars.filter(
              (bar) => candleBucket(interval, bar.openTimeMs, 'UTC').openTimeMs === candle.openTimeMs,
            );
            expect(candle).toEqual({
              openTimeMs: candle.openTimeMs,
              openTicks: members[0]!.openTicks,
              highTicks: Math.max(...members.map((bar) => bar.highTicks)),
              lowTicks: Math.min(...members.map((bar) => bar.lowTicks)),
              closeTicks: members.at(-1)!.closeTicks,
              volumeLots: members.reduce((sum, bar) => sum + bar.volumeLots, 0),
            });
            expect(candle.openTimeMs).toBeLessThan(current);
          }
          const complete = bars.filter((bar) => bar.openTimeMs < current);
          const buckets = new Set(
            complete.map((bar) => candleBucket(interval, bar.openTimeMs, 'UTC').openTimeMs),
          );
          expect(candles.length).toBe(buckets.size);
        },
      ),
    );
  });

  it('builds weeks from days, Monday to Sunday, keyed by the Monday', () => {
    const day = (date: string, price: number): HistoryBar => ({
      openTimeMs: Date.parse(`${date}T00:00:00Z`),
      openTicks: price,
      highTicks: price + 3,
      lowTicks: price - 2,
      closeTicks: price + 1,
      volumeLots: 10,
    });
    const days = [
      day('2026-03-09', 100),
      day('2026-03-13', 104),
      day('2026-03-16', 110),
      day('2026-03-20', 108),
    ];
    expect(
      aggregateBars(days, bucketOf('1w', 'America/New_York'), Date.parse('2026-03-23T00:00:00Z')),
    ).toEqual([
      {
        openTimeMs: Date.parse('2026-03-09T00:00:00Z'),
        openTicks: 100,
        highTicks: 107,
        lowTicks: 98,
        closeTicks: 105,
        volumeLots: 20,
      },
      {
        openTimeMs: Date.parse('2026-03-16T00:00:00Z'),
        openTicks: 110,
        highTicks: 113,
        lowTicks: 106,
        closeTicks: 109,
        volumeLots: 20,
      },
    ]);
  });
});
