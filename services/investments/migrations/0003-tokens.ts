/**
 * Tokenized assets management (docs/adr/0021-tokenized-fund-units.md): every customer who ever received units
 * other than by investing (the register's "since"), each holder's frozen part and the pending ledger transfer that
 * holds it, the paused assets, transfers and forced transfers (idempotent by key), distributions, and the audit of
 * every issuer action. Units and cash themselves are ledger balances, never columns here.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

export const createTokens: Migration = {
  async up(db: AnyKysely) {
    await sql`
      create table token_holders (
        fund_id uuid not null references funds (id),
        user_id text not null,
        since timestamptz not null,
        primary key (fund_id, user_id)
      );
      create table token_freezes (
        fund_id uuid not null references funds (id),
        user_id text not null,
        frozen_micro text not null,
        version integer not null,
        hold_id uuid,
        updated_at timestamptz not null,
        primary key (fund_id, user_id)
      );
      create table token_pauses (
        fund_id uuid primary key references funds (id),
        paused boolean not null,
        updated_at timestamptz not null
      );
      create table token_transfers (
        id uuid primary key,
        fund_id uuid not null references funds (id),
        kind text not null check (kind in ('transfer', 'forced')),
        requested_by text not null,
        idempotency_key text not null,
        request_hash text not null,
        from_user_id text not null,
        to_user_id text not null,
        units_micro text not null,
        reason text,
        created_at timestamptz not null,
        unique (requested_by, idempotency_key)
      );
      create index token_transfers_fund on token_transfers (fund_id);
      create table token_distributions (
        id uuid primary key,
        fund_id uuid not null references funds (id),
        issuer_id text not null,
        idempotency_key text not null,
        request_hash text not null,
        wallet_account_id text not null,
        amount_minor text not null,
        shares text not null,
        status text not null check (status in ('pending', 'done')),
        created_at timestamptz not null,
        unique (issuer_id, idempotency_key)
      );
      create table token_audit (
        id uuid primary key,
        fund_id uuid not null references funds (id),
        action text not null,
        actor_id text not null,
        actor_role text not null check (actor_role in ('manager', 'staff')),
        holder_id text,
        units_micro text,
        amount_minor text,
        reason text,
        created_at timestamptz not null
      );
      create index token_audit_fund on token_audit (fund_id, created_at);
      create table token_recipient_lookups (
        user_id text not null,
        email_sha256 text not null,
        looked_up_at timestamptz not null,
        primary key (user_id, email_sha256)
      );
    `.execute(db);
  },
};
