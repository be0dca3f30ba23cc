/**
 * The poller that runs jobs of a {@link JobQueue}: claims due jobs up to its concurrency, runs their handlers with a
 * lease heartbeat, records success or failure (exponential backoff), and stops gracefully.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobQueue } from './job-queue.ts';

/** What a handler receives besides the job. */
export interface JobHandlerContext {
  /** Aborted when the worker stops or loses the job's lease: stop early if you can (the job will run again). */
  readonly signal: AbortSignal;
}

/**
 * Runs one job. Must be idempotent: a job can run again after a crash (see job-queue.ts). Throw to retry with
 * backoff; throw {@link PermanentJobError} to fail the job at once.
 */
export type JobHandler<Payload = unknown> = (job: Job<Payload>, context: JobHandlerContext) => Promise<void>;

/** A failure that retrying cannot fix (bad payload, a rejected business rule): the job fails without retries. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Exponential backoff: `baseMs * 2^(attempt - 1)`, capped at `maxMs`, with optional jitter (50 % to 100 %). */
export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly jitter: boolean;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 5 * 60_000, jitter: true };

/** The delay before retry number `attempt` (1 after the first failure). */
export function backoffDelayMs(
  policy: BackoffPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return policy.jitter ? Math.round(delay * (0.5 + random() / 2)) : delay;
}

/** Options of {@link JobWorker}. */
export interface JobWorkerOptions {
  readonly queue: JobQueue;
  /** A handler per queue name; the worker claims only these queues. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler knows its own payload type.
  readonly handlers: Readonly<Record<string, JobHandler<any>>>;
  /** Identifies this worker in the lease (default: a random id per worker). */
  readonly workerId?: string;
  /** Jobs run at once (default 4). */
  readonly concurrency?: number;
  /** How often an idle worker looks for due jobs (default 1000 ms); an enqueue in this process wakes it earlier. */
  readonly pollIntervalMs?: number;
  /** How long a claim lasts without a heartbeat (default 30 s); heartbeats extend it every third of it. */
  readonly leaseMs?: number;
  readonly backoff?: BackoffPolicy;
  /** How long {@link JobWorker.stop} waits for running handlers (default 10 s); the rest is retried by lease. */
  readonly shutdownTimeoutMs?: number;
  readonly log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Polls a queue and runs its jobs. `start()` in production; `drain()` in tests (no timers, no waiting). */
export class JobWorker {
  readonly workerId: string;
  readonly #options: Required<Omit<JobWorkerOptions, 'log' | 'workerId'>> & Pick<JobWorkerOptions, 'log'>;
  readonly #running = new Map<string, Promise<void>>();
  readonly #stopController = new AbortController();
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(options: JobWorkerOptions) {
    this.workerId = options.workerId ?? `worker-${randomUUID()}`;
    this.#options = {
      concurrency: 4,
      pollIntervalMs: 1000,
      leaseMs: 30_000,
      backoff: DEFAULT_BACKOFF,
      shutdownTimeoutMs: 10_000,
      ...options,
    };
  }

  /** Starts polling until {@link stop}. */
  start(): void {
    if (this.#loop !== undefined) {
      throw new Error('This job worker is already started.');
    }
    const queues = new Set(Object.keys(this.#options.handlers));
    this.#unsubscribe = this.#options.queue.onEnqueued((queue) => {
      if (queues.has(queue)) {
        this.#wake?.();
      }
    });
    this.#loop = this.#poll();
  }

  /**
   * Stops claiming, aborts the handlers' signals, and waits for running handlers up to `shutdownTimeoutMs`. A
   * handler still running then keeps its lease until it runs out, and the job runs again elsewhere.
   */
  async stop(): Promise<void> {
    this.#stopController.abort();
    this.#unsubscribe?.();
    this.#wake?.();
    await this.#loop;
    const running = Promise.allSettled([...this.#running.values()]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#options.shutdownTimeoutMs);
      timer.unref();
    });
    await Promise.race([running, timeout]);
    clearTimeout(timer);
  }

