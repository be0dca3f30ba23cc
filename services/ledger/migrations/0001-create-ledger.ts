/**
 * The ledger's tables (docs/adr/0003-ledger.md). Transfers are append-only: corrections are new transfers. The only
 * rows updated in place are derived ones, each verifiable from the transfers: account balances, a ledger's chain
 * head (which also serves as the ledger's lock), the open-pending index, and an account's status.
 */
import { sql } from 'kysely';
import type { AnyKysely, Migration } from '@tessera/platform';

/** Tenants (the bank's own, `tessera`, first) and their ledgers. */
async function tenantsAndLedgers(db: AnyKysely): Promise<void> {
  await sql`
      create table tenants (
        id text primary key,
        owner_user_id text,
        created_at timestamptz not null default now()
      );
      insert into tenants (id, owner_user_id) values ('tessera', null);

      -- One ledger per tenant and asset. head_* is the end of the hash chain; every write to the ledger locks this
      -- row first (select ... for update, in id order), which serialises writers per ledger across processes.
      create table ledgers (
        id integer generated always as identity primary key,
        tenant_id text not null references tenants (id),
        code text not null,
        asset_kind text not null check (asset_kind in ('fiat', 'crypto', 'security', 'fund_unit')),
        scale smallint not null check (scale between 0 and 38),
        head_sequence bigint not null default 0,
        head_hash bytea not null default '\\x0000000000000000000000000000000000000000000000000000000000000000',
        head_at timestamptz not null default 'epoch',
        created_at timestamptz not null default now(),
        unique (tenant_id, code)
      );
  `.execute(db);
}

/** Accounts and the audit trail of their status changes. */
async function accounts(db: AnyKysely): Promise<void> {
  await sql`
      create table accounts (
        tenant_id text not null,
        id uuid not null,
        ledger_id integer not null references ledgers (id),
        owner_id text not null,
        type text not null,
        flags integer not null,
        status text not null check (status in ('open', 'frozen', 'closed')),
        metadata jsonb not null,
        debits_pending numeric(38, 0) not null default 0 check (debits_pending >= 0),
        debits_posted numeric(38, 0) not null default 0 check (debits_posted >= 0),
        credits_pending numeric(38, 0) not null default 0 check (credits_pending >= 0),
        credits_posted numeric(38, 0) not null default 0 check (credits_posted >= 0),
        created_at timestamptz not null,
        primary key (tenant_id, id),
        -- The database enforces the limits too, as a second path behind the engine's checks (TigerStyle).
        check (flags & 1 = 0 or debits_pending + debits_posted <= credits_posted),
        check (flags & 2 = 0 or credits_pending + credits_posted <= debits_posted)
      ) with (fillfactor = 80);
      create index accounts_owner on accounts (tenant_id, owner_id);

      -- Status changes of accounts (freeze, unfreeze, close), for the audit trail.
      create table account_events (
        tenant_id text not null,
        account_id uuid not null,
        kind text not null check (kind in ('frozen', 'unfrozen', 'closed')),
        created_at timestamptz not null default now()
      );
      create index account_events_account on account_events (tenant_id, account_id, created_at);
  `.execute(db);
}

/** The append-only transfers and their indexes. */
async function transfers(db: AnyKysely): Promise<void> {
  await sql`
      create table transfers (
        tenant_id text not null,
        id uuid not null,
        ledger_id integer not null,
        sequence bigint not null,
        debit_account_id uuid not null,
        credit_account_id uuid not null,
        amount numeric(38, 0) not null check (amount > 0),
        pending_id uuid,
        timeout_seconds integer not null,
        code integer not null,
        flags integer not null,
        metadata jsonb not null,
        created_at timestamptz not null,
        expires_at timestamptz,
        hash bytea not null,
        fingerprint bytea not null,
        dr_debits_pending numeric(38, 0) not null,
        dr_debits_posted numeric(38, 0) not null,
        dr_credits_pending numeric(38, 0) not null,
        dr_credits_posted numeric(38, 0) not null,
        cr_debits_pending numeric(38, 0) not null,
        cr_debits_posted numeric(38, 0) not null,
        cr_credits_pending numeric(38, 0) not null,
        cr_credits_posted numeric(38, 0) not null,
        primary key (tenant_id, id)
      );
      create unique index transfers_chain on transfers (ledger_id, sequence);
      -- Timestamps never decrease along a ledger's chain, so (created_at, sequence) orders an account's history and
      -- finds its balance at a point in time with one index probe.
      create index transfers_debit_history on transfers (tenant_id, debit_account_id, created_at, sequence);
      create index transfers_credit_history on transfers (tenant_id, credit_account_id, created_at, sequence);
      -- A pending transfer is posted, voided or expired at most once, whatever the engine does.
      create unique index transfers_resolving on transfers (tenant_id, pending_id) where pending_id is not null;
  `.execute(db);
}

/** The index of pending transfers still reserved. */
async function pendingTransfers(db: AnyKysely): Promise<void> {
  await sql`
      -- Pending transfers still reserved: inserted with the pending transfer, deleted when it is resolved. The expiry
      -- sweep reads it by expires_at, so its cost follows what is open, not the whole history.
      create table pending_transfers (
        tenant_id text not null,
        id uuid not null,
        ledger_id integer not null,
        debit_account_id uuid not null,
        credit_account_id uuid not null,
        expires_at timestamptz,
        primary key (tenant_id, id)
      );
      create index pending_transfers_expiry on pending_transfers (expires_at) where expires_at is not null;
      create index pending_transfers_debit on pending_transfers (tenant_id, debit_account_id);
      create index pending_transfers_credit on pending_transfers (tenant_id, credit_account_id);
  `.execute(db);
}

/** First results of rejected ids. */
async function transferRejections(db: AnyKysely): Promise<void> {
  await sql`
      -- Ids whose first attempt was rejected by a state-dependent rule (insufficient funds, unknown account, ...):
      -- a retry returns that first result instead of succeeding later (TigerBeetle's id_already_failed).
      create table transfer_rejections (
        tenant_id text not null,
        id uuid not null,
        fingerprint bytea not null,
        code text not null,
        message text not null,
        details jsonb not null,
        created_at timestamptz not null default now(),
        primary key (tenant_id, id)
      );
  `.execute(db);
}

export const createLedger: Migration = {
  // One named step per table, the same SQL in the same order (migrate.ts keeps no checksums).
  async up(db) {
    await tenantsAndLedgers(db);
    await accounts(db);
    await transfers(db);
    await pendingTransfers(db);
    await transferRejections(db);
  },
};
