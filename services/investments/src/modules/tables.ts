/** The investments service's tables as Kysely sees them (migrations/0001-investments.ts). */
import type { FundKind, FundOperationStatus } from '@tessera/contracts';
import type { Generated, Kysely } from 'kysely';

export interface FundsTable {
  id: string;
  number: Generated<string>;
  kind: FundKind;
  manager_id: string | null;
  name: string;
  description: string;
  currency: string;
  fee_percent: string;
  units_ledger: string;
  /** `token`: an issuer token (migrations/0005-issuer-tokens.ts), no composition, priced at `par_value`. */
  asset_kind: Generated<'fund' | 'token'>;
  symbol: string | null;
  par_value: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface FundComponentsTable {
  fund_id: string;
  position: number;
  product_id: string;
  weight: string;
}

/** A subscription's plan: what each order spends; a redemption's: what each order sells and the cash share. */
export interface OperationPlan {
  readonly orders: ReadonlyArray<{
    readonly productId: string;
    readonly notional?: string;
    readonly quantity?: string;
  }>;
  /** Redemption: the pool's cash share (minor units) and the accrued fee share. */
  readonly cashShareMinor?: string;
  readonly feeShareMinor?: string;
}

export interface FundOperationsTable {
  id: string;
  fund_id: string;
  user_id: string;
  kind: 'subscription' | 'redemption';
  status: FundOperationStatus;
  idempotency_key: string;
  request_hash: string;
  wallet_account_id: string;
  amount_minor: string;
  units_micro: string;
  nav: string | null;
  /** JSON of an {@link OperationPlan}. */
  plan: string | null;
  reason: string | null;
  unwinding: Generated<boolean>;
  owner: string | null;
  lease_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface FundNavPointsTable {
  fund_id: string;
  day: string;
  nav: string;
}

export interface FundFeeDaysTable {
  fund_id: string;
  day: string;
  amount_minor: string;
  transfer_id: string;
}

export interface FundProductsTable {
  fund_id: string;
  product_id: string;
}

export interface InvestmentsTables {
  funds: FundsTable;
  fund_products: FundProductsTable;
  fund_components: FundComponentsTable;
  fund_operations: FundOperationsTable;
  fund_nav_points: FundNavPointsTable;
  fund_fee_days: FundFeeDaysTable;
}

export type InvestmentsDatabase = Kysely<InvestmentsTables>;
