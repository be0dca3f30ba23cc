import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../database/migrate.ts';
import { openPglite } from '../database/pglite.ts';
import type { AnyKysely, Database } from '../database/types.ts';
import { describeEachDatabase } from '../testing.ts';
import { JobQueue } from './job-queue.ts';
import { backoffDelayMs, JobWorker, PermanentJobError } from './job-worker.ts';
import { createJobsTable } from './jobs-table.ts';

const migrations = { '0001-jobs': { up: createJobsTable } };

/** A clock the test moves by hand, so backoff and leases are checked without waiting. */
function manualClock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let nowMs = start;
  return {
    now: () => new Date(nowMs),
    advance(ms: number) {
      nowMs += ms;
    },
  };
}

async function jobsDb(database: Database, schema: string): Promise<AnyKysely> {
  await migrate(database.db, { schema, migrations });
  return database.db.withSchema(schema);
}

const noJitter = { baseMs: 1000, maxMs: 60_000, jitter: false };

describe('backoff', () => {
  it('doubles from the base and stops at the cap; jitter stays within half to all of it', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(noJitter, attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000,
    ]);
    expect(backoffDelayMs(noJitter, 40)).toBe(60_000);
    const jittered = { ...noJitter, jitter: true };
    expect(backoffDelayMs(jittered, 3, () => 0)).toBe(2000);
    expect(backoffDelayMs(jittered, 3, () => 1)).toBe(4000);
  });
});

