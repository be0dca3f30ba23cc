/**
 * Identity verification (issue #16, docs/adr/0016-kyc.md): the customer's applications, the images they uploaded
 * (the bytes live in the object store; a row holds the key), the reviewers' decisions, and the jobs table of the
 * document retention job.
 */
import { sql } from 'kysely';
import { createJobsTable, type Migration } from '@tessera/platform';

export const createKyc: Migration = {
  async up(db) {
    await sql`
      create table kyc_applications (
        id uuid primary key,
        user_id uuid not null,
        target_level smallint not null check (target_level in (2, 3)),
        status text not null check (status in (
          'in_progress', 'submitted', 'under_review', 'approved', 'rejected', 'more_info_requested'
        )),
        personal jsonb,
        address jsonb,
        document jsonb,
        due_diligence jsonb,
        decision_reason text,
        -- The reviewer who claimed the case (a staff user id).
        assigned_to text,
        submitted_at timestamptz,
        decided_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index kyc_applications_user on kyc_applications (user_id, created_at desc);
      create index kyc_applications_queue on kyc_applications (status, submitted_at);
      -- At most one application per customer that is not decided: a new attempt starts only after a decision.
      create unique index kyc_applications_one_open on kyc_applications (user_id)
        where status not in ('approved', 'rejected');

      create table kyc_files (
        application_id uuid not null references kyc_applications (id),
        slot text not null check (slot in ('front', 'back', 'selfie')),
        object_key text not null,
        content_type text not null,
        size_bytes integer not null check (size_bytes > 0),
        sha256 text not null,
        uploaded_at timestamptz not null default now(),
        -- Set when the retention job deleted the bytes; the row stays as the record that they existed.
        purged_at timestamptz,
        primary key (application_id, slot)
      );

      -- Every reviewer decision, append-only (a correction is a new decision).
      create table kyc_decisions (
        id bigint generated always as identity primary key,
        application_id uuid not null references kyc_applications (id),
        user_id uuid not null,
        reviewer_id text not null,
        reviewer_label text not null,
        decision text not null check (decision in ('approve', 'reject', 'request_info')),
        reason text,
        created_at timestamptz not null default now()
      );
      create index kyc_decisions_application on kyc_decisions (application_id, id);
      create index kyc_decisions_user on kyc_decisions (user_id, id);
    `.execute(db);
    await createJobsTable(db);
  },
};
