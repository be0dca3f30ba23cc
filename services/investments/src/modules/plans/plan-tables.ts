/** The plans' tables as Kysely sees them (migrations/0002-plans.ts). */
import type { PlanFrequency, PlanRunStatus, PlanStatus } from '@tessera/contracts';
import type { Kysely } from 'kysely';
import type { InvestmentsTables } from '../tables.ts';

export interface PlansTable {
  id: string;
  user_id: string;
  target_kind: 'fund' | 'instrument';
  fund_id: string | null;
  product_id: string | null;
  currency: string;
  wallet_id: string;
  amount_minor: string;
  frequency: PlanFrequency;
  start_date: string;
  end_date: string | null;
  /** The date the schedule counts from (the start; the next due date when the frequency changed). */
  anchor_date: string;
  status: PlanStatus;
  next_due_date: string | null;
  /** Bumped by every change of the schedule (pause, resume, edit): names the due date's job. */
  version: number;
  idempotency_key: string;
  request_hash: string;
  created_at: Date;
  updated_at: Date;
}

export interface PlanRunsTable {
  plan_id: string;
  due_date: string;
  status: PlanRunStatus;
  amount_minor: string;
  /** Increased each time a closed market defers the run (names the attempt's operation or order). */
  attempt: number;
  run_at: Date | null;
  units: string | null;
  quantity: string | null;
  operation_id: string | null;
  order_id: string | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface PlansTables extends InvestmentsTables {
  plans: PlansTable;
  plan_runs: PlanRunsTable;
}

export type PlansDatabase = Kysely<PlansTables>;
