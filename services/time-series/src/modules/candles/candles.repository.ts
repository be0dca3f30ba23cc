/**
 * Reads and appends of candle blocks. Appends only ever add candles after a block's last one, in one statement
 * per batch of blocks (a multi-row upsert), so the backfill writes thousands of blocks in a few round trips and a
 * repeated append (a retry, two writers) adds nothing twice.
 */
import { type CandleInterval, type TickCandle } from '@tessera/contracts';
import { sql } from 'kysely';
import type { TimeSeriesDatabase } from '../../tables.ts';
import { blockStartMs, decodeCandles, encodeCandles } from './candle-codec.ts';

/** Candles of one product and interval to append, ascending, all after what is stored. */
export interface CandleSeries {
  readonly productId: string;
  readonly interval: CandleInterval;
  readonly tickSize: string;
  readonly lotSize: string;
  readonly candles: readonly TickCandle[];
}

/** Bounds of one append statement: rows and bytes of candles. */
const APPEND_ROWS_MAX = 500;
const APPEND_BYTES_MAX = 4_000_000;

interface BlockRow {
  product_id: string;
  interval: string;
  block_start_ms: string;
  tick_size: string;
  lot_size: string;
  candle_count: number;
  first_open_time_ms: string;
  last_open_time_ms: string;
  candles: Buffer;
}

/** The rows of `series`, one per block. */
export function blockRowsOf(series: CandleSeries): BlockRow[] {
  const rows: BlockRow[] = [];
  let index = 0;
  const candles = series.candles;
  while (index < candles.length) {
    const start = blockStartMs(series.interval, candles[index]!.openTimeMs);
    let end = index + 1;
    while (end < candles.length && blockStartMs(series.interval, candles[end]!.openTimeMs) === start) {
      end += 1;
    }
    const slice = candles.slice(index, end);
    rows.push({
      product_id: series.productId,
      interval: series.interval,
      block_start_ms: String(start),
      tick_size: series.tickSize,
      lot_size: series.lotSize,
      candle_count: slice.length,
      first_open_time_ms: String(slice[0]!.openTimeMs),
      last_open_time_ms: String(slice.at(-1)!.openTimeMs),
      candles: encodeCandles(start, slice),
    });
    index = end;
  }
  return rows;
}

/**
 * Appends block rows: a new block is inserted; an existing one gets the new candles after its own, but only when
 * they all come after its last candle and its tick and lot sizes are the same (otherwise the row is left as it is:
 * the candles are already there, or the instrument's sizes changed and the block must not mix units).
 * Returns the number of candles written.
 */
export async function appendBlockRows(db: TimeSeriesDatabase, rows: readonly BlockRow[]): Promise<number> {
  let written = 0;
  let batch: BlockRow[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) {
      return;
    }
    const result = await db
      .insertInto('candle_block')
      // Bytes travel as hex text decoded by the database: drivers' own bytea encoding is far slower for
      // megabytes (PGlite builds one string per byte).
      .values(
        batch.map((row) => ({ ...row, candles: sql<Buffer>`decode(${row.candles.toString('hex')}, 'hex')` })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['product_id', 'interval', 'block_start_ms'])
          .doUpdateSet({
            candles: sql`candle_block.candles || excluded.candles`,
            candle_count: sql`candle_block.candle_count + excluded.candle_count`,
            last_open_time_ms: sql`excluded.last_open_time_ms`,
            updated_at: sql`now()`,
          })
          .where(sql<boolean>`candle_block.last_open_time_ms < excluded.first_open_time_ms`)
          .where(sql<boolean>`candle_block.tick_size = excluded.tick_size`)
          .where(sql<boolean>`candle_block.lot_size = excluded.lot_size`),
      )
      // Only rows inserted or updated come back: a skipped append wrote nothing.
      .returning(['product_id', 'interval', 'block_start_ms'])
      .execute();
    const counts = new Map(
      batch.map((row) => [`${row.product_id}|${row.interval}|${row.block_start_ms}`, row.candle_count]),
    );
    for (const row of result) {
      written += counts.get(`${row.product_id}|${row.interval}|${String(row.block_start_ms)}`) ?? 0;
    }
    batch = [];
    bytes = 0;
  };
  for (const row of rows) {
    batch.push(row);
    bytes += row.candles.length;
    if (batch.length >= APPEND_ROWS_MAX || bytes >= APPEND_BYTES_MAX) {
      await flush();
    }
  }
  await flush();
  return written;
}

/** The last stored candle's open time of every product and interval (`productId|interval` keys). */
export async function lastStoredOpenTimes(db: TimeSeriesDatabase): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('candle_block')
    .select(['product_id', 'interval', sql<string>`max(last_open_time_ms)`.as('last')])
    .groupBy(['product_id', 'interval'])
    .execute();
  return new Map(rows.map((row) => [`${row.product_id}|${row.interval}`, Number(row.last)]));
}

/** A stored candle with the sizes of its block. */
export interface StoredCandle {
  readonly candle: TickCandle;
  readonly tickSize: string;
  readonly lotSize: string;
}

/** How many blocks one read fetches: enough for a page of candles of the interval in most cases. */
const BLOCKS_PER_READ: Record<CandleInterval, number> = {
  '1m': 3,
  '5m': 4,
  '15m': 8,
  '1h': 16,
  '1d': 2,
  '1w': 2,
};
/** Reads stop after this many blocks, whatever is missing (a bound on the work of one request). */
const BLOCKS_PER_REQUEST_MAX = 120;

/**
 * The latest `limit` stored candles with `fromMs <= openTimeMs < toMs`, ascending: blocks are read newest first
 * until enough candles are found.
 */
export async function readStoredCandles(
  db: TimeSeriesDatabase,
  productId: string,
  interval: CandleInterval,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<StoredCandle[]> {
  const found: StoredCandle[] = [];
  let beforeBlockMs = Number.MAX_SAFE_INTEGER;
  let blocksRead = 0;
  while (found.length < limit && blocksRead < BLOCKS_PER_REQUEST_MAX) {
    const blocks = await db
      .selectFrom('candle_block')
      .select(['block_start_ms', 'tick_size', 'lot_size', 'candles'])
      .where('product_id', '=', productId)
      .where('interval', '=', interval)
      .where(sql<boolean>`block_start_ms < ${String(beforeBlockMs)}::bigint`)
      .where(sql<boolean>`first_open_time_ms < ${String(toMs)}::bigint`)
      .where(sql<boolean>`last_open_time_ms >= ${String(fromMs)}::bigint`)
      .orderBy('block_start_ms', 'desc')
      .limit(BLOCKS_PER_READ[interval])
      .execute();
    if (blocks.length === 0) {
      break;
    }
    blocksRead += blocks.length;
    for (const block of blocks) {
      const start = Number(block.block_start_ms);
      beforeBlockMs = start;
      const candles = decodeCandles(start, block.candles);
      for (let index = candles.length - 1; index >= 0 && found.length < limit; index -= 1) {
        const candle = candles[index]!;
        if (candle.openTimeMs >= fromMs && candle.openTimeMs < toMs) {
          found.push({ candle, tickSize: block.tick_size, lotSize: block.lot_size });
        }
      }
      if (found.length >= limit) {
        break;
      }
    }
  }
  return found.reverse();
}
