/**
 * The candles this process serves and writes: stored blocks (candles.repository.ts), completed live candles
 * waiting to be written, and the forming candle of every product and interval, kept from market data's
 * `market.candles` events. The writer process also backfills what is missing at start (backfill.ts) and writes
 * each completed candle once its product's backfill is done, so a block only ever grows at its end.
 */
import {
  type Candle,
  CANDLE_INTERVALS,
  type CandleInterval,
  type CandlesData,
  type InstrumentInfo,
  MARKET_DATA_TOPICS,
  type MarketDataApi,
  type MarketDataEvents,
  type TickCandle,
} from '@tessera/contracts';
import type { EventBus } from '@tessera/platform';
import type { TimeSeriesDatabase } from '../../tables.ts';
import { formatSteps, stepOf, stepsOfDecimal } from './candle-units.ts';
import {
  appendBlockRows,
  blockRowsOf,
  lastStoredOpenTimes,
  readStoredCandles,
} from './candles.repository.ts';

/** Completed candles kept per product and interval while they wait to be written (a bound, not a target). */
const PENDING_MAX = 1_000;

/** The logger the store writes to (a pino logger fits). */
export interface StoreLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface Series {
  forming: Candle | null;
  pending: TickCandle[];
  /** The open time of the last stored candle (appends must come after it). */
  storedMs: number;
}