describeEachDatabase('job queue', ({ createDatabase, kind }) => {
  let database: Database;
  let schemaCount = 0;

  /** A fresh schema (with its own jobs table) per test, on one database per engine. */
  async function freshQueue(clock = manualClock()) {
    database ??= await createDatabase();
    schemaCount += 1;
    const db = await jobsDb(database, `jobs_test_${schemaCount}`);
    return { db, clock, queue: new JobQueue({ db, now: clock.now }) };
  }

  it('enqueues once per (queue, key) and runs the job once', async () => {
    const { queue } = await freshQueue();
    const first = await queue.enqueue({ queue: 'mail', key: 'welcome:1', payload: { to: 'ana' } });
    const again = await queue.enqueue({ queue: 'mail', key: 'welcome:1', payload: { to: 'someone else' } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ job: first.job, created: false });
    // The same key in another queue is another job.
    expect((await queue.enqueue({ queue: 'sms', key: 'welcome:1', payload: {} })).created).toBe(true);

    const seen: unknown[] = [];
    const worker = new JobWorker({
      queue,
      handlers: { mail: async (job) => void seen.push(job.payload) },
    });
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([{ to: 'ana' }]);
    const done = await queue.get(first.job.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, lockedBy: null });
    expect(await worker.drain()).toBe(0);
  });

  it('waits for run_at before running a delayed job', async () => {
    const { queue, clock } = await freshQueue();
    await queue.enqueue({ queue: 'later', payload: 1, delayMs: 5000 });
    let runs = 0;
    const worker = new JobWorker({ queue, handlers: { later: async () => void (runs += 1) } });
    expect(await worker.drain()).toBe(0);
    clock.advance(4999);
    expect(await worker.drain()).toBe(0);
    clock.advance(1);
    expect(await worker.drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with exponential backoff, then fails it after maxAttempts', async () => {
    const { queue, clock } = await freshQueue();
    const { job } = await queue.enqueue({ queue: 'flaky', payload: {}, maxAttempts: 3 });
    let runs = 0;
    const worker = new JobWorker({
      queue,
      backoff: noJitter,
      handlers: {
        flaky: async () => {
          runs += 1;
          throw new Error(`boom ${runs}`);
        },
      },
    });
    expect(await worker.drain()).toBe(1);
    let stored = await queue.get(job.id);
    expect(stored).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Error: boom 1' });
    expect(stored!.runAt.getTime() - clock.now().getTime()).toBe(1000);

    clock.advance(999);
    expect(await worker.drain()).toBe(0);
    clock.advance(1);
    expect(await worker.drain()).toBe(1);
    stored = await queue.get(job.id);
    expect(stored).toMatchObject({ status: 'queued', attempts: 2 });
    expect(stored!.runAt.getTime() - clock.now().getTime()).toBe(2000);

    clock.advance(2000);
    expect(await worker.drain()).toBe(1);
    expect(await queue.get(job.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'Error: boom 3',
    });
    clock.advance(3_600_000);
    expect(await worker.drain()).toBe(0);
    expect(runs).toBe(3);
  });

  it('fails a job at once on a PermanentJobError', async () => {
    const { queue } = await freshQueue();
    const { job } = await queue.enqueue({ queue: 'strict', payload: {} });
    const worker = new JobWorker({
      queue,
      handlers: {
        strict: async () => {
          throw new PermanentJobError('bad payload');
        },
      },
    });
    await worker.drain();
    expect(await queue.get(job.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it("retries a crashed worker's job once its lease has run out, and fences the late finisher", async () => {
    const { queue, clock } = await freshQueue();
    const { job } = await queue.enqueue({ queue: 'work', payload: {} });
    // Worker A claims the job and "crashes": it never completes within the lease.
    const [claimedByA] = await queue.claim({ queues: ['work'], workerId: 'a', limit: 10, leaseMs: 30_000 });
    expect(claimedByA).toMatchObject({ id: job.id, attempts: 1, lockedBy: 'a', status: 'running' });
    let runsByB = 0;
    const workerB = new JobWorker({
      queue,
      workerId: 'b',
      handlers: { work: async () => void (runsByB += 1) },
    });
    expect(await workerB.drain()).toBe(0);
    clock.advance(30_000);
    expect(await workerB.drain()).toBe(1);
    expect(runsByB).toBe(1);
    expect(await queue.get(job.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    // A comes back late: its outcome is not recorded over B's.
    expect(await queue.complete(claimedByA!, 'a')).toBe(false);
    expect(await queue.fail(claimedByA!, 'a', 'late', new Date())).toBe('lost');
    expect(await queue.get(job.id)).toMatchObject({ status: 'succeeded', lastError: null });
  });

  it('never gives one job to two workers polling at once', async () => {
    const { queue } = await freshQueue(manualClock(Date.now()));
    const jobCount = 60;
    for (let index = 0; index < jobCount; index += 1) {
      await queue.enqueue({ queue: 'count', key: `job-${index}`, payload: { index } });
    }
    const runs = new Map<number, string[]>();
    const makeWorker = (workerId: string) =>
      new JobWorker({
        queue,
        workerId,
        concurrency: 5,
        handlers: {
          count: async (job) => {
            const { index } = job.payload as { index: number };
            runs.set(index, [...(runs.get(index) ?? []), workerId]);
            await new Promise((resolve) => setTimeout(resolve, 1));
          },
        },
      });
    const workers = [makeWorker('w1'), makeWorker('w2'), makeWorker('w3')];
    const ran = await Promise.all(workers.map((worker) => worker.drain()));
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(jobCount);
    expect(runs.size).toBe(jobCount);
    for (const [, workerIds] of runs) {
      expect(workerIds).toHaveLength(1);
    }
    expect(await queue.list({ queue: 'count', status: 'succeeded', limit: 100 })).toHaveLength(jobCount);
  });

  it('enqueues inside a transaction: nothing is enqueued when it rolls back', async () => {
    const { queue, db } = await freshQueue();
    await expect(
      db.transaction().execute(async (trx) => {
        await queue.enqueue({ queue: 'tx', key: 'k', payload: {} }, { db: trx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await queue.getByKey('tx', 'k')).toBeUndefined();
    await db.transaction().execute(async (trx) => {
      await queue.enqueue({ queue: 'tx', key: 'k', payload: {} }, { db: trx });
    });
    expect(await queue.getByKey('tx', 'k')).toMatchObject({ status: 'queued' });
  });

  it('polls in the background, wakes on enqueue, and stops gracefully after the running job', async () => {
    const { queue } = await freshQueue(manualClock(Date.now()));
    let release: () => void = () => {};
    const started: string[] = [];
    const finished: string[] = [];
    const worker = new JobWorker({
      queue,
      pollIntervalMs: 60_000,
      handlers: {
        slow: async (job) => {
          started.push(job.key!);
          await new Promise<void>((resolve) => (release = resolve));
          finished.push(job.key!);
        },
      },
    });
    worker.start();
    await queue.enqueue({ queue: 'slow', key: 'one', payload: {} });
    await expect.poll(() => started).toEqual(['one']);
    const stopping = worker.stop();
    release();
    await stopping;
    expect(finished).toEqual(['one']);
    // After stop nothing new is claimed.
    await queue.enqueue({ queue: 'slow', key: 'two', payload: {} });
    expect(await worker.runDue()).toBe(0);
    expect(await queue.getByKey('slow', 'two')).toMatchObject({ status: 'queued' });
  });

  it(`refuses bad input (${kind})`, async () => {
    const { queue } = await freshQueue();
    await expect(queue.enqueue({ queue: 'Bad Name', payload: {} })).rejects.toThrow(RangeError);
    await expect(queue.enqueue({ queue: 'ok', payload: {}, maxAttempts: 0 })).rejects.toThrow(RangeError);
    await expect(queue.enqueue({ queue: 'ok', payload: 'x'.repeat(70_000) })).rejects.toThrow(RangeError);
    await expect(queue.enqueue({ queue: 'ok', payload: {}, key: '' })).rejects.toThrow(RangeError);
  });
});

describe('job queue across a restart [pglite on disk]', () => {
  const directories: string[] = [];
  afterAll(async () => {
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'tessera-jobs-'));
    directories.push(directory);
  });

  it('runs after a restart a job enqueued before it, and one whose worker died mid-run', async () => {
    const clock = manualClock(Date.now());
    const first = await openPglite(directory);
    const firstQueue = new JobQueue({ db: await jobsDb(first, 'jobs_restart'), now: clock.now });
    await firstQueue.enqueue({ queue: 'persist', key: 'waiting', payload: { n: 1 } });
    await firstQueue.enqueue({ queue: 'persist', key: 'interrupted', payload: { n: 2 } });
    // The process claims one job and dies before finishing it.
    await firstQueue.claim({ queues: ['persist'], workerId: 'dead', limit: 1, leaseMs: 10_000 });
    await first.close();

    const second = await openPglite(directory);
    try {
      const queue = new JobQueue({ db: await jobsDb(second, 'jobs_restart'), now: clock.now });
      const seen: number[] = [];
      const worker = new JobWorker({
        queue,
        handlers: { persist: async (job) => void seen.push((job.payload as { n: number }).n) },
      });
      expect(await worker.drain()).toBe(1);
      clock.advance(10_000);
      expect(await worker.drain()).toBe(1);
      expect(seen.sort()).toEqual([1, 2]);
      expect(await queue.list({ queue: 'persist', status: 'succeeded' })).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
