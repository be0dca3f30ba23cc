/**
 * The staff audit log (docs/security.md, "Staff console"): who (the staff member's id and groups at the time), what
 * (an action such as `staff.invite` or `customer.view`), on whom, when and why (the case or ticket reference).
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, whatever the caller, so the service's own code
 * cannot rewrite history either.
 */
import { sql } from 'kysely';
import type { Migration } from '@tessera/platform';

export const staffAuditLogMigration: Migration = {
  async up(db) {
    await sql`
      create table staff_audit_log (
        id bigserial primary key,
        occurred_at timestamptz not null default now(),
        actor_id text not null,
        actor_groups jsonb not null,
        action text not null,
        subject_id text,
        reason text not null,
        detail jsonb not null default '{}'::jsonb
      );
      create index staff_audit_log_occurred on staff_audit_log (occurred_at desc, id desc);
      create index staff_audit_log_actor on staff_audit_log (actor_id, id desc);
      create index staff_audit_log_subject on staff_audit_log (subject_id, id desc);

      create function staff_audit_log_is_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'staff_audit_log is append-only';
      end
      $$;
      create trigger staff_audit_log_no_change before update or delete on staff_audit_log
        for each row execute function staff_audit_log_is_append_only();
      create trigger staff_audit_log_no_truncate before truncate on staff_audit_log
        for each statement execute function staff_audit_log_is_append_only();
    `.execute(db);
  },
};
