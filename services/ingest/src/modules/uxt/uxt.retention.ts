/**
 * Retention of usability-test recordings (docs/operations.md, "Usability tests"): a webcam and microphone recording
 * is kept INGEST_RETENTION_DAYS after its upload, like a recorded session, then deleted (bytes first, then the row);
 * unused upload URLs are dropped a day after they expired. The results (signals, typed answers, SUS) stay with the
 * test. One sweep job a day on the ingest's job queue (queue UXT_PURGE_QUEUE, keyed by the day).
 */
import { type Job, JobQueue, JobWorker, type ObjectStore } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { UxtDatabase } from './uxt.tables.ts';

export const UXT_PURGE_QUEUE = 'ingest.uxt-purge';
const DAY_MS = 24 * 3600 * 1000;
const ROUND = 200;

/** Enqueues the sweep of the day of `at`; the same day again is the same job. */
export async function scheduleUxtSweep(queue: JobQueue, at: Date): Promise<void> {
  await queue.enqueue({
    queue: UXT_PURGE_QUEUE,
    key: `uxt-sweep-${at.toISOString().slice(0, 10)}`,
    payload: {},
    runAt: at,
  });
}

/** Deletes recordings uploaded more than `retentionDays` before `now` and stale upload URLs; returns how many recordings. */
export async function purgeExpiredRecordings(options: {
  db: UxtDatabase;
  store: ObjectStore;
  retentionDays: number;
  now: Date;
}): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS);
  await options.db
    .deleteFrom('uxt_upload')
    .where('expires_at', '<', new Date(options.now.getTime() - DAY_MS))
    .execute();
  let purged = 0;
  for (;;) {
    const due = await options.db
      .selectFrom('uxt_recording')
      .select(['id', 'object_key'])
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .limit(ROUND)
      .execute();
    if (due.length === 0) {
      return purged;
    }
    for (const recording of due) {
      // The bytes first: a crash between the two leaves a row to retry from, never an orphan object.
      await options.store.delete(recording.object_key);
      await options.db.deleteFrom('uxt_recording').where('id', '=', recording.id).execute();
      purged += 1;
    }
  }
}

/** The worker that runs the daily sweep. */
export function createUxtRetentionWorker(options: {
  db: UxtDatabase;
  store: ObjectStore;
  retentionDays: number;
  now: () => Date;
  log?: FastifyBaseLogger;
}): { worker: JobWorker; queue: JobQueue } {
  const queue = new JobQueue({ db: options.db as never, now: options.now });
  const worker = new JobWorker({
    queue,
    concurrency: 1,
    pollIntervalMs: 60_000,
    handlers: {
      [UXT_PURGE_QUEUE]: async (_job: Job<Record<string, never>>) => {
        const now = options.now();
        const purged = await purgeExpiredRecordings({ ...options, now });
        options.log?.info({ purged }, 'usability-test recordings past retention deleted');
        await scheduleUxtSweep(queue, new Date(now.getTime() + DAY_MS));
      },
    },
    ...(options.log ? { log: options.log } : {}),
  });
  return { worker, queue };
}
