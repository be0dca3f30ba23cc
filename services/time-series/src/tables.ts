/** The time_series schema's tables as Kysely sees them. */
import type { Generated, Kysely } from 'kysely';

/** The schema this service owns. */
export const TIME_SERIES_SCHEMA = 'time_series';

export interface TimeSeriesTables {
  /** A block of candles of one product and interval (see migrations/0001-candle-blocks.ts). bigint as text. */
  candle_block: {
    product_id: string;
    interval: string;
    block_start_ms: string;
    tick_size: string;
    lot_size: string;
    candle_count: number;
    first_open_time_ms: string;
    last_open_time_ms: string;
    candles: Buffer;
    updated_at: Generated<Date>;
  };
  /** A customer's portfolio value at `time_ms` for one step of the grid (migrations/0002-portfolio-points.ts). */
  portfolio_point: {
    user_id: string;
    step_ms: number;
    time_ms: string;
    currency: string;
    value: string;
    /** How many holdings the value includes (migrations/0003-portfolio-points-count-holdings.ts); null before. */
    holdings: number | null;
    created_at: Generated<Date>;
  };
}

/** The service's database handle. */
export type TimeSeriesDatabase = Kysely<TimeSeriesTables>;
