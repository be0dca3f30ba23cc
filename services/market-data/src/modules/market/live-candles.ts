/**
 * The candles of one product as they form, for every interval, from its trades (and, at start, from the feed's
 * minute history of the buckets already under way). Bucket rules are the contract's (`candleBucket` in
 * @tessera/contracts): UTC-aligned for intraday intervals, the venue's trading date for `1d` and `1w`.
 */
import {
  CANDLE_INTERVALS,
  type CandleBucket,
  candleBucket,
  type CandleInterval,
  type HistoryBar,
  mergeTickCandle,
  type TickCandle,
} from '@tessera/contracts';

interface Forming {
  readonly candle: TickCandle;
  readonly bucket: CandleBucket;
}

/** A product's forming candle per interval, and the one completed before it. */
export class LiveCandles {
  private readonly forming = new Map<CandleInterval, Forming>();
  private readonly completed = new Map<CandleInterval, TickCandle>();

  constructor(private readonly timeZone: string) {}

  /**
   * Starts the forming candles from the minute bars of the buckets under way at `nowMs` (bars before a bucket's
   * start are skipped for that interval, so one call with the week's minutes serves every interval).
   */
  seed(minuteBars: readonly HistoryBar[], nowMs: number): void {
    for (const interval of CANDLE_INTERVALS) {
      const bucket = candleBucket(interval, nowMs, this.timeZone);
      let candle: TickCandle | null = null;
      for (const bar of minuteBars) {
        if (bar.openTimeMs < bucket.startMs || bar.openTimeMs >= bucket.endMs) {
          continue;
        }
        if (candle === null) {
          candle = { ...bar, openTimeMs: bucket.openTimeMs };
        } else {
          mergeTickCandle(candle, bar);
        }
      }
      if (candle !== null) {
        this.forming.set(interval, { candle, bucket });
      }
    }
  }

  /** Adds a trade; returns the intervals whose candles changed (all of them, for a trade). */
  addTrade(priceTicks: number, sizeLots: number, timeMs: number): readonly CandleInterval[] {
    for (const interval of CANDLE_INTERVALS) {
      const current = this.forming.get(interval);
      if (current !== undefined && timeMs < current.bucket.endMs) {
        // A trade stamped before the bucket's start (a late venue event) still counts in the forming candle.
        const candle = current.candle;
        candle.highTicks = Math.max(candle.highTicks, priceTicks);
        candle.lowTicks = Math.min(candle.lowTicks, priceTicks);
        candle.closeTicks = priceTicks;
        candle.volumeLots += sizeLots;
        continue;
      }
      if (current !== undefined) {
        this.completed.set(interval, current.candle);
      }
      const bucket = candleBucket(interval, timeMs, this.timeZone);
      this.forming.set(interval, {
        bucket,
        candle: {
          openTimeMs: bucket.openTimeMs,
          openTicks: priceTicks,
          highTicks: priceTicks,
          lowTicks: priceTicks,
          closeTicks: priceTicks,
          volumeLots: sizeLots,
        },
      });
    }
    return CANDLE_INTERVALS;
  }

  /** Completes the candles whose bucket has ended by `nowMs` (no trade came after); returns their intervals. */
  closeDue(nowMs: number): CandleInterval[] {
    const closed: CandleInterval[] = [];
    for (const [interval, current] of this.forming) {
      if (nowMs >= current.bucket.endMs) {
        this.completed.set(interval, current.candle);
        this.forming.delete(interval);
        closed.push(interval);
      }
    }
    return closed;
  }

  /** The completed candle before the forming one (if any), and the forming one (if any). */
  view(interval: CandleInterval): { completed: TickCandle | null; forming: TickCandle | null } {
    return {
      completed: this.completed.get(interval) ?? null,
      forming: this.forming.get(interval)?.candle ?? null,
    };
  }
}
