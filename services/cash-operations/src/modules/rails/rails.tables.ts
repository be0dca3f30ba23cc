/**
 * The rails' tables as Kysely sees them (migrations/0002-rails.ts), joined to the core's (accounts/tables.ts).
 * numeric columns are strings on both engines (BigInt them), bigint (int8) too, timestamptz Date.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Camt054ImportCredit, Camt054ImportResult, Camt054ImportStatus } from '@tessera/contracts';
import type { JobTables } from '@tessera/platform';
import type { CashTables } from '../accounts/tables.ts';

type Numeric = ColumnType<string, string | bigint, string | bigint>;
/** jsonb written as JSON text, read parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface BeneficiariesTable {
  id: string;
  user_id: string;
  kind: 'iban' | 'crypto';
  name: string;
  iban: string | null;
  bic: string | null;
  asset: string | null;
  address: string | null;
  created_at: Date;
  removed_at: Date | null;
}

export interface SavedCardsTable {
  id: string;
  user_id: string;
  processor_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: Date;
  removed_at: Date | null;
}

export type CardDepositStatus = 'requires_action' | 'authorised' | 'captured' | 'declined' | 'voided';

export interface CardDepositsTable {
  id: string;
  user_id: string;
  wallet_id: string;
  asset: string;
  amount_minor: Numeric;
  fee_minor: Numeric;
  processor_payment_id: string | null;
  status: CardDepositStatus;
  card_brand: string;
  card_last4: string;
  action_url: string | null;
  decline_code: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SepaCreditsTable {
  id: string;
  entry_reference: string;
  creditor_iban: string;
  debtor_name: string | null;
  debtor_iban: string | null;
  amount_minor: Numeric;
  currency: string;
  remittance: string | null;
  wallet_id: string | null;
  user_id: string | null;
  outcome: 'credited' | 'suspense';
  source: 'simulator' | 'camt054';
  booked_at: Date;
}

export interface CryptoDepositsTable {
  id: string;
  chain: string;
  tx_hash: string;
  wallet_id: string;
  user_id: string;
  asset: string;
  amount_minor: Numeric;
  block_height: Numeric | null;
  confirmations: number;
  confirmations_required: number;
  status: 'pending' | 'posted';
  created_at: Date;
  updated_at: Date;
}

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  wallet_id: string;
  beneficiary_id: string;
  rail: 'sepa' | 'crypto';
  destination: string;
  beneficiary_name: string;
  asset: string;
  amount_minor: Numeric;
  fee_minor: Numeric;
  status: 'pending' | 'posted' | 'voided';
  rail_reference: string | null;
  reject_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SimChainBlocksTable {
  chain: string;
  height: Numeric;
  hash: string;
  produced_at: Date;
}

export interface SimChainTransactionsTable {
  chain: string;
  tx_hash: string;
  direction: 'incoming' | 'outgoing';
  address: string;
  asset: string;
  amount_minor: Numeric;
  block_height: Numeric | null;
  created_at: Date;
}

/** An uploaded camt.054 file's credits awaiting a second admin (migrations/0004-camt054-approvals-and-audit.ts). */
export interface Camt054ImportsTable {
  id: string;
  status: Camt054ImportStatus;
  file_sha256: string;
  entries: number;
  credits: Json<Camt054ImportCredit[]>;
  credit_count: number;
  credit_total_minor: Numeric;
  skipped: number;
  uploaded_by: string;
  uploaded_by_name: string;
  uploaded_at: Date;
  expires_at: Date;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  booked_at: Date | null;
  result: Json<Camt054ImportResult> | null;
}

/** The append-only audit log (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: string;
  occurred_at: Date;
  actor_user_id: string;
  actor_username: string;
  action: string;
  subject_type: string;
  subject_id: string;
  details: Json<Record<string, unknown>>;
}

export interface RailsTables extends CashTables, JobTables {
  beneficiaries: BeneficiariesTable;
  saved_cards: SavedCardsTable;
  card_deposits: CardDepositsTable;
  sepa_credits: SepaCreditsTable;
  crypto_deposits: CryptoDepositsTable;
  withdrawals: WithdrawalsTable;
  sim_chain_blocks: SimChainBlocksTable;
  sim_chain_transactions: SimChainTransactionsTable;
  camt054_imports: Camt054ImportsTable;
  audit_log: AuditLogTable;
}

/** The service's database handle with the rails' tables (the same connection as the core's). */
export type RailsDatabase = Kysely<RailsTables>;
