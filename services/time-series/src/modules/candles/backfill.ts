/**
 * The backfill: at start, the writer fills every product's candles from market data's history up to the bucket
 * under way (the forming candle is live). At the first start that is a year of daily (and weekly) candles and 30
 * days of minute (and 5m, 15m, 1h) candles; after a restart, the gap since the last stored candle (minute candles
 * for at most the last 30 days). History and live prices come from the same seeded process, so the live price
 * continues from the last backfilled close.
 *
 * Products are computed one after the other while the previous group is being written (one write in flight), in
 * multi-row statements of whole blocks; progress goes to the log every few seconds.
 */
import {
  CANDLE_INTERVALS,
  candleBucket,
  type CandleInterval,
  INTRADAY_INTERVAL_MS,
  type InstrumentInfo,
  type MarketDataApi,
  type SourceInfo,
  type TickCandle,
  type TimeSeriesStatus,
} from '@tessera/contracts';
import type { TimeSeriesDatabase } from '../../tables.ts';
import { aggregateBars, bucketOf } from './aggregate.ts';
import type { CandleStore, StoreLogger } from './candle-store.ts';
import { appendBlockRows, blockRowsOf, type CandleSeries } from './candles.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** How far back the first start fills minute-based and day-based candles. */
export const MINUTE_HISTORY_MS = 30 * DAY_MS;
export const DAY_HISTORY_MS = 365 * DAY_MS;
/** Products computed before their rows are written together. */
const PRODUCTS_PER_WRITE = 8;
/** How often progress is logged. */
const PROGRESS_INTERVAL_MS = 2_000;

const INTRADAY = ['1m', '5m', '15m', '1h'] as const;

/** What the backfill works with. */
export interface BackfillContext {
  readonly db: TimeSeriesDatabase;
  readonly store: CandleStore;
  readonly marketData: MarketDataApi;
  readonly instruments: readonly InstrumentInfo[];
  readonly sources: readonly SourceInfo[];
  readonly log: StoreLogger;
  /** The start of the minute the service started in: everything before it is history. */
  readonly startMs: number;
}

/** Progress, as `GET /api/time-series/status` shows it. */
export type BackfillProgress = TimeSeriesStatus['backfill'];

/** One product's backfill under way: what is stored, the buckets under way, and the series found missing. */
interface ProductBackfill {
  readonly context: Pick<BackfillContext, 'store' | 'marketData' | 'startMs'>;
  readonly instrument: InstrumentInfo;
  readonly timeZone: string;
  readonly series: CandleSeries[];
  /** The open time of the last stored candle of `interval`, or null. */
  last(interval: CandleInterval): number | null;
  /** The open time of the bucket of `interval` under way at start (left to the live candles). */
  current(interval: CandleInterval): number;
  /** Keeps the candles after the last stored one. */
  add(interval: CandleInterval, candles: readonly TickCandle[]): void;
}

/** The minute bars read for a product and where they start. */
interface MinuteHistory {
  readonly bars: readonly TickCandle[];
  readonly fromMs: number;
}

/** The candles a product needs, by interval, up to the bucket under way at `startMs`. */
export async function productBackfill(
  context: Pick<BackfillContext, 'store' | 'marketData' | 'startMs'>,
  instrument: InstrumentInfo,
  timeZone: string,
): Promise<CandleSeries[]> {
  const product = productBackfillOf(context, instrument, timeZone);
  const minutes = await backfillMinuteBased(product);
  await backfillDayBased(product, minutes);
  return product.series;
}

function productBackfillOf(
  context: Pick<BackfillContext, 'store' | 'marketData' | 'startMs'>,
  instrument: InstrumentInfo,
  timeZone: string,
): ProductBackfill {
  const series: CandleSeries[] = [];
  const last = (interval: CandleInterval) => context.store.lastOpenTimeMs(instrument.id, interval);
  return {
    context,
    instrument,
    timeZone,
    series,
    last,
    current: (interval) => candleBucket(interval, context.startMs, timeZone).openTimeMs,
    add(interval, candles) {
      const after = last(interval) ?? Number.NEGATIVE_INFINITY;
      const missing = candles.filter((candle) => candle.openTimeMs > after);
      if (missing.length > 0) {
        series.push({
          productId: instrument.id,
          interval,
          tickSize: instrument.tickSize,
          lotSize: instrument.lotSize,
          candles: missing,
        });
      }
    },
  };
}

/**
 * Minute-based: from the earliest next candle any intraday interval needs, at most 30 days back, aligned to the
 * hour (so an hour's candle is whole), in one history call.
 */
async function backfillMinuteBased(product: ProductBackfill): Promise<MinuteHistory> {
  const { context, instrument, timeZone, last, current, add } = product;
  const { startMs } = context;
  const oldestMinuteMs = Math.floor((startMs - MINUTE_HISTORY_MS) / DAY_MS) * DAY_MS;
  const nextIntraday = INTRADAY.map((interval) => {
    const stored = last(interval);
    return stored === null ? oldestMinuteMs : stored + INTRADAY_INTERVAL_MS[interval];
  });
  const minuteFromMs = Math.max(oldestMinuteMs, Math.floor(Math.min(...nextIntraday) / HOUR_MS) * HOUR_MS);
  const minuteBars =
    minuteFromMs < startMs
      ? (
          await context.marketData.history({
            productId: instrument.id,
            resolution: '1m',
            fromMs: minuteFromMs,
            toMs: startMs,
          })
        ).bars
      : [];
  const currentMinute = current('1m');
  // Minute bars are minute candles already (no copy): only the bucket under way is left out.
  add(
    '1m',
    minuteBars.filter((bar) => bar.openTimeMs < currentMinute),
  );
  for (const interval of ['5m', '15m', '1h'] as const) {
    add(interval, aggregateBars(minuteBars, bucketOf(interval, timeZone), current(interval)));
  }
  return { bars: minuteBars, fromMs: minuteFromMs };
}

