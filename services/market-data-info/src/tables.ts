/** The market_data_info schema's tables as Kysely sees them. */
import type { Generated, Kysely } from 'kysely';

/** The schema this service owns. */
export const MARKET_DATA_INFO_SCHEMA = 'market_data_info';

/** Row types, as both engines return them (date as YYYY-MM-DD text). */
export interface MarketDataInfoTables {
  source: {
    id: string;
    name: string;
    country: string | null;
    time_zone: string;
    always_open: boolean;
    opens_at: string;
    closes_at: string;
  };
  source_holiday: { source_id: string; holiday_on: string; name: string; closes_at: string | null };
  instrument: {
    id: string;
    symbol: string;
    source_id: string;
    name: string;
    kind: 'stock' | 'etf' | 'crypto';
    currency: string;
    tick_size: string;
    lot_size: string;
    isin: string | null;
    sector: string | null;
    search_text: Generated<string>;
  };
}

/** The service's database handle. */
export type MarketDataInfoDatabase = Kysely<MarketDataInfoTables>;
