/**
 * The runs of the ledger check (the hash chain and balances recomputed, debits against credits; verification.service
 * .ts) an admin starts from the staff console's ledger explorer: when it ran, who ran it and what it found, so the
 * explorer shows the latest result of each ledger and when it was obtained. Append-only by use: no route changes a
 * row.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const verificationRuns: Migration = {
  async up(db) {
    await sql`
      create table verification_runs (
        id bigserial primary key,
        tenant_id text not null,
        code text not null,
        ran_at timestamptz not null default now(),
        ran_by text not null,
        ok boolean not null,
        duration_ms integer not null,
        result jsonb not null
      );
      create index verification_runs_latest on verification_runs (tenant_id, code, id desc);
    `.execute(db);
  },
};
