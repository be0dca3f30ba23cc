/**
 * Cash operations' core tables (docs/adr/0005-cash-operations.md). Balances are never stored here: the ledger is
 * the only source of truth for money. These tables hold what the ledger does not know: which customer owns which
 * wallet account and how it is named, the operation records behind the activity list, FX quotes, and the
 * Idempotency-Key store. The rails add theirs in 0002.
 */
import { sql } from 'kysely';
import { type AnyKysely, createIdempotencyKeysTable, type Migration } from '@tessera/platform';

/** The IBAN sequence and the wallets. */
async function createWalletTables(db: AnyKysely): Promise<void> {
  await sql`
      -- Numbers the virtual IBANs (generateVirtualIban of @tessera/contracts): one per EUR current wallet.
      create sequence wallet_iban_sequence minvalue 1 maxvalue 999999999999 no cycle;

      -- A wallet is a customer's ledger account in one asset; its id is the ledger account id.
      create table wallets (
        id uuid primary key,
        user_id text not null,
        asset text not null,
        kind text not null check (kind in ('current', 'savings')),
        name text not null,
        iban text unique,
        deposit_chain text,
        deposit_address text,
        created_at timestamptz not null default now(),
        unique (deposit_chain, deposit_address)
      );
      create index wallets_user on wallets (user_id, asset, created_at);
      -- Revolut's model: one current wallet per asset and customer, any number of savings vaults (bounded in code).
      create unique index wallets_one_current_per_asset on wallets (user_id, asset) where kind = 'current';
`.execute(db);
}

/** The operations behind the activity list and how far each wallet's ledger history is projected. */
async function createOperationTables(db: AnyKysely): Promise<void> {
  await sql`
      -- The operations behind the activity list: one row per customer-visible movement of one wallet. Rows written
      -- by cash operations carry source 'cash'; movements made by other services (trading) are read from the
      -- wallet's ledger history and projected here with source 'ledger'.
      create table operations (
        id uuid not null,
        wallet_id uuid not null references wallets (id),
        user_id text not null,
        kind text not null,
        status text not null check (status in ('pending', 'posted', 'voided')),
        asset text not null,
        amount_minor numeric(39, 0) not null,
        fee_minor numeric(39, 0) not null default 0 check (fee_minor >= 0),
        -- The absolute EUR value when it happened, for the rolling 30-day KYC limits.
        value_eur_minor numeric(39, 0) not null default 0,
        limit_category text check (limit_category in ('deposit', 'withdrawal', 'customerTransfer')),
        counterparty text,
        description text,
        pending jsonb,
        transfer_ids jsonb not null default '[]',
        source text not null check (source in ('cash', 'ledger')),
        created_at timestamptz not null,
        settled_at timestamptz,
        primary key (id, wallet_id)
      );
      create index operations_wallet_time on operations (wallet_id, created_at desc, id desc);
      create index operations_user_time on operations (user_id, created_at desc, id desc);
      create index operations_limits on operations (user_id, limit_category, created_at)
        where limit_category is not null;

      -- How far each wallet's ledger history has been projected into operations.
      create table wallet_ledger_sync (
        wallet_id uuid primary key references wallets (id),
        last_sequence numeric(39, 0) not null default 0
      );
`.execute(db);
}

/** FX quotes. */
async function createFxQuotes(db: AnyKysely): Promise<void> {
  await sql`
      create table fx_quotes (
        id uuid primary key,
        user_id text not null,
        from_wallet_id uuid not null,
        to_wallet_id uuid not null,
        from_asset text not null,
        to_asset text not null,
        side text not null check (side in ('send', 'receive')),
        rate text not null,
        mid_rate text not null,
        amount_sent_minor numeric(39, 0) not null,
        amount_converted_minor numeric(39, 0) not null,
        fee_minor numeric(39, 0) not null,
        fee_id text not null,
        amount_received_minor numeric(39, 0) not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_by_operation_id uuid
      );
      create index fx_quotes_user on fx_quotes (user_id, created_at);
    `.execute(db);
}

export const createCashCore: Migration = {
  async up(db) {
    await createIdempotencyKeysTable(db);
    await createWalletTables(db);
    await createOperationTables(db);
    await createFxQuotes(db);
  },
};
