/**
 * The jobs table a service adds to its own schema with one migration (`createJobsTable(db)` inside its `up`), so the
 * queue obeys "a service touches only its own schema" and moves with the service. docs/adr (job queue) says why.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../database/types.ts';

/** The statuses of a job: waiting or leased (`queued`, `running`), then final (`succeeded`, `failed`). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A row of the jobs table as Kysely sees it. */
export interface JobRow {
  id: string;
  queue: string;
  /** The idempotency key of the enqueue: one job per (queue, key); null when the caller gave none. */
  key: string | null;
  payload: unknown;
  status: JobStatus;
  /** When the job may run next (its first run, or its next retry). */
  run_at: Date;
  /** How many times a worker claimed it (a claim counts even when the worker then crashed). */
  attempts: number;
  max_attempts: number;
  /** The worker holding the lease, and until when; a lease that passed means the worker died. */
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/** The tables of the jobs module, for `db as Kysely<JobTables>`. */
export interface JobTables {
  jobs: JobRow;
}

/**
 * Creates the `jobs` table and its indexes in the migration's schema. Call it from one of the service's migrations;
 * the table is the service's own (cash_operations.jobs).
 */
export async function createJobsTable(db: AnyKysely): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (column) => column.primaryKey())
    .addColumn('queue', 'text', (column) => column.notNull())
    .addColumn('key', 'text')
    .addColumn('payload', 'jsonb', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('run_at', 'timestamptz', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (column) => column.notNull().check(sql`max_attempts >= 1`))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('jobs_queue_key_unique', ['queue', 'key'])
    .execute();
  // What a poll reads: the due jobs of some queues. Finished jobs stay out of this partial index.
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['queue', 'run_at'])
    .where(sql<boolean>`status in ('queued', 'running')`)
    .execute();
}
