/**
 * The investments service's tables (docs/adr/0019-fund-units-nav-and-money-paths.md): funds and their compositions,
 * subscriptions and redemptions as persisted state machines with an owner and a lease, the daily NAV points, the
 * management fee's days (one row per fund and day: the fee moves once), and the job queue.
 */
import { sql } from 'kysely';
import { type AnyKysely, createJobsTable, type Migration } from '@tessera/platform';

export const createInvestments: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table funds (
        id uuid primary key,
        number bigserial unique not null,
        kind text not null check (kind in ('curated', 'community')),
        manager_id text,
        name text not null,
        description text not null,
        currency text not null,
        fee_percent text not null,
        units_ledger text unique not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index funds_manager on funds (manager_id);
      create table fund_components (
        fund_id uuid not null references funds (id),
        position integer not null,
        product_id text not null,
        weight text not null,
        primary key (fund_id, product_id)
      );
      -- Every instrument a fund's composition ever named: its positions are valued until sold.
      create table fund_products (
        fund_id uuid not null references funds (id),
        product_id text not null,
        primary key (fund_id, product_id)
      );
      create table fund_operations (
        id uuid primary key,
        fund_id uuid not null references funds (id),
        user_id text not null,
        kind text not null check (kind in ('subscription', 'redemption')),
        status text not null
          check (status in ('pending', 'buying', 'minted', 'refunded', 'selling', 'paid', 'restored')),
        idempotency_key text not null,
        request_hash text not null,
        wallet_account_id text not null,
        amount_minor text not null,
        units_micro text not null,
        nav text,
        plan text,
        reason text,
        unwinding boolean not null default false,
        owner text,
        lease_until timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (user_id, idempotency_key)
      );
      create index fund_operations_open on fund_operations (status) where status in ('pending', 'buying', 'selling');
      create index fund_operations_user on fund_operations (user_id, fund_id);
      create table fund_nav_points (
        fund_id uuid not null references funds (id),
        day text not null,
        nav text not null,
        primary key (fund_id, day)
      );
      create table fund_fee_days (
        fund_id uuid not null references funds (id),
        day text not null,
        amount_minor text not null,
        transfer_id uuid not null,
        primary key (fund_id, day)
      );
    `.execute(db);
    await createJobsTable(db);
  },
};
