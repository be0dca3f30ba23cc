/**
 * The plans' job queue and worker (docs/adr/0019-fund-units-nav-and-money-paths.md, 'Automated plans'): one job per plan, due date and schedule
 * version (the key), run at the due day's start (UTC) or, deferred, at the market's next open. At start-up every
 * active plan's next due date is enqueued again (the same key: nothing doubles), so a process that died between
 * storing a plan and enqueueing its job loses nothing.
 */
import { JobQueue, JobWorker, type EventBus } from '@tessera/platform';
import type { InvestmentsCore } from '../investments-core.ts';
import { PLAN_QUEUE, type PlanJobPayload, type PlanRunner, runPlanDue, scheduleNext } from './plan-runs.ts';
import type { PlansDatabase } from './plan-tables.ts';

export interface PlanJobs {
  readonly queue: JobQueue;
  readonly worker: JobWorker;
  readonly runner: PlanRunner;
}

/** Enqueues the next due date of every active plan (idempotent). */
export async function scheduleActivePlans(runner: PlanRunner): Promise<number> {
  const plans = await runner.db
    .selectFrom('plans')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_due_date', 'is not', null)
    .execute();
  for (const plan of plans) {
    await scheduleNext(runner, plan);
  }
  return plans.length;
}

export async function startPlanJobs(
  core: InvestmentsCore,
  events: EventBus | null,
  autoStart: boolean,
): Promise<PlanJobs> {
  const queue = new JobQueue({ db: core.db, now: core.now });
  const runner: PlanRunner = {
    core,
    db: core.db as unknown as PlansDatabase,
    events,
    async enqueue(payload, key, runAt) {
      await queue.enqueue({ queue: PLAN_QUEUE, key, payload, runAt, maxAttempts: 50 });
    },
  };
  const worker = new JobWorker({
    queue,
    handlers: {
      [PLAN_QUEUE]: async (job: { payload: PlanJobPayload }) => {
        await runPlanDue(runner, job.payload);
      },
    },
    concurrency: 1,
    pollIntervalMs: 5_000,
    log: core.log,
  });
  await scheduleActivePlans(runner);
  if (autoStart) {
    worker.start();
  }
  return { queue, worker, runner };
}
