/**
 * Plans: create, list, read with runs, edit, pause, resume, cancel (docs/adr/0019-fund-units-nav-and-money-paths.md, 'Automated plans'). A customer
 * reaches only their own plans: another customer's plan answers INVESTMENTS_PLAN_NOT_FOUND, like one that does not
 * exist. Every change of the schedule bumps the plan's version, which names the job of its next due date, so a job
 * enqueued before the change finds the plan moved on and does nothing.
 */
import { createHash } from 'node:crypto';
import {
  type CreatePlanRequest,
  FUND_INVEST_AMOUNT_MAX,
  FUND_INVEST_AMOUNT_MIN,
  type Plan,
  type PlanDetail,
  type PlanFrequency,
  type PlanRun,
  type PlanTarget,
  PLAN_RUNS_SHOWN_MAX,
  PLAN_START_AHEAD_MAX_DAYS,
  PLANS_PER_CUSTOMER_MAX,
  type UpdatePlanRequest,
  uuidv7,
} from '@tessera/contracts';
import {
  AmountTooLargeError,
  AmountTooSmallError,
  IdempotencyKeyReusedError,
  InstrumentNotTradableError,
  NoWalletError,
} from '../../errors.ts';
import { CASH_SCALE, formatFixed, parseFixed } from '../fixed.ts';
import { loadFund, requireInvestable } from '../funds.ts';
import {
  PlanDatesInvalidError,
  PlanLimitError,
  PlanNotFoundError,
  PlanStateConflictError,
  PlanWalletNotFoundError,
} from './plan-errors.ts';
import { type PlanRow, type PlanRunner, type PlanRunRow, scheduleNext } from './plan-runs.ts';
import { addDays, dayOfDate, firstDueFrom, upcomingDueDates } from './plan-schedule.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cents = (minor: bigint | string): string => formatFixed(BigInt(minor), CASH_SCALE);

function checkedAmount(amount: string): bigint {
  const minor = parseFixed(amount, CASH_SCALE);
  if (minor < parseFixed(FUND_INVEST_AMOUNT_MIN, CASH_SCALE)) {
    throw new AmountTooSmallError(undefined, { minimum: FUND_INVEST_AMOUNT_MIN });
  }
  if (minor > parseFixed(FUND_INVEST_AMOUNT_MAX, CASH_SCALE)) {
    throw new AmountTooLargeError(undefined, { maximum: FUND_INVEST_AMOUNT_MAX });
  }
  return minor;
}

export function runView(row: PlanRunRow): PlanRun {
  return {
    dueDate: row.due_date,
    status: row.status,
    amount: cents(row.amount_minor),
    units: row.units,
    quantity: row.quantity,
    reason: row.reason,
    runAt: row.run_at?.toISOString() ?? null,
    operationId: row.operation_id,
    orderId: row.order_id,
    updatedAt: row.updated_at.toISOString(),
  };
}

async function targetName(runner: PlanRunner, row: PlanRow): Promise<string> {
  if (row.target_kind === 'instrument') {
    return row.product_id!;
  }
  const fund = await runner.db
    .selectFrom('funds')
    .select('name')
    .where('id', '=', row.fund_id!)
    .executeTakeFirst();
  return fund?.name ?? row.fund_id!;
}

