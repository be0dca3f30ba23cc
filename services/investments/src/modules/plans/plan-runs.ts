/**
 * Running a plan's due date (docs/adr/0019-fund-units-nav-and-money-paths.md, 'Automated plans'). The job of a due date may be delivered more than
 * once and a process may die anywhere; a due date still runs once:
 *
 * 1. the run's row (plan, due date) is inserted once (its primary key), with the plan's amount of that moment; the
 *    plan's next due date moves on (a conditional update) and the next date's job is enqueued (keyed);
 * 2. the run's investment has an idempotency key derived from plan, due date and attempt (`plan-<id>-<date>-<n>`),
 *    its order a `clientOrderId` derived the same way: asking again answers the first operation or order, and an
 *    operation left open by a dead process is finished by the invest path's own lease and recovery;
 * 3. the run's row moves to a final status only from `pending` or `deferred` (a second delivery finds it final).
 *
 * A short available balance skips the run (nothing moves) and tells the customer; a closed market defers it to the
 * market's next open (the attempt number grows: a new operation key); anything else refused fails it with the code.
 */
import {
  FUND_KYC_LEVEL_REQUIRED,
  type FundTradingApi,
  INVESTMENTS_PLAN_TOPIC,
  type PlanRunEvent,
  type PlanTradingApi,
} from '@tessera/contracts';
import { AppError, type EventBus } from '@tessera/platform';
import { CASH_SCALE, formatFixed, parseFixed } from '../fixed.ts';
import { loadFund } from '../funds.ts';
import type { InvestmentsCore } from '../investments-core.ts';
import { invest } from '../operations.ts';
import type { PlanRunsTable, PlansDatabase, PlansTable } from './plan-tables.ts';
import { firstDueFrom } from './plan-schedule.ts';
import type { Selectable } from 'kysely';

export type PlanRow = Selectable<PlansTable>;
export type PlanRunRow = Selectable<PlanRunsTable>;

/** The job queue of plan runs; a job's payload names the plan and the due date. */
export const PLAN_QUEUE = 'investments.plan-run';
export interface PlanJobPayload {
  readonly planId: string;
  readonly dueDate: string;
}

/** When the market gives no next open, a deferred run tries again after this long. */
export const PLAN_DEFER_FALLBACK_MS = 60 * 60_000;

const FINAL = new Set(['done', 'skipped', 'failed']);

/** What running needs: the core, its database with the plans' tables, how to enqueue a job, the event bus. */
export interface PlanRunner {
  readonly core: InvestmentsCore;
  readonly db: PlansDatabase;
  readonly events: EventBus | null;
  enqueue(payload: PlanJobPayload, key: string, runAt: Date): Promise<void>;
}

export function isPlanTradingApi(value: unknown): value is PlanTradingApi {
  const candidate = value as Partial<PlanTradingApi> | null | undefined;
  return typeof candidate?.marketState === 'function' && typeof candidate.customerMarketBuy === 'function';
}

/** The trading port as plans use it (market state, a customer's buy), or null when this process has none. */
export function planTrading(core: InvestmentsCore): (FundTradingApi & Partial<PlanTradingApi>) | null {
  return core.findTrading() as (FundTradingApi & Partial<PlanTradingApi>) | null;
}

/** The key of the job that runs `dueDate` of a plan at schedule version `version`. */
export function dueJobKey(planId: string, dueDate: string, version: number): string {
  return `plan:${planId}:${dueDate}:v${version}`;
}

/** The date at which a due date's job runs: the day's start (UTC); a date already begun runs at once. */
export function dueRunAt(dueDate: string): Date {
  return new Date(`${dueDate}T00:00:00Z`);
}

/** Enqueues the job of the plan's next due date (idempotent: the key names plan, date and schedule version). */
export async function scheduleNext(runner: PlanRunner, plan: PlanRow): Promise<void> {
  if (plan.status !== 'active' || plan.next_due_date === null) {
    return;
  }
  await runner.enqueue(
    { planId: plan.id, dueDate: plan.next_due_date },
    dueJobKey(plan.id, plan.next_due_date, plan.version),
    dueRunAt(plan.next_due_date),
  );
}

