/** Settings section tradingPreferences: one row per customer who saved them (defaults otherwise). */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createTradingPreferences: Migration = {
  async up(db) {
    await sql`
      create table trading_preferences (
        user_id uuid primary key,
        preferences jsonb not null,
        updated_at timestamptz not null default now()
      );
    `.execute(db);
  },
};
