/**
 * The trading schema (docs/adr/0007-trading-reservation-and-settlement.md). Money and units are never authoritative
 * here: the ledger holds every balance. These tables hold what the ledger does not know: orders and their fills,
 * the ledger writes still to be sent (the outbox, so a crash never loses or doubles a settlement), positions'
 * average cost and realised P&L, watchlists and price alerts.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

/** The Kysely a migration step runs on (bound to the trading schema, in the migration's transaction). */
type AnyKysely = Parameters<Migration['up']>[0];

/**
 * The schema's steps in the order they run, in the migration's one transaction. (The SQL of the steps is the
 * migration's original text, split where one table's statements end.)
 */
export const createTrading: Migration = {
  async up(db) {
    await createOrders(db);
    await createFills(db);
    await createLedgerOutbox(db);
    await createPositions(db);
    await createWatchlists(db);
    await createPriceAlerts(db);
  },
};

/** The order sequence and the orders. */
async function createOrders(db: AnyKysely): Promise<void> {
  await sql`
      -- Numbers orders for the matching engine (its order ids are positive safe integers, rising).
      create sequence order_sequence minvalue 1 maxvalue 4503599627370495 no cycle;

      create table orders (
        id uuid primary key,
        sequence bigint not null unique,
        user_id text not null,
        client_order_id text not null,
        -- SHA-256 of the request body: the same clientOrderId with another body is refused.
        request_hash text not null,
        product_id text not null,
        side text not null check (side in ('buy', 'sell')),
        type text not null,
        time_in_force text not null,
        status text not null,
        reason text,
        quantity_lots bigint not null check (quantity_lots > 0),
        notional text,
        limit_price_ticks bigint,
        stop_price_ticks bigint,
        trail_amount_ticks bigint,
        trail_percent_bp integer,
        -- The worst price the order may trade at (limit, or the collar): what the reservation is computed at.
        max_price_ticks bigint not null,
        -- The reference price when it was accepted (stops are restored against it).
        reference_ticks bigint,
        filled_lots bigint not null default 0,
        -- Sum of price ticks x lots of the fills: gross amounts are derived from it exactly.
        filled_tick_lots numeric(39, 0) not null default 0,
        gross_minor numeric(39, 0) not null default 0,
        fees_minor numeric(39, 0) not null default 0,
        -- The pending ledger transfer that holds what the order may still need, and its amount (cash minor units
        -- for a buy, units for a sell); null once released.
        reservation_id uuid,
        reserved_minor numeric(39, 0) not null default 0,
        -- True once the venue has the order (resting, or in the trigger book).
        on_venue boolean not null default false,
        expires_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (user_id, client_order_id)
      );
      create index orders_user_time on orders (user_id, created_at desc, id desc);
      create index orders_open on orders (product_id, sequence) where status in ('accepted', 'working', 'partially_filled');
      create index orders_expiry on orders (expires_at) where status in ('accepted', 'working', 'partially_filled');
    `.execute(db);
}

/** Fills, one row per order per trade. */
async function createFills(db: AnyKysely): Promise<void> {
  await sql`
      create table fills (
        id uuid primary key,
        order_id uuid not null references orders (id),
        user_id text not null,
        product_id text not null,
        side text not null,
        price_ticks bigint not null,
        lots bigint not null,
        gross_minor numeric(39, 0) not null,
        fee_minor numeric(39, 0) not null,
        liquidity text not null check (liquidity in ('maker', 'taker')),
        trade_id text not null,
        created_at timestamptz not null
      );
      create index fills_order on fills (order_id, created_at);
    `.execute(db);
}

/** The ledger outbox. */
async function createLedgerOutbox(db: AnyKysely): Promise<void> {
  await sql`
      -- Ledger writes decided but maybe not yet sent: one row per linked chain, written in the same database
      -- transaction as the state it settles, sent in sequence order, resent after a crash (ids make it idempotent).
      create table ledger_outbox (
        sequence bigserial primary key,
        product_id text not null,
        transfers jsonb not null,
        sent_at timestamptz,
        created_at timestamptz not null
      );
      create index ledger_outbox_unsent on ledger_outbox (sequence) where sent_at is null;
    `.execute(db);
}

/** Positions: average cost and realised P&L (the ledger holds the units). */
async function createPositions(db: AnyKysely): Promise<void> {
  await sql`
      create table positions (
        user_id text not null,
        product_id text not null,
        quantity_lots bigint not null default 0 check (quantity_lots >= 0),
        cost_basis_minor numeric(39, 0) not null default 0,
        realised_minor numeric(39, 0) not null default 0,
        updated_at timestamptz not null,
        primary key (user_id, product_id)
      );
    `.execute(db);
}

/** Watchlists. */
async function createWatchlists(db: AnyKysely): Promise<void> {
  await sql`
      create table watchlists (
        id uuid primary key,
        user_id text not null,
        name text not null,
        product_ids jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index watchlists_user on watchlists (user_id, created_at);
    `.execute(db);
}

/** Price alerts. */
async function createPriceAlerts(db: AnyKysely): Promise<void> {
  await sql`
      create table price_alerts (
        id uuid primary key,
        user_id text not null,
        product_id text not null,
        condition text not null check (condition in ('above', 'below')),
        price text not null,
        status text not null check (status in ('active', 'triggered', 'cancelled')),
        triggered_price text,
        triggered_at timestamptz,
        created_at timestamptz not null
      );
      create index price_alerts_user on price_alerts (user_id, created_at);
      create index price_alerts_active on price_alerts (product_id) where status = 'active';
    `.execute(db);
}