  /** Claims the jobs due now (up to the free slots) and runs them to the end; returns how many ran. */
  async runDue(): Promise<number> {
    const free = this.#options.concurrency - this.#running.size;
    if (free <= 0 || this.#stopController.signal.aborted) {
      return 0;
    }
    const jobs = await this.#options.queue.claim({
      queues: Object.keys(this.#options.handlers),
      workerId: this.workerId,
      limit: free,
      leaseMs: this.#options.leaseMs,
    });
    await Promise.all(jobs.map((job) => this.#track(job)));
    return jobs.length;
  }

  /** Runs due jobs until none is due (jobs scheduled later stay); for tests and scripts. Returns how many ran. */
  async drain(passesMax = 1000): Promise<number> {
    let total = 0;
    for (let pass = 0; pass < passesMax; pass += 1) {
      const ran = await this.runDue();
      if (ran === 0) {
        return total;
      }
      total += ran;
    }
    throw new Error(`The job queue was still busy after ${passesMax} passes.`);
  }

  async #poll(): Promise<void> {
    const signal = this.#stopController.signal;
    while (!signal.aborted) {
      let claimed = 0;
      try {
        claimed = await this.#claimAndStart();
      } catch (error) {
        this.#options.log?.error({ err: error, workerId: this.workerId }, 'claiming jobs failed');
      }
      // A full claim means more may be due: look again as soon as a slot frees; otherwise wait for the interval.
      const busy = claimed > 0 && this.#running.size >= this.#options.concurrency;
      if (!signal.aborted && (claimed === 0 || busy)) {
        await this.#sleep(this.#options.pollIntervalMs);
      }
    }
  }

  /** Claims up to the free slots and starts the handlers without waiting for them. */
  async #claimAndStart(): Promise<number> {
    const free = this.#options.concurrency - this.#running.size;
    if (free <= 0) {
      return 0;
    }
    const jobs = await this.#options.queue.claim({
      queues: Object.keys(this.#options.handlers),
      workerId: this.workerId,
      limit: free,
      leaseMs: this.#options.leaseMs,
    });
    for (const job of jobs) {
      void this.#track(job).then(() => this.#wake?.());
    }
    return jobs.length;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  #track(job: Job<unknown>): Promise<void> {
    const run = this.#run(job).finally(() => this.#running.delete(job.id));
    this.#running.set(job.id, run);
    return run;
  }

  /** Runs one claimed job with a lease heartbeat and records its outcome. Never throws. */
  async #run(job: Job<unknown>): Promise<void> {
    const { queue, handlers, leaseMs, backoff, log } = this.#options;
    const controller = new AbortController();
    const onStop = () => controller.abort();
    this.#stopController.signal.addEventListener('abort', onStop, { once: true });
    const heartbeat = setInterval(
      () => {
        queue.extendLease(job, this.workerId, leaseMs).then(
          (held) => {
            if (!held) {
              controller.abort();
            }
          },
          (error: unknown) => log?.warn({ err: error, jobId: job.id }, 'extending a job lease failed'),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const handler = handlers[job.queue];
      if (handler === undefined) {
        throw new PermanentJobError(`No handler for queue ${job.queue}.`);
      }
      await handler(job, { signal: controller.signal });
      clearInterval(heartbeat);
      if (!(await queue.complete(job, this.workerId))) {
        log?.warn({ jobId: job.id, queue: job.queue }, 'a job finished after its lease was taken over');
      }
    } catch (error) {
      clearInterval(heartbeat);
      const permanent = error instanceof PermanentJobError;
      const retryAt = permanent
        ? null
        : new Date(queue.now().getTime() + backoffDelayMs(backoff, job.attempts));
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const outcome = await queue.fail(job, this.workerId, text, retryAt).catch((failError: unknown) => {
        log?.error({ err: failError, jobId: job.id }, 'recording a job failure failed');
        return 'lost' as const;
      });
      const level = outcome === 'failed' ? 'error' : 'warn';
      log?.[level](
        { err: error, jobId: job.id, queue: job.queue, attempt: job.attempts, outcome },
        'a job failed',
      );
    } finally {
      clearInterval(heartbeat);
      this.#stopController.signal.removeEventListener('abort', onStop);
    }
  }
}