/** See the module comment. */
export class CandleStore {
  private readonly series = new Map<string, Series>();
  private readonly ready = new Set<string>();
  private readonly instruments = new Map<string, InstrumentInfo>();
  private unsubscribe: (() => void) | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: TimeSeriesDatabase,
    private readonly log: StoreLogger,
    private readonly writer: boolean,
  ) {}

  /**
   * Reads what is stored, starts listening to market data's candles, then asks market data for the candles
   * already forming (published before this process listened; later events supersede them).
   */
  async start(
    instruments: readonly InstrumentInfo[],
    events: EventBus<MarketDataEvents>,
    marketData: Pick<MarketDataApi, 'getCandles'>,
  ): Promise<void> {
    for (const instrument of instruments) {
      this.instruments.set(instrument.id, instrument);
    }
    const stored = await lastStoredOpenTimes(this.db);
    for (const [key, lastMs] of stored) {
      this.seriesOf(key).storedMs = lastMs;
    }
    this.unsubscribe = events.subscribe(MARKET_DATA_TOPICS.candles, (data) => this.onCandles(data));
    for (const instrument of instruments) {
      for (const interval of CANDLE_INTERVALS) {
        const series = this.series.get(`${instrument.id}|${interval}`);
        if (series?.forming !== null && series?.forming !== undefined) {
          continue;
        }
        const data = await marketData.getCandles(instrument.id, interval);
        if (data !== null) {
          this.onCandles(data);
        }
      }
    }
  }

  stop(): Promise<void> {
    this.unsubscribe?.();
    return this.writing;
  }

  /** The open time of the last stored candle, or null. */
  lastOpenTimeMs(productId: string, interval: CandleInterval): number | null {
    const storedMs = this.series.get(`${productId}|${interval}`)?.storedMs;
    return storedMs === undefined || storedMs === Number.NEGATIVE_INFINITY ? null : storedMs;
  }

  /** Records that the backfill wrote up to `lastMs` (candles after it may now be appended). */
  backfilled(productId: string, interval: CandleInterval, lastMs: number | null): void {
    const series = this.seriesOf(`${productId}|${interval}`);
    if (lastMs !== null && lastMs > series.storedMs) {
      series.storedMs = lastMs;
    }
    // Completed live candles that the backfill already covered are dropped.
    series.pending = series.pending.filter(
      (candle) => candle.openTimeMs > (lastMs ?? Number.NEGATIVE_INFINITY),
    );
  }

  /** The product's backfill is written: its completed live candles may be written from now on. */
  markReady(productId: string): void {
    this.ready.add(productId);
  }

  /** Writes the completed live candles of products whose backfill is done; one write at a time. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.flushOnce());
    return this.writing;
  }

  private async flushOnce(): Promise<void> {
    if (!this.writer) {
      return;
    }
    const rows = [];
    const written: Array<{ series: Series; count: number }> = [];
    for (const [key, series] of this.series) {
      const [productId, interval] = key.split('|') as [string, CandleInterval];
      const instrument = this.instruments.get(productId);
      if (series.pending.length === 0 || !this.ready.has(productId) || instrument === undefined) {
        continue;
      }
      rows.push(
        ...blockRowsOf({
          productId,
          interval,
          tickSize: instrument.tickSize,
          lotSize: instrument.lotSize,
          candles: series.pending,
        }),
      );
      written.push({ series, count: series.pending.length });
    }
    if (rows.length === 0) {
      return;
    }
    try {
      await appendBlockRows(this.db, rows);
      for (const { series, count } of written) {
        const flushed = series.pending.splice(0, count);
        series.storedMs = Math.max(series.storedMs, flushed.at(-1)?.openTimeMs ?? series.storedMs);
      }
    } catch (error) {
      this.log.error({ err: error }, 'could not write live candles; retrying');
    }
  }

  /**
   * The latest `limit` candles of `[fromMs, toMs)`, ascending: stored, then completed and waiting, then forming
   * (a later source wins for the same open time). The forming candle has `complete: false`.
   */
  async candles(
    productId: string,
    interval: CandleInterval,
    fromMs: number,
    toMs: number,
    limit: number,
  ): Promise<Candle[]> {
    const byOpenTime = new Map<number, Candle>();
    const stored = await readStoredCandles(this.db, productId, interval, fromMs, toMs, limit);
    for (const { candle, tickSize, lotSize } of stored) {
      byOpenTime.set(candle.openTimeMs, toCandle(candle, tickSize, lotSize, true));
    }
    const series = this.series.get(`${productId}|${interval}`);
    const instrument = this.instruments.get(productId);
    if (series !== undefined && instrument !== undefined) {
      for (const candle of series.pending) {
        if (candle.openTimeMs >= fromMs && candle.openTimeMs < toMs) {
          byOpenTime.set(candle.openTimeMs, toCandle(candle, instrument.tickSize, instrument.lotSize, true));
        }
      }
      const forming = series.forming;
      if (forming !== null && forming.openTimeMs >= fromMs && forming.openTimeMs < toMs) {
        byOpenTime.set(forming.openTimeMs, forming);
      }
    }
    return [...byOpenTime.values()].sort((a, b) => a.openTimeMs - b.openTimeMs).slice(-limit);
  }

  private onCandles(data: CandlesData): void {
    const instrument = this.instruments.get(data.productId);
    if (instrument === undefined) {
      return;
    }
    const series = this.seriesOf(`${data.productId}|${data.interval}`);
    series.forming = null;
    for (const candle of data.candles) {
      if (!candle.complete) {
        series.forming = candle;
        continue;
      }
      const lastMs = series.pending.at(-1)?.openTimeMs ?? series.storedMs;
      if (candle.openTimeMs <= lastMs) {
        continue;
      }
      const ticks = toTickCandle(candle, instrument);
      if (ticks === null) {
        this.log.warn({ productId: data.productId }, 'candle off the instrument grid: not stored');
        continue;
      }
      series.pending.push(ticks);
      if (series.pending.length > PENDING_MAX) {
        series.pending.splice(0, series.pending.length - PENDING_MAX);
        this.log.warn(
          { productId: data.productId, interval: data.interval },
          'too many candles waiting: oldest dropped',
        );
      }
    }
  }

  private seriesOf(key: string): Series {
    let series = this.series.get(key);
    if (series === undefined) {
      series = { forming: null, pending: [], storedMs: Number.NEGATIVE_INFINITY };
      this.series.set(key, series);
    }
    return series;
  }
}

function toCandle(candle: TickCandle, tickSize: string, lotSize: string, complete: boolean): Candle {
  const tick = stepOf(tickSize);
  return {
    openTimeMs: candle.openTimeMs,
    open: formatSteps(tick, candle.openTicks),
    high: formatSteps(tick, candle.highTicks),
    low: formatSteps(tick, candle.lowTicks),
    close: formatSteps(tick, candle.closeTicks),
    volume: formatSteps(stepOf(lotSize), candle.volumeLots, true),
    complete,
  };
}

function toTickCandle(candle: Candle, instrument: InstrumentInfo): TickCandle | null {
  const tick = stepOf(instrument.tickSize);
  const lot = stepOf(instrument.lotSize);
  const open = stepsOfDecimal(tick, candle.open);
  const high = stepsOfDecimal(tick, candle.high);
  const low = stepsOfDecimal(tick, candle.low);
  const close = stepsOfDecimal(tick, candle.close);
  const volume = stepsOfDecimal(lot, candle.volume);
  if (open === null || high === null || low === null || close === null || volume === null) {
    return null;
  }
  return {
    openTimeMs: candle.openTimeMs,
    openTicks: open,
    highTicks: high,
    lowTicks: low,
    closeTicks: close,
    volumeLots: volume,
  };
}