async function loadRun(db: PlansDatabase, planId: string, dueDate: string): Promise<PlanRunRow | undefined> {
  return db
    .selectFrom('plan_runs')
    .selectAll()
    .where('plan_id', '=', planId)
    .where('due_date', '=', dueDate)
    .executeTakeFirst();
}

/**
 * Moves a run from pending or deferred (never from a final status: a second delivery changes nothing). Answers the
 * row and whether this call moved it.
 */
async function transition(
  runner: PlanRunner,
  run: PlanRunRow,
  values: Partial<Omit<PlanRunRow, 'plan_id' | 'due_date' | 'created_at'>>,
): Promise<{ row: PlanRunRow; moved: boolean }> {
  const row = await runner.db
    .updateTable('plan_runs')
    .set({ ...values, updated_at: runner.core.now() })
    .where('plan_id', '=', run.plan_id)
    .where('due_date', '=', run.due_date)
    .where('status', 'in', ['pending', 'deferred'])
    .where('attempt', '=', run.attempt)
    .returningAll()
    .executeTakeFirst();
  return row === undefined
    ? { row: (await loadRun(runner.db, run.plan_id, run.due_date))!, moved: false }
    : { row, moved: true };
}

async function settle(
  runner: PlanRunner,
  run: PlanRunRow,
  values: Partial<Omit<PlanRunRow, 'plan_id' | 'due_date' | 'created_at'>>,
): Promise<PlanRunRow> {
  return (await transition(runner, run, values)).row;
}

/** The plan's next due date after `dueDate` (null past the end date). */
function following(plan: PlanRow, dueDate: string): string | null {
  const next = firstDueFrom(plan.anchor_date, plan.frequency, dueDate, true);
  return plan.end_date !== null && next > plan.end_date ? null : next;
}

/** Runs a plan's due date (the job's handler). Idempotent; throws to be retried (the job's backoff). */
export async function runPlanDue(runner: PlanRunner, payload: PlanJobPayload): Promise<PlanRunRow | null> {
  const { db, core } = runner;
  let plan = await db.selectFrom('plans').selectAll().where('id', '=', payload.planId).executeTakeFirst();
  if (plan === undefined) {
    return null;
  }
  let run = await loadRun(db, plan.id, payload.dueDate);
  if (run === undefined) {
    // A stale job (the plan was paused, resumed, edited or cancelled since): nothing to run.
    if (plan.status !== 'active' || plan.next_due_date !== payload.dueDate) {
      return null;
    }
    const now = core.now();
    await db
      .insertInto('plan_runs')
      .values({
        plan_id: plan.id,
        due_date: payload.dueDate,
        status: 'pending',
        amount_minor: plan.amount_minor,
        attempt: 0,
        run_at: null,
        units: null,
        quantity: null,
        operation_id: null,
        order_id: null,
        reason: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['plan_id', 'due_date']).doNothing())
      .execute();
    run = (await loadRun(db, plan.id, payload.dueDate))!;
  }
  if (plan.next_due_date === payload.dueDate && plan.status === 'active') {
    // The schedule moves on once this date has its run (a process that died here moves it on next time).
    const next = following(plan, payload.dueDate);
    plan =
      (await db
        .updateTable('plans')
        .set({
          next_due_date: next,
          status: next === null ? 'ended' : 'active',
          updated_at: core.now(),
        })
        .where('id', '=', plan.id)
        .where('next_due_date', '=', payload.dueDate)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst()) ?? plan;
  }
  await scheduleNext(runner, plan);
  if (FINAL.has(run.status)) {
    return run;
  }
  if (run.status === 'deferred' && run.run_at !== null && run.run_at.getTime() > core.now().getTime()) {
    return run;
  }
  if (plan.status === 'paused' || plan.status === 'cancelled') {
    return settle(runner, run, {
      status: 'skipped',
      reason: plan.status === 'paused' ? 'INVESTMENTS_PLAN_PAUSED' : 'INVESTMENTS_PLAN_CANCELLED',
    });
  }
  return execute(runner, plan, run);
}

/** A refusal the service answers with (a 4xx AppError): the run ends with its code instead of being retried. */
function refusalCode(error: unknown): string | null {
  return error instanceof AppError && error.statusCode < 500 ? error.code : null;
}

