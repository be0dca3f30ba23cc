/**
 * The retention purge (docs/operations.md, "Session tracking"): recorded sessions are kept INGEST_RETENTION_DAYS
 * (default 30) after their start, then deleted with everything they hold (batches, pages, quarantine rows,
 * snapshots in the object store). It runs on the platform's job queue (ADR 0006): one sweep job a day (queue
 * INGEST_PURGE_QUEUE, keyed by the day, so every process enqueueing it makes one job), which deletes what is due in
 * bounded rounds and enqueues the next day's sweep. Deleting twice deletes nothing more (idempotent).
 */
import { type Job, JobQueue, JobWorker } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestDatabase } from '../../tables.ts';
import type { ImageStore } from '../tracker/images.ts';

export const INGEST_PURGE_QUEUE = 'ingest.purge';
/** Sessions deleted per round of a sweep. */
export const PURGE_ROUND = 200;
/** How often an idle worker looks for the due sweep. */
export const INGEST_PURGE_POLL_MS = 60_000;

const DAY_MS = 24 * 3600 * 1000;

/** Enqueues the sweep of the day of `at` (at `at`); the same day again is the same job. */
export async function scheduleSweep(queue: JobQueue, at: Date): Promise<void> {
  await queue.enqueue({
    queue: INGEST_PURGE_QUEUE,
    key: `sweep-${at.toISOString().slice(0, 10)}`,
    payload: {},
    runAt: at,
  });
}

/** Deletes every session that started more than `retentionDays` before `now`; returns how many. */
export async function purgeExpiredSessions(options: {
  db: IngestDatabase;
  images: ImageStore;
  retentionDays: number;
  now: Date;
}): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const due = await options.db
      .selectFrom('session')
      .select('id')
      .where('started_at', '<', cutoff)
      .orderBy('started_at')
      .limit(PURGE_ROUND)
      .execute();
    if (due.length === 0) {
      return purged;
    }
    for (const { id } of due) {
      const images = await options.db
        .selectFrom('image')
        .select('object_key')
        .where('session_id', '=', id)
        .execute();
      // The bytes first: a crash between the two leaves a row to retry from, never an orphan object.
      for (const image of images) {
        await options.images.store.delete(image.object_key);
      }
      // Batches, pages, images and quarantine rows go with the session (on delete cascade).
      await options.db.deleteFrom('session').where('id', '=', id).execute();
      purged += 1;
    }
  }
}

/** The worker that runs the sweeps. `start()` in the server; `drain()` in tests. */
export function createRetentionWorker(options: {
  db: IngestDatabase;
  images: ImageStore;
  retentionDays: number;
  now: () => Date;
  log?: FastifyBaseLogger;
}): { worker: JobWorker; queue: JobQueue } {
  const queue = new JobQueue({ db: options.db, now: options.now });
  const worker = new JobWorker({
    queue,
    concurrency: 1,
    pollIntervalMs: INGEST_PURGE_POLL_MS,
    handlers: {
      [INGEST_PURGE_QUEUE]: async (_job: Job<Record<string, never>>) => {
        const now = options.now();
        const purged = await purgeExpiredSessions({ ...options, now });
        options.log?.info({ purged }, 'recorded sessions past retention deleted');
        await scheduleSweep(queue, new Date(now.getTime() + DAY_MS));
      },
    },
    ...(options.log ? { log: options.log } : {}),
  });
  return { worker, queue };
}
