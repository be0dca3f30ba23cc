/**
 * Settings section notifications (modules/notifications): the customer's notifications, their channels per type
 * and their balance rules.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const createNotifications: Migration = {
  async up(db) {
    await sql`
      create table notifications (
        id uuid primary key,
        user_id uuid not null,
        type text not null,
        params jsonb not null,
        -- What caused it (an operation and its status, an order, a rule's crossing): the same cause heard twice
        -- (a redelivered event) makes one notification.
        source_key text,
        -- False when the customer turned the in-app channel off for this type: kept only so a redelivered event
        -- is not e-mailed twice; never listed.
        in_app boolean not null default true,
        read_at timestamptz,
        created_at timestamptz not null default now(),
        unique (user_id, source_key)
      );
      create index notifications_user_created on notifications (user_id, created_at desc, id desc);

      create table notification_preferences (
        user_id uuid primary key,
        channels jsonb not null,
        updated_at timestamptz not null default now()
      );

      create table balance_rules (
        id uuid primary key,
        user_id uuid not null,
        wallet_id uuid not null,
        asset text not null,
        direction text not null check (direction in ('below', 'above')),
        -- Minor units of the wallet's asset, as digits (numeric: never a float).
        threshold_minor numeric(40, 0) not null,
        -- True while the rule waits for a crossing; false once it fired, until the balance crosses back.
        armed boolean not null,
        -- Counts crossings, so each firing has its own notification key.
        fired_count integer not null default 0,
        created_at timestamptz not null default now()
      );
      create index balance_rules_wallet on balance_rules (user_id, wallet_id);
    `.execute(db);
  },
};