async function defer(
  runner: PlanRunner,
  plan: PlanRow,
  run: PlanRunRow,
  nextOpenAt: string | null,
  reason: string,
) {
  const at =
    nextOpenAt !== null && Date.parse(nextOpenAt) > runner.core.now().getTime()
      ? new Date(nextOpenAt)
      : new Date(runner.core.now().getTime() + PLAN_DEFER_FALLBACK_MS);
  const attempt = run.attempt + 1;
  const { row: deferred, moved } = await transition(runner, run, {
    status: 'deferred',
    attempt,
    run_at: at,
    reason,
  });
  if (moved) {
    await runner.enqueue(
      { planId: plan.id, dueDate: run.due_date },
      `plan:${plan.id}:${run.due_date}:a${attempt}`,
      at,
    );
  }
  return deferred;
}

async function skip(
  runner: PlanRunner,
  plan: PlanRow,
  run: PlanRunRow,
  reason: string,
  operationId: string | null = null,
): Promise<PlanRunRow> {
  const { row, moved } = await transition(runner, run, {
    status: 'skipped',
    reason,
    ...(operationId === null ? {} : { operation_id: operationId }),
  });
  if (moved) {
    await publish(runner, plan, row);
  }
  return row;
}

/** Tells the customer (user management turns it into a notification, once per plan and due date). */
async function publish(runner: PlanRunner, plan: PlanRow, run: PlanRunRow): Promise<void> {
  if (runner.events === null) {
    return;
  }
  const event: PlanRunEvent = {
    userId: plan.user_id,
    planId: plan.id,
    dueDate: run.due_date,
    status: run.status,
    amount: formatFixed(BigInt(run.amount_minor), CASH_SCALE),
    currency: plan.currency,
    reason: run.reason,
  };
  try {
    await runner.events.publish(INVESTMENTS_PLAN_TOPIC, event);
  } catch (error) {
    runner.core.log.warn({ err: error, planId: plan.id }, 'a plan run was not published');
  }
}

/** The key of a run's attempt: its fund operation's idempotency key and its order's clientOrderId. */
export function runKey(run: Pick<PlanRunRow, 'plan_id' | 'due_date' | 'attempt'>): string {
  return `plan-${run.plan_id}-${run.due_date}-${run.attempt}`;
}

async function execute(runner: PlanRunner, plan: PlanRow, run: PlanRunRow): Promise<PlanRunRow> {
  const { core } = runner;
  const amount = formatFixed(BigInt(run.amount_minor), CASH_SCALE);
  const key = runKey(run);
  const started = await core.db
    .selectFrom('fund_operations')
    .select('id')
    .where('user_id', '=', plan.user_id)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (started === undefined) {
    // Before anything moves: who may invest, from what, into what market.
    const profile = await core.customers.getCustomer(plan.user_id);
    if (profile.kycLevel < FUND_KYC_LEVEL_REQUIRED) {
      return settle(runner, run, { status: 'failed', reason: 'INVESTMENTS_KYC_LEVEL_REQUIRED' });
    }
    const wallet = await core.cash.currentWallet(plan.user_id, plan.currency);
    if (wallet === null) {
      return settle(runner, run, { status: 'failed', reason: 'INVESTMENTS_NO_WALLET' });
    }
    const available = (await core.fundLedger.available(wallet.accountId)) ?? '0';
    if (parseFixed(available, CASH_SCALE, 'down') < BigInt(run.amount_minor)) {
      return skip(runner, plan, run, 'INVESTMENTS_INSUFFICIENT_FUNDS');
    }
    const products =
      plan.target_kind === 'fund'
        ? (await loadFund(core, plan.fund_id!)).components.map((component) => component.productId)
        : [plan.product_id!];
    const market = await closedMarkets(core, products);
    if (market.closed) {
      return defer(runner, plan, run, market.until, 'TRADING_MARKET_CLOSED');
    }
  }
  return plan.target_kind === 'fund'
    ? investInFund(runner, plan, run, amount, key)
    : buyInstrument(runner, plan, run, amount, key);
}

