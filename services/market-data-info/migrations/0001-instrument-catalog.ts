/**
 * The instrument catalog: sources (venues) with their trading calendars, and instruments. Written by the seed from
 * the TypeScript data modules; read by the routes. Runs with search_path set to the service's schema.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

// HH:MM local time; 24:00 is the end of the day (the internal venue's session).
const TIME_PATTERN = sql.lit('^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$');
// Decimal strings for tick and lot sizes: exact, never floats.
const DECIMAL_PATTERN = sql.lit('^[0-9]+(\\.[0-9]+)?$');

export const migration: Migration = {
  async up(db) {
    await sql`
      create table source (
        id text primary key check (id ~ '^[a-z]{2,16}$'),
        name text not null check (length(name) between 1 and 100),
        country text check (country ~ '^[A-Z]{2}$'),
        time_zone text not null check (length(time_zone) between 1 and 64),
        always_open boolean not null,
        opens_at text not null check (opens_at ~ ${TIME_PATTERN}),
        closes_at text not null check (closes_at ~ ${TIME_PATTERN}),
        check (opens_at < closes_at)
      )`.execute(db);
    await sql`
      create table source_holiday (
        source_id text not null references source (id),
        holiday_on date not null,
        name text not null check (length(name) between 1 and 100),
        -- Null: closed all day. Otherwise the early close of a half day.
        closes_at text check (closes_at ~ ${TIME_PATTERN}),
        primary key (source_id, holiday_on)
      )`.execute(db);
    await sql`
      create table instrument (
        id text primary key check (id = symbol || '_' || source_id),
        symbol text not null check (symbol ~ '^[A-Z0-9](?:[A-Z0-9.-]{0,14}[A-Z0-9])?$'),
        source_id text not null references source (id),
        name text not null check (length(name) between 1 and 200),
        kind text not null check (kind in ('stock', 'etf', 'crypto')),
        currency text not null check (currency ~ '^[A-Z0-9.]{1,16}$'),
        tick_size text not null check (tick_size ~ ${DECIMAL_PATTERN}),
        lot_size text not null check (lot_size ~ ${DECIMAL_PATTERN}),
        isin text unique check (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$'),
        sector text check (length(sector) between 1 and 100),
        -- What search matches: the symbol, the name and the ISIN, folded to lower case once.
        search_text text generated always as (lower(symbol || ' ' || name || ' ' || coalesce(isin, ''))) stored
      )`.execute(db);
    await sql`create index instrument_source on instrument (source_id, id)`.execute(db);
    await sql`create index instrument_kind on instrument (kind, id)`.execute(db);
  },
};