/**
 * Day-based: from the Monday of the earliest next day or week needed, at most a year back. Days whose minutes were
 * just read are their aggregate (the simulator's day bars of recent days are exactly that); older days come from
 * the day history.
 */
async function backfillDayBased(product: ProductBackfill, minutes: MinuteHistory): Promise<void> {
  const { context, instrument, timeZone, last, current, add } = product;
  const oldestDayMs = context.startMs - DAY_HISTORY_MS;
  const stored1d = last('1d');
  const stored1w = last('1w');
  const nextDayMs = Math.min(
    stored1d === null ? oldestDayMs : stored1d + DAY_MS,
    stored1w === null ? oldestDayMs : stored1w + 7 * DAY_MS,
  );
  const dayFromMs = candleBucket('1w', Math.max(oldestDayMs, nextDayMs), 'UTC').openTimeMs;
  const today = current('1d');
  const firstMinuteDay = candleBucket('1d', minutes.fromMs, timeZone);
  const minuteDaysFromMs =
    minutes.bars.length === 0
      ? today
      : firstMinuteDay.startMs >= minutes.fromMs
        ? firstMinuteDay.openTimeMs
        : firstMinuteDay.openTimeMs + DAY_MS;
  const olderDays =
    dayFromMs < Math.min(minuteDaysFromMs, today)
      ? (
          await context.marketData.history({
            productId: instrument.id,
            resolution: '1d',
            fromMs: dayFromMs,
            toMs: Math.min(minuteDaysFromMs, today),
          })
        ).bars
      : [];
  const recentDays = aggregateBars(minutes.bars, bucketOf('1d', timeZone), today).filter(
    (candle) => candle.openTimeMs >= minuteDaysFromMs,
  );
  const days = [...olderDays, ...recentDays];
  add(
    '1d',
    days.filter((candle) => candle.openTimeMs >= oldestDayMs - DAY_MS),
  );
  add('1w', aggregateBars(days, bucketOf('1w', timeZone), candleBucket('1w', today, 'UTC').openTimeMs));
}

/** A product's computed series, waiting to be written with its group. */
interface ComputedProduct {
  readonly instrument: InstrumentInfo;
  readonly series: CandleSeries[];
}

/**
 * Writes a group of computed products in one statement, marks them backfilled and ready in the store, and counts
 * them in `progress`, logging it every {@link PROGRESS_INTERVAL_MS}.
 */
function backfillWriter(context: BackfillContext, progress: BackfillProgress, startedMs: number) {
  const { db, store, log } = context;
  let lastLogMs = startedMs;
  return async (batch: readonly ComputedProduct[]): Promise<void> => {
    const written = await appendBlockRows(
      db,
      batch.flatMap((entry) => entry.series.flatMap(blockRowsOf)),
    );
    for (const { instrument, series } of batch) {
      for (const interval of CANDLE_INTERVALS) {
        const candles = series.find((each) => each.interval === interval)?.candles;
        store.backfilled(instrument.id, interval, candles?.at(-1)?.openTimeMs ?? null);
      }
      store.markReady(instrument.id);
    }
    progress.candlesWritten += written;
    progress.instrumentsDone += batch.length;
    if (performance.now() - lastLogMs >= PROGRESS_INTERVAL_MS) {
      lastLogMs = performance.now();
      log.info(
        {
          done: progress.instrumentsDone,
          total: progress.instrumentsTotal,
          candles: progress.candlesWritten,
          elapsedMs: Math.round(lastLogMs - startedMs),
        },
        'time series backfill progress',
      );
    }
  };
}

/** Runs the backfill of every product, updating `progress` as it goes. */
export async function runBackfill(context: BackfillContext, progress: BackfillProgress): Promise<void> {
  const { instruments, log } = context;
  const started = performance.now();
  progress.state = 'running';
  progress.instrumentsTotal = instruments.length;
  progress.startedAtMs = Date.now();
  log.info(
    { instruments: instruments.length, from: new Date(context.startMs).toISOString() },
    'time series backfill started',
  );
  try {
    await computeAndWriteAll(context, backfillWriter(context, progress, started));
    progress.state = 'done';
    progress.finishedAtMs = Date.now();
    log.info(
      {
        instruments: instruments.length,
        candles: progress.candlesWritten,
        elapsedMs: Math.round(performance.now() - started),
      },
      'time series backfill finished',
    );
  } catch (error) {
    progress.state = 'failed';
    progress.finishedAtMs = Date.now();
    // Products not backfilled keep their live candles waiting (bounded) rather than store them after a gap: the
    // next start fills the gap from the last stored candle.
    log.error({ err: error }, 'time series backfill failed; live candles are still served');
    throw error;
  }
}

/** Computes the products one after the other while the previous group is being written (one write in flight). */
async function computeAndWriteAll(
  context: BackfillContext,
  write: (batch: readonly ComputedProduct[]) => Promise<void>,
): Promise<void> {
  const { instruments, sources } = context;
  let inFlight: Promise<void> = Promise.resolve();
  let group: ComputedProduct[] = [];
  for (const instrument of instruments) {
    const timeZone = sources.find((source) => source.id === instrument.source)?.timeZone ?? 'UTC';
    group.push({ instrument, series: await productBackfill(context, instrument, timeZone) });
    if (group.length >= PRODUCTS_PER_WRITE) {
      await inFlight;
      inFlight = write(group);
      group = [];
    }
  }
  await inFlight;
  await write(group);
}
