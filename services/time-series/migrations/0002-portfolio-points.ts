/**
 * Portfolio value history (docs/adr/0011-portfolio-value-history.md): one row per customer, step and point in
 * time, the customer's holdings (cash wallets and trading positions, from the ledger) valued in their reference
 * currency at that instant. Points are written only once final (a little after their time), so a row is never
 * rewritten; a change of reference currency drops the customer's rows. Also the service's job queue table (the
 * recurring snapshot job).
 */
import { sql } from 'kysely';
import { createJobsTable, type Migration } from '@tessera/platform';

const DECIMAL_PATTERN = sql.lit('^-?[0-9]+(\\.[0-9]+)?$');

export const migration: Migration = {
  async up(db) {
    await sql`
      create table portfolio_point (
        user_id text not null check (length(user_id) between 1 and 64),
        step_ms integer not null check (step_ms in (300000, 3600000, 86400000)),
        time_ms bigint not null,
        currency text not null check (currency ~ '^[A-Z]{3,5}$'),
        value text not null check (value ~ ${DECIMAL_PATTERN}),
        created_at timestamptz not null default now(),
        primary key (user_id, step_ms, time_ms)
      )`.execute(db);
    await createJobsTable(db);
  },
};
