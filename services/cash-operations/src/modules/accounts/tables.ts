/**
 * The cash_operations schema's core tables as Kysely sees them (migrations/0001-cash-core.ts). numeric columns come
 * back as strings on both engines (convert with BigInt), timestamptz as Date, jsonb parsed.
 */
import { sql } from 'kysely';
import type { ColumnType, Kysely } from 'kysely';
import type { ActivityDetails, PendingInfo } from '@tessera/contracts';

/** The schema this service owns. */
export const CASH_SCHEMA = 'cash_operations';

/** A table or sequence of the schema in raw SQL: `${cashTable('wallets')}` is `"cash_operations"."wallets"`. */
export function cashTable(name: string) {
  return sql.id(CASH_SCHEMA, name);
}

/** numeric in, bigint-as-string out. */
type Numeric = ColumnType<string, string | bigint, string | bigint>;
/** jsonb written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export interface WalletsTable {
  id: string;
  user_id: string;
  asset: string;
  kind: 'current' | 'savings';
  name: string;
  iban: string | null;
  deposit_chain: string | null;
  deposit_address: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface OperationsTable {
  id: string;
  wallet_id: string;
  user_id: string;
  kind: string;
  status: 'pending' | 'posted' | 'voided';
  asset: string;
  amount_minor: Numeric;
  fee_minor: Numeric;
  value_eur_minor: Numeric;
  limit_category: 'deposit' | 'withdrawal' | 'customerTransfer' | null;
  counterparty: string | null;
  description: string | null;
  pending: Json<PendingInfo | null> | null;
  details: Json<ActivityDetails> | null;
  transfer_ids: Json<string[]>;
  source: 'cash' | 'ledger';
  created_at: Date;
  settled_at: Date | null;
  /** submitting: written, the ledger not yet seen to hold its transfers (invisible); confirmed: the ledger holds them. */
  ledger_state: ColumnType<'submitting' | 'confirmed', 'submitting' | 'confirmed' | undefined>;
  /** Until when the writer owns a submitting row; after it the sweeper resolves it. Null once confirmed. */
  ledger_deadline: ColumnType<Date | null, Date | null | undefined>;
}

export interface WalletLedgerSyncTable {
  wallet_id: string;
  last_sequence: Numeric;
}

export interface FxQuotesTable {
  id: string;
  user_id: string;
  from_wallet_id: string;
  to_wallet_id: string;
  from_asset: string;
  to_asset: string;
  side: 'send' | 'receive';
  rate: string;
  mid_rate: string;
  amount_sent_minor: Numeric;
  amount_converted_minor: Numeric;
  fee_minor: Numeric;
  fee_id: 'conversionFiat' | 'conversionCrypto';
  amount_received_minor: Numeric;
  created_at: Date;
  expires_at: Date;
  used_by_operation_id: string | null;
}

/** The core tables. The rails' tables are typed in their own modules. */
export interface CashTables {
  wallets: WalletsTable;
  operations: OperationsTable;
  wallet_ledger_sync: WalletLedgerSyncTable;
  fx_quotes: FxQuotesTable;
}

/** The service's database handle (bound to {@link CASH_SCHEMA}). */
export type CashDatabase = Kysely<CashTables>;
