/**
 * The durable job queue on the service's own database (docs/adr/0006-rails-and-job-queue.md): the jobs table
 * migration, the queue, and the worker that polls it.
 */
export * from './job-queue.ts';
export * from './job-worker.ts';
export * from './jobs-table.ts';
