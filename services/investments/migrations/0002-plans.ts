/**
 * Automated investment plans (docs/adr/0019-fund-units-nav-and-money-paths.md, 'Automated plans'): the plans, and one row per plan and due date in
 * `plan_runs` (its primary key): a due date runs once, however often its job is delivered and across restarts.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const createPlans: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table plans (
        id uuid primary key,
        user_id text not null,
        target_kind text not null check (target_kind in ('fund', 'instrument')),
        fund_id uuid references funds (id),
        product_id text,
        currency text not null,
        wallet_id text not null,
        amount_minor text not null,
        frequency text not null check (frequency in ('weekly', 'biweekly', 'monthly')),
        start_date text not null,
        end_date text,
        anchor_date text not null,
        status text not null check (status in ('active', 'paused', 'cancelled', 'ended')),
        next_due_date text,
        version integer not null default 0,
        idempotency_key text not null,
        request_hash text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (user_id, idempotency_key),
        check ((target_kind = 'fund') = (fund_id is not null)),
        check ((target_kind = 'instrument') = (product_id is not null))
      );
      create index plans_user on plans (user_id, created_at);
      create index plans_due on plans (status, next_due_date);
      create table plan_runs (
        plan_id uuid not null references plans (id),
        due_date text not null,
        status text not null check (status in ('pending', 'deferred', 'done', 'skipped', 'failed')),
        amount_minor text not null,
        attempt integer not null default 0,
        run_at timestamptz,
        units text,
        quantity text,
        operation_id text,
        order_id text,
        reason text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (plan_id, due_date)
      );
    `.execute(db);
  },
};
