/**
 * Four eyes on camt.054 imports, an append-only audit log, and the recipient-lookup counter (issue #13, defects 5
 * and 6; docs/api.md, "Cash operations: rails", "camt.054 imports").
 *
 * - camt054_imports: an uploaded file's parsed credits, waiting for a second admin. Nothing is booked until one
 *   approves; the credits booked are exactly the ones stored here (the preview), not a re-read of the file.
 * - audit_log: who did what to which object, when, with the figures. Rows are never changed or removed: a trigger
 *   refuses UPDATE, DELETE and TRUNCATE, so a bug or a hand-written statement cannot rewrite history. (It lives in
 *   cash operations' schema for now; the staff console will read it.)
 * - recipient_lookups: which e-mail addresses (as SHA-256, never the address) a customer looked up for a transfer
 *   and when, to bound how many addresses one customer may try (enumeration).
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const addCamt054ApprovalsAndAudit: Migration = {
  async up(db) {
    await sql`
      create table camt054_imports (
        id uuid primary key,
        status text not null check (status in ('pending', 'approved', 'booked', 'rejected', 'expired')),
        file_sha256 text not null,
        entries integer not null,
        credits jsonb not null,
        credit_count integer not null,
        credit_total_minor numeric(39, 0) not null,
        skipped integer not null,
        uploaded_by text not null,
        uploaded_by_name text not null,
        uploaded_at timestamptz not null,
        expires_at timestamptz not null,
        decided_by text,
        decided_by_name text,
        decided_at timestamptz,
        reject_reason text,
        booked_at timestamptz,
        result jsonb,
        check (status = 'pending' or status = 'expired' or decided_by is not null),
        check (decided_by is null or decided_by <> uploaded_by or status = 'rejected')
      );
      create index camt054_imports_uploaded on camt054_imports (uploaded_at desc, id desc);

      create table audit_log (
        id uuid primary key,
        occurred_at timestamptz not null,
        actor_user_id text not null,
        actor_username text not null,
        action text not null,
        subject_type text not null,
        subject_id text not null,
        details jsonb not null
      );
      create index audit_log_subject on audit_log (subject_type, subject_id, occurred_at);
      create index audit_log_occurred on audit_log (occurred_at, id);

      create function audit_log_is_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
      $$;
      create trigger audit_log_no_change before update or delete on audit_log
        for each row execute function audit_log_is_append_only();
      create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_is_append_only();

      create table recipient_lookups (
        user_id text not null,
        email_sha256 text not null,
        looked_up_at timestamptz not null,
        primary key (user_id, email_sha256)
      );
    `.execute(db);
  },
};