/** Whether a market of `products` is closed, and the latest of their next opens (null: the market gives none). */
async function closedMarkets(
  core: InvestmentsCore,
  products: readonly string[],
): Promise<{ closed: boolean; until: string | null }> {
  const port = planTrading(core);
  let until: string | null = null;
  let closed = false;
  if (port?.marketState === undefined) {
    return { closed, until };
  }
  for (const productId of products) {
    const market = await port.marketState(productId);
    if (market !== null && !market.open) {
      closed = true;
      if (market.nextOpenAt !== null && (until === null || market.nextOpenAt > until)) {
        until = market.nextOpenAt;
      }
    }
  }
  return { closed, until };
}

async function investInFund(
  runner: PlanRunner,
  plan: PlanRow,
  run: PlanRunRow,
  amount: string,
  key: string,
): Promise<PlanRunRow> {
  let operation;
  try {
    ({ operation } = await invest(runner.core, plan.user_id, plan.fund_id!, amount, key));
  } catch (error) {
    const code = refusalCode(error);
    if (code === null) {
      throw error;
    }
    if (code === 'INVESTMENTS_MARKET_CLOSED') {
      // A market closed between the check above and the investment's own: the run waits for the open like any other.
      const fund = await loadFund(runner.core, plan.fund_id!);
      const market = await closedMarkets(
        runner.core,
        fund.components.map((component) => component.productId),
      );
      return defer(runner, plan, run, market.until, 'TRADING_MARKET_CLOSED');
    }
    return code === 'INVESTMENTS_INSUFFICIENT_FUNDS'
      ? skip(runner, plan, run, code)
      : settle(runner, run, { status: 'failed', reason: code });
  }
  switch (operation.status) {
    case 'minted':
      return settle(runner, run, {
        status: 'done',
        units: operation.units,
        operation_id: operation.id,
        reason: null,
        run_at: null,
      });
    case 'refunded':
      if (operation.reason === 'TRADING_MARKET_CLOSED') {
        const market = await planTrading(runner.core)?.marketState?.(
          (await loadFund(runner.core, plan.fund_id!)).components[0]!.productId,
        );
        return defer(runner, plan, run, market?.nextOpenAt ?? null, 'TRADING_MARKET_CLOSED');
      }
      if (operation.reason === 'INVESTMENTS_INSUFFICIENT_FUNDS') {
        return skip(runner, plan, run, operation.reason, operation.id);
      }
      return settle(runner, run, {
        status: 'failed',
        operation_id: operation.id,
        reason: operation.reason ?? 'INVESTMENTS_TRADING_UNAVAILABLE',
      });
    default:
      // Still open (the engine or the ledger threw): the invest path's lease and recovery finish it; ask again later.
      await settle(runner, run, { operation_id: operation.id });
      throw new Error(`The investment of plan ${plan.id} for ${run.due_date} is still ${operation.status}.`);
  }
}

async function buyInstrument(
  runner: PlanRunner,
  plan: PlanRow,
  run: PlanRunRow,
  amount: string,
  key: string,
): Promise<PlanRunRow> {
  const port = planTrading(runner.core);
  if (port?.customerMarketBuy === undefined) {
    throw new Error('This process has no trading port for a plan’s order: the run waits for it.');
  }
  try {
    await runner.core.requireVerified(plan.user_id, { legal: true });
  } catch (error) {
    const code = refusalCode(error);
    if (code === null) {
      throw error;
    }
    return settle(runner, run, { status: 'failed', reason: code });
  }
  const result = await port.customerMarketBuy(plan.user_id, {
    clientOrderId: key,
    productId: plan.product_id!,
    notional: amount,
  });
  if (result.status !== 'rejected') {
    return settle(runner, run, {
      status: 'done',
      quantity: result.filledQuantity,
      order_id: result.orderId,
      reason: result.status === 'partially_filled' ? (result.reason ?? 'TRADING_PARTIALLY_FILLED') : null,
      run_at: null,
    });
  }
  if (result.reason === 'TRADING_MARKET_CLOSED') {
    const market = await port.marketState?.(plan.product_id!);
    return defer(runner, plan, run, market?.nextOpenAt ?? null, result.reason);
  }
  if (result.reason === 'TRADING_INSUFFICIENT_BUYING_POWER') {
    return skip(runner, plan, run, 'INVESTMENTS_INSUFFICIENT_FUNDS');
  }
  return settle(runner, run, {
    status: 'failed',
    order_id: result.orderId,
    reason: result.reason ?? 'TRADING_VENUE_REJECTED',
  });
}
