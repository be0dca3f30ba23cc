/**
 * The document retention job (docs/operations.md, "Identity verification"): a decided application's images are
 * deleted from the object store KYC_DOCUMENT_RETENTION_DAYS after an approval, KYC_REJECTED_DOCUMENT_RETENTION_DAYS
 * after a rejection. The decision enqueues one job per application (queue KYC_PURGE_QUEUE, keyed by the
 * application, due at the end of its period) in its own transaction, so a decision never exists without its
 * deletion scheduled; the job is durable and idempotent (deleting twice deletes nothing more).
 */
import { type Job, JobQueue, JobWorker } from '@tessera/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { AnyKysely } from '@tessera/platform';
import { KYC_PURGE_QUEUE, type KycService } from './kyc.service.ts';

/** How often an idle worker looks for due deletions. */
export const KYC_RETENTION_POLL_MS = 60_000;

/** The worker that runs the deletions due. `start()` in the server; `drain()` in tests. */
export function createKycRetentionWorker(options: {
  db: AnyKysely;
  kyc: KycService;
  now: () => Date;
  log?: FastifyBaseLogger;
}): JobWorker {
  const queue = new JobQueue({ db: options.db, now: options.now });
  return new JobWorker({
    queue,
    concurrency: 1,
    pollIntervalMs: KYC_RETENTION_POLL_MS,
    handlers: {
      [KYC_PURGE_QUEUE]: async (job: Job<{ applicationId: string }>) => {
        const purged = await options.kyc.purgeFiles(job.payload.applicationId);
        options.log?.info({ applicationId: job.payload.applicationId, purged }, 'KYC documents deleted');
      },
    },
    ...(options.log ? { log: options.log } : {}),
  });
}
