/** The tokenized-assets tables as Kysely sees them (migrations/0003-tokens.ts), with the funds they refer to. */
import type { Kysely } from 'kysely';
import type { InvestmentsTables } from '../tables.ts';

export interface TokenHoldersTable {
  fund_id: string;
  user_id: string;
  since: Date;
}

export interface TokenFreezesTable {
  fund_id: string;
  user_id: string;
  /** The frozen part in millionths of a unit; the pending ledger transfer `hold_id` holds exactly this. */
  frozen_micro: string;
  /** Bumped at every change: the next hold's id is derived from it. */
  version: number;
  hold_id: string | null;
  updated_at: Date;
}

export interface TokenPausesTable {
  fund_id: string;
  paused: boolean;
  updated_at: Date;
}

export interface TokenTransfersTable {
  id: string;
  fund_id: string;
  kind: 'transfer' | 'forced' | 'mint' | 'burn';
  requested_by: string;
  idempotency_key: string;
  request_hash: string;
  from_user_id: string;
  to_user_id: string;
  units_micro: string;
  reason: string | null;
  created_at: Date;
}

export interface TokenDistributionsTable {
  id: string;
  fund_id: string;
  issuer_id: string;
  idempotency_key: string;
  request_hash: string;
  wallet_account_id: string;
  amount_minor: string;
  /** JSON of the TokenDistributionShare list fixed when the distribution was first asked. */
  shares: string;
  status: 'pending' | 'done';
  created_at: Date;
}

export interface TokenAuditTable {
  id: string;
  fund_id: string;
  action: string;
  actor_id: string;
  actor_role: 'manager' | 'staff';
  holder_id: string | null;
  units_micro: string | null;
  amount_minor: string | null;
  reason: string | null;
  created_at: Date;
}

export interface TokenRecipientLookupsTable {
  user_id: string;
  email_sha256: string;
  looked_up_at: Date;
}

export interface TokensTables extends InvestmentsTables {
  token_holders: TokenHoldersTable;
  token_freezes: TokenFreezesTable;
  token_pauses: TokenPausesTable;
  token_transfers: TokenTransfersTable;
  token_distributions: TokenDistributionsTable;
  token_audit: TokenAuditTable;
  token_recipient_lookups: TokenRecipientLookupsTable;
}

export type TokensDatabase = Kysely<TokensTables>;