async function planView(runner: PlanRunner, row: PlanRow): Promise<Plan> {
  const last = await runner.db
    .selectFrom('plan_runs')
    .selectAll()
    .where('plan_id', '=', row.id)
    .orderBy('due_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  const target: PlanTarget =
    row.target_kind === 'fund'
      ? { kind: 'fund', fundId: row.fund_id! }
      : ({ kind: 'instrument', productId: row.product_id! } as PlanTarget);
  return {
    id: row.id,
    target,
    targetName: await targetName(runner, row),
    currency: row.currency,
    amount: cents(row.amount_minor),
    frequency: row.frequency,
    startDate: row.start_date,
    endDate: row.end_date,
    walletId: row.wallet_id,
    status: row.status,
    nextRunDate: row.next_due_date,
    lastRun: last === undefined ? null : runView(last),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function detailView(runner: PlanRunner, row: PlanRow): Promise<PlanDetail> {
  const runs = await runner.db
    .selectFrom('plan_runs')
    .selectAll()
    .where('plan_id', '=', row.id)
    .orderBy('due_date', 'desc')
    .limit(PLAN_RUNS_SHOWN_MAX)
    .execute();
  return { ...(await planView(runner, row)), runs: runs.map(runView) };
}

/** The caller's plan, or INVESTMENTS_PLAN_NOT_FOUND (also for another customer's plan). */
async function ownPlan(runner: PlanRunner, userId: string, planId: string): Promise<PlanRow> {
  if (!UUID.test(planId)) {
    throw new PlanNotFoundError();
  }
  const row = await runner.db
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', planId.toLowerCase())
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) {
    throw new PlanNotFoundError();
  }
  return row;
}

/** What the plan buys and in which currency (the fund's, or the instrument's quote currency). */
async function resolveTarget(
  runner: PlanRunner,
  target: PlanTarget,
): Promise<{ currency: string; name: string; feePercent: string | null }> {
  if (target.kind === 'fund') {
    const fund = requireInvestable(await loadFund(runner.core, target.fundId));
    return { currency: fund.currency, name: fund.name, feePercent: fund.feePercent };
  }
  const instrument = await runner.core.trading().instrument(target.productId);
  if (instrument === null || !instrument.tradable) {
    throw new InstrumentNotTradableError(undefined, { productId: target.productId });
  }
  return { currency: instrument.currency, name: target.productId, feePercent: null };
}

/** The caller's current wallet in the currency; a `walletId` given must be it. */
async function sourceWallet(
  runner: PlanRunner,
  userId: string,
  currency: string,
  walletId: string | undefined,
): Promise<string> {
  const wallet = await runner.core.cash.currentWallet(userId, currency);
  if (wallet === null) {
    throw new NoWalletError(undefined, { currency });
  }
  if (walletId !== undefined && walletId !== wallet.walletId) {
    throw new PlanWalletNotFoundError(undefined, { currency });
  }
  return wallet.walletId;
}

function checkDates(today: string, start: string, end: string | null | undefined): void {
  if (start < today || start > addDays(today, PLAN_START_AHEAD_MAX_DAYS)) {
    throw new PlanDatesInvalidError(undefined, { field: 'startDate', today });
  }
  if (end != null && end < start) {
    throw new PlanDatesInvalidError(undefined, { field: 'endDate', startDate: start });
  }
}

/** `POST /plans/preview`: the next run dates, the source wallet and the fees, before the customer confirms. */
export async function previewPlan(runner: PlanRunner, userId: string, body: CreatePlanRequest) {
  const today = dayOfDate(runner.core.now());
  checkedAmount(body.amount);
  checkDates(today, body.startDate, body.endDate);
  const target = await resolveTarget(runner, body.target as PlanTarget);
  const walletId = await sourceWallet(runner, userId, target.currency, body.walletId);
  return {
    targetName: target.name,
    currency: target.currency,
    amount: cents(parseFixed(body.amount, CASH_SCALE)),
    walletId,
    nextRunDates: upcomingDueDates(body.startDate, body.frequency, body.startDate, body.endDate ?? null, 5),
    managementFeePercent: target.feePercent,
  };
}

/** `POST /plans` (idempotent by key). Answers the plan and whether it was created now. */
export async function createPlan(
  runner: PlanRunner,
  userId: string,
  body: CreatePlanRequest,
  key: string,
): Promise<{ plan: PlanDetail; created: boolean }> {
  const { core, db } = runner;
  const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const existing = await db
    .selectFrom('plans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (existing !== undefined) {
    if (existing.request_hash !== requestHash) {
      throw new IdempotencyKeyReusedError();
    }
    return { plan: await detailView(runner, existing), created: false };
  }
  const amountMinor = checkedAmount(body.amount);
  const today = dayOfDate(core.now());
  checkDates(today, body.startDate, body.endDate);
  await core.requireVerified(userId, { legal: true });
  const target = body.target as PlanTarget;
  const resolved = await resolveTarget(runner, target);
  const walletId = await sourceWallet(runner, userId, resolved.currency, body.walletId);
  const open = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'paused'])
    .executeTakeFirstOrThrow();
  if (Number(open.count) >= PLANS_PER_CUSTOMER_MAX) {
    throw new PlanLimitError(undefined, { maximum: PLANS_PER_CUSTOMER_MAX });
  }
  const now = core.now();
  const inserted = await db
    .insertInto('plans')
    .values({
      id: uuidv7(now.getTime()),
      user_id: userId,
      target_kind: target.kind,
      fund_id: target.kind === 'fund' ? target.fundId.toLowerCase() : null,
      product_id: target.kind === 'instrument' ? target.productId : null,
      currency: resolved.currency,
      wallet_id: walletId,
      amount_minor: amountMinor.toString(),
      frequency: body.frequency,
      start_date: body.startDate,
      end_date: body.endDate ?? null,
      anchor_date: body.startDate,
      status: 'active',
      next_due_date: body.startDate,
      version: 0,
      idempotency_key: key,
      request_hash: requestHash,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted === undefined) {
    return createPlan(runner, userId, body, key);
  }
  await scheduleNext(runner, inserted);
  return { plan: await detailView(runner, inserted), created: true };
}

export async function listPlans(runner: PlanRunner, userId: string): Promise<Plan[]> {
  const rows = await runner.db
    .selectFrom('plans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return Promise.all(rows.map((row) => planView(runner, row)));
}

export async function readPlan(runner: PlanRunner, userId: string, planId: string): Promise<PlanDetail> {
  return detailView(runner, await ownPlan(runner, userId, planId));
}

/** Stores a plan's new state if nobody changed it since it was read (its version), and schedules its next run. */
async function store(
  runner: PlanRunner,
  row: PlanRow,
  values: Partial<Omit<PlanRow, 'id' | 'user_id' | 'version' | 'created_at'>>,
): Promise<PlanDetail> {
  const updated = await runner.db
    .updateTable('plans')
    .set({ ...values, version: row.version + 1, updated_at: runner.core.now() })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (updated === undefined) {
    throw new PlanStateConflictError(undefined, { reason: 'changed meanwhile: read it again' });
  }
  await scheduleNext(runner, updated);
  return detailView(runner, updated);
}

/** The next due date from today on (missed dates are not run), or null past the end date. */
function nextFromToday(
  runner: PlanRunner,
  anchor: string,
  frequency: PlanFrequency,
  end: string | null,
): string | null {
  const next = firstDueFrom(anchor, frequency, dayOfDate(runner.core.now()));
  return end !== null && next > end ? null : next;
}

/** `PATCH /plans/:planId`: amount, frequency, end date, source wallet, from the next run on. */
export async function updatePlan(
  runner: PlanRunner,
  userId: string,
  planId: string,
  body: UpdatePlanRequest,
): Promise<PlanDetail> {
  const row = await ownPlan(runner, userId, planId);
  if (row.status !== 'active' && row.status !== 'paused') {
    throw new PlanStateConflictError(undefined, { status: row.status });
  }
  const values: Partial<PlanRow> = {};
  if (body.amount !== undefined) {
    values.amount_minor = checkedAmount(body.amount).toString();
  }
  const today = dayOfDate(runner.core.now());
  if (body.endDate !== undefined) {
    if (body.endDate !== null && (body.endDate < today || body.endDate < row.start_date)) {
      throw new PlanDatesInvalidError(undefined, { field: 'endDate', today, startDate: row.start_date });
    }
    values.end_date = body.endDate;
  }
  if (body.walletId !== undefined) {
    values.wallet_id = await sourceWallet(runner, userId, row.currency, body.walletId);
  }
  if (body.frequency !== undefined && body.frequency !== row.frequency) {
    // The next run keeps its date; the ones after it follow the new frequency.
    values.frequency = body.frequency;
    values.anchor_date = row.next_due_date ?? firstDueFrom(row.anchor_date, row.frequency, today);
  }
  if (row.status === 'active') {
    // The next run keeps its date (the new frequency counts from it); an end date before it ends the plan.
    const end = values.end_date !== undefined ? values.end_date : row.end_date;
    if (row.next_due_date !== null && end !== null && row.next_due_date > end) {
      values.next_due_date = null;
      values.status = 'ended';
    }
  }
  return store(runner, row, values);
}

export async function pausePlan(runner: PlanRunner, userId: string, planId: string): Promise<PlanDetail> {
  const row = await ownPlan(runner, userId, planId);
  if (row.status === 'paused') {
    return detailView(runner, row);
  }
  if (row.status !== 'active') {
    throw new PlanStateConflictError(undefined, { status: row.status });
  }
  return store(runner, row, { status: 'paused', next_due_date: null });
}

/** Resumes from today: the next due date on or after today; the dates missed while paused are not run. */
export async function resumePlan(runner: PlanRunner, userId: string, planId: string): Promise<PlanDetail> {
  const row = await ownPlan(runner, userId, planId);
  if (row.status === 'active') {
    return detailView(runner, row);
  }
  if (row.status !== 'paused') {
    throw new PlanStateConflictError(undefined, { status: row.status });
  }
  const next = nextFromToday(runner, row.anchor_date, row.frequency, row.end_date);
  return store(runner, row, { status: next === null ? 'ended' : 'active', next_due_date: next });
}

/** Cancels for good (a run already deferred is skipped when its time comes). */
export async function cancelPlan(runner: PlanRunner, userId: string, planId: string): Promise<PlanDetail> {
  const row = await ownPlan(runner, userId, planId);
  if (row.status === 'cancelled') {
    return detailView(runner, row);
  }
  if (row.status === 'ended') {
    throw new PlanStateConflictError(undefined, { status: row.status });
  }
  return store(runner, row, { status: 'cancelled', next_due_date: null });
}
