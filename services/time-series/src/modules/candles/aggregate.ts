/**
 * Candles from bars: minute bars into 1m, 5m, 15m, 1h and 1d candles, day candles into 1w candles, by the bucket
 * rules of @tessera/contracts (`candleBucket`). Only buckets before `currentOpenTimeMs` (the bucket under way) are
 * returned: the forming candle comes from the live stream.
 */
import {
  candleBucket,
  type CandleInterval,
  type HistoryBar,
  mergeTickCandle,
  type TickCandle,
} from '@tessera/contracts';

/** The open time of the `interval` bucket holding a bar, for a venue in `timeZone`. */
export function bucketOf(interval: CandleInterval, timeZone: string): (openTimeMs: number) => number {
  if (interval === '1w') {
    // Weeks are built from day candles, keyed by their date at 00:00 UTC: their week is read in UTC.
    return (openTimeMs) => candleBucket('1w', openTimeMs, 'UTC').openTimeMs;
  }
  return (openTimeMs) => candleBucket(interval, openTimeMs, timeZone).openTimeMs;
}

/** Aggregates `bars` (ascending) into the buckets `bucket` names, up to (not including) `currentOpenTimeMs`. */
export function aggregateBars(
  bars: readonly HistoryBar[],
  bucket: (openTimeMs: number) => number,
  currentOpenTimeMs: number,
): TickCandle[] {
  const candles: TickCandle[] = [];
  let current: TickCandle | undefined;
  for (const bar of bars) {
    const openTimeMs = bucket(bar.openTimeMs);
    if (openTimeMs >= currentOpenTimeMs) {
      break;
    }
    if (current === undefined || current.openTimeMs !== openTimeMs) {
      current = { ...bar, openTimeMs };
      candles.push(current);
    } else {
      mergeTickCandle(current, bar);
    }
  }
  return candles;
}
