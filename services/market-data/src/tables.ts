/** The market_data schema's tables as Kysely sees them. */
import type { Kysely } from 'kysely';

/** The schema this service owns. */
export const MARKET_DATA_SCHEMA = 'market_data';

export interface MarketDataTables {
  /**
   * One row: where the simulator's prices are pinned (the first start), so every later start and every process
   * computes the same path.
   */
  simulator_anchor: { id: number; anchor_time_ms: string; created_at: Date };
}

/** The service's database handle. */
export type MarketDataDatabase = Kysely<MarketDataTables>;
