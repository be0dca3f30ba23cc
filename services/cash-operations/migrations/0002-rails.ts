/**
 * The rails' tables (docs/adr/0006-rails-and-job-queue.md): the job queue, beneficiaries, saved cards, card deposits,
 * incoming SEPA credits, crypto deposits, withdrawals, and the simulated chain's blocks and transactions. As in the
 * core, no balance is stored: money is in the ledger; these rows say which operation a ledger transfer belongs to
 * and where it stands with the outside party (processor, bank, chain).
 */
import { sql } from 'kysely';
import { type AnyKysely, createJobsTable, type Migration } from '@tessera/platform';

/** Beneficiaries and saved cards. */
async function createBeneficiariesAndSavedCards(db: AnyKysely): Promise<void> {
  await sql`
      -- Where a customer may withdraw to: an IBAN (SEPA) or a crypto address of one asset's chain.
      create table beneficiaries (
        id uuid primary key,
        user_id text not null,
        kind text not null check (kind in ('iban', 'crypto')),
        name text not null,
        iban text,
        bic text,
        asset text,
        address text,
        created_at timestamptz not null,
        removed_at timestamptz,
        check ((kind = 'iban' and iban is not null) or (kind = 'crypto' and asset is not null and address is not null))
      );
      create index beneficiaries_user on beneficiaries (user_id, created_at) where removed_at is null;

      -- Cards as the processor's tokens: never a card number, only the token, brand, last 4 digits and expiry.
      create table saved_cards (
        id uuid primary key,
        user_id text not null,
        processor_token text not null,
        brand text not null,
        last4 text not null check (last4 ~ '^[0-9]{4}$'),
        exp_month integer not null check (exp_month between 1 and 12),
        exp_year integer not null,
        is_default boolean not null default false,
        created_at timestamptz not null,
        removed_at timestamptz
      );
      create unique index saved_cards_token on saved_cards (user_id, processor_token) where removed_at is null;
      create unique index saved_cards_one_default on saved_cards (user_id) where is_default and removed_at is null;
`.execute(db);
}

/** Card deposits. */
async function createCardDeposits(db: AnyKysely): Promise<void> {
  await sql`
      -- A card deposit: one operation, its processor payment, and the two pending legs (wallet, fee).
      create table card_deposits (
        id uuid primary key,
        user_id text not null,
        wallet_id uuid not null,
        asset text not null,
        amount_minor numeric(39, 0) not null,
        fee_minor numeric(39, 0) not null,
        processor_payment_id text,
        status text not null check (status in
          ('requires_action', 'authorised', 'captured', 'declined', 'voided')),
        card_brand text not null,
        card_last4 text not null,
        action_url text,
        decline_code text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index card_deposits_user on card_deposits (user_id, created_at);
      create unique index card_deposits_payment on card_deposits (processor_payment_id);
`.execute(db);
}

/** Incoming SEPA credits and crypto deposits. */
async function createIncomingTables(db: AnyKysely): Promise<void> {
  await sql`
      -- Incoming SEPA credits, once each (entry_reference: end-to-end id, else the bank's entry reference).
      create table sepa_credits (
        id uuid primary key,
        entry_reference text not null unique,
        creditor_iban text not null,
        debtor_name text,
        debtor_iban text,
        amount_minor numeric(39, 0) not null,
        currency text not null,
        remittance text,
        wallet_id uuid,
        user_id text,
        outcome text not null check (outcome in ('credited', 'suspense')),
        source text not null check (source in ('simulator', 'camt054')),
        booked_at timestamptz not null
      );

      -- Crypto deposits seen on a chain, pending until enough confirmations.
      create table crypto_deposits (
        id uuid primary key,
        chain text not null,
        tx_hash text not null,
        wallet_id uuid not null,
        user_id text not null,
        asset text not null,
        amount_minor numeric(39, 0) not null,
        block_height bigint,
        confirmations integer not null default 0,
        confirmations_required integer not null,
        status text not null check (status in ('pending', 'posted')),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (chain, tx_hash)
      );
      create index crypto_deposits_pending on crypto_deposits (chain) where status = 'pending';
`.execute(db);
}

/** Withdrawals. */
async function createWithdrawals(db: AnyKysely): Promise<void> {
  await sql`
      -- Withdrawals: a pending hold until the rail settles (posted) or rejects (voided) the payment.
      create table withdrawals (
        id uuid primary key,
        user_id text not null,
        wallet_id uuid not null,
        beneficiary_id uuid not null,
        rail text not null check (rail in ('sepa', 'crypto')),
        destination text not null,
        beneficiary_name text not null,
        asset text not null,
        amount_minor numeric(39, 0) not null,
        fee_minor numeric(39, 0) not null,
        status text not null check (status in ('pending', 'posted', 'voided')),
        rail_reference text,
        reject_reason text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index withdrawals_user on withdrawals (user_id, created_at);
`.execute(db);
}

/** The simulated chains' blocks and transactions. */
async function createSimulatedChains(db: AnyKysely): Promise<void> {
  await sql`
      -- The simulated chains (bitcoin, ethereum): blocks and transactions, driven by the job queue.
      create table sim_chain_blocks (
        chain text not null,
        height bigint not null,
        hash text not null,
        produced_at timestamptz not null,
        primary key (chain, height)
      );
      create table sim_chain_transactions (
        chain text not null,
        tx_hash text not null,
        direction text not null check (direction in ('incoming', 'outgoing')),
        address text not null,
        asset text not null,
        amount_minor numeric(39, 0) not null,
        block_height bigint,
        created_at timestamptz not null,
        primary key (chain, tx_hash)
      );
      create index sim_chain_mempool on sim_chain_transactions (chain) where block_height is null;
    `.execute(db);
}

export const createRails: Migration = {
  async up(db) {
    await createJobsTable(db);
    await createBeneficiariesAndSavedCards(db);
    await createCardDeposits(db);
    await createIncomingTables(db);
    await createWithdrawals(db);
    await createSimulatedChains(db);
  },
};
