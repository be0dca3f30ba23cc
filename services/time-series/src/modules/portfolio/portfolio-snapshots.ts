/**
 * The recurring portfolio snapshot (docs/adr/0011-portfolio-value-history.md): one job per 5-minute slot, keyed by
 * the slot so that two writer processes enqueue it once, each run enqueueing the next slot's.
 */
import type { FastifyBaseLogger } from 'fastify';
import { JobQueue, JobWorker, type ServiceContext } from '@tessera/platform';
import type { PortfolioService } from './portfolio.service.ts';

/** The snapshot's queue and period. */
export const PORTFOLIO_SNAPSHOT_QUEUE = 'time-series.portfolio-snapshot';
export const PORTFOLIO_SNAPSHOT_EVERY_MS = 5 * 60_000;

/** The snapshot's queue and the worker that runs it (tests drain the worker). */
export interface PortfolioSnapshotJobs {
  readonly queue: JobQueue;
  readonly worker: JobWorker;
}

/**
 * Enqueues the next slot's snapshot and builds its worker; the worker is started only when `autoStart` (tests run
 * it by hand).
 */
export async function startPortfolioSnapshots(options: {
  readonly db: ServiceContext['db'];
  readonly log: FastifyBaseLogger;
  readonly now: () => number;
  readonly portfolio: PortfolioService;
  readonly autoStart: boolean;
}): Promise<PortfolioSnapshotJobs> {
  const { db, log, now, portfolio } = options;
  const queue = new JobQueue({ db, now: () => new Date(now()) });
  const enqueueNext = async () => {
    const slotMs = (Math.floor(now() / PORTFOLIO_SNAPSHOT_EVERY_MS) + 1) * PORTFOLIO_SNAPSHOT_EVERY_MS;
    await queue.enqueue({
      queue: PORTFOLIO_SNAPSHOT_QUEUE,
      key: `slot:${slotMs}`,
      payload: { slotMs },
      runAt: new Date(slotMs),
      maxAttempts: 3,
    });
  };
  const worker = new JobWorker({
    queue,
    handlers: {
      [PORTFOLIO_SNAPSHOT_QUEUE]: async () => {
        try {
          const customers = await portfolio.snapshotAll();
          log.info({ customers }, 'portfolio snapshot written');
        } finally {
          await enqueueNext();
        }
      },
    },
    concurrency: 1,
    pollIntervalMs: 5_000,
    log,
  });
  await enqueueNext();
  if (options.autoStart) {
    worker.start();
  }
  return { queue, worker };
}
