/**
 * The simulator's anchor: the minute its prices are pinned to (the first start). One row, written once.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const migration: Migration = {
  async up(db) {
    await sql`
      create table simulator_anchor (
        id smallint primary key check (id = 1),
        anchor_time_ms bigint not null check (anchor_time_ms > 0 and anchor_time_ms % 60000 = 0),
        created_at timestamptz not null default now()
      )`.execute(db);
  },
};
