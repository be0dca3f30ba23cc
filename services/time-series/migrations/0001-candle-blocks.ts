/**
 * Candles, stored compactly: one row per product, interval and block of time (a UTC day of intraday candles, a
 * UTC year of daily or weekly ones), the block's candles packed in a few bytes each (prices in ticks of the row's
 * tick size, volume in lots of its lot size; see candle-codec.ts). A year of daily and 30 days of minute candles
 * for a hundred instruments is about 9,000 rows and 14 MB instead of 1.6 million rows, which is what lets the
 * first-start backfill finish in seconds on PGlite as on PostgreSQL (docs/adr/0009-market-data.md).
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

const DECIMAL_PATTERN = sql.lit('^[0-9]+(\\.[0-9]+)?$');

export const migration: Migration = {
  async up(db) {
    await sql`
      create table candle_block (
        product_id text not null check (length(product_id) between 3 and 40),
        interval text not null check (interval in ('1m', '5m', '15m', '1h', '1d', '1w')),
        block_start_ms bigint not null,
        tick_size text not null check (tick_size ~ ${DECIMAL_PATTERN}),
        lot_size text not null check (lot_size ~ ${DECIMAL_PATTERN}),
        candle_count integer not null check (candle_count > 0),
        first_open_time_ms bigint not null,
        last_open_time_ms bigint not null check (last_open_time_ms >= first_open_time_ms),
        candles bytea not null,
        updated_at timestamptz not null default now(),
        primary key (product_id, interval, block_start_ms)
      )`.execute(db);
    // Packed candles barely compress: storing them as they are saves the compression's CPU on every append.
    await sql`alter table candle_block alter column candles set storage external`.execute(db);
  },
};
