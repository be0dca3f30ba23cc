/**
 * The identity service's staff audit log (migrations/0003-staff-audit-log.ts): the StaffAuditLog of
 * @tessera/platform. Only inserts and reads: the table refuses anything else.
 */
import type { StaffAuditLog } from '@tessera/platform';
import { sql } from 'kysely';
import type { IdentityDb } from '../../database.ts';

export interface StaffAuditFilter {
  readonly actorId?: string | undefined;
  readonly subjectId?: string | undefined;
  readonly action?: string | undefined;
  /** Entries with a smaller id (the cursor of the previous page). */
  readonly before?: string | undefined;
  readonly limit: number;
}

export function createStaffAuditLog(db: IdentityDb): StaffAuditLog & {
  list(filter: StaffAuditFilter): Promise<{ entries: StaffAuditRow[]; nextCursor: string | null }>;
} {
  return {
    async record(entry) {
      await db
        .insertInto('staff_audit_log')
        .values({
          actor_id: entry.actorId,
          actor_groups: JSON.stringify(entry.actorGroups),
          action: entry.action,
          subject_id: entry.subjectId ?? null,
          reason: entry.reason,
          detail: JSON.stringify(entry.detail ?? {}),
        })
        .execute();
    },
    async list(filter) {
      let query = db
        .selectFrom('staff_audit_log')
        // Ids are kept as text (a subject may one day be something else than a user); users.id is a uuid.
        .leftJoin('users as actor', (join) =>
          join.on((eb) => eb(sql`actor.id::text`, '=', eb.ref('staff_audit_log.actor_id'))),
        )
        .leftJoin('users as subject', (join) =>
          join.on((eb) => eb(sql`subject.id::text`, '=', eb.ref('staff_audit_log.subject_id'))),
        )
        .select([
          'staff_audit_log.id',
          'staff_audit_log.occurred_at',
          'staff_audit_log.actor_id',
          'actor.email as actor_email',
          'staff_audit_log.actor_groups',
          'staff_audit_log.action',
          'staff_audit_log.subject_id',
          'subject.email as subject_email',
          'staff_audit_log.reason',
          'staff_audit_log.detail',
        ])
        .orderBy('staff_audit_log.id', 'desc')
        .limit(filter.limit + 1);
      if (filter.actorId) {
        query = query.where('staff_audit_log.actor_id', '=', filter.actorId);
      }
      if (filter.subjectId) {
        query = query.where('staff_audit_log.subject_id', '=', filter.subjectId);
      }
      if (filter.action) {
        query = query.where('staff_audit_log.action', '=', filter.action);
      }
      if (filter.before) {
        query = query.where('staff_audit_log.id', '<', filter.before);
      }
      const rows = await query.execute();
      const page = rows.slice(0, filter.limit);
      return {
        entries: page.map((row) => ({
          id: String(row.id),
          occurredAt: row.occurred_at.toISOString(),
          actorId: row.actor_id,
          actorEmail: row.actor_email ?? null,
          actorGroups: row.actor_groups,
          action: row.action,
          subjectId: row.subject_id,
          subjectEmail: row.subject_email ?? null,
          reason: row.reason,
          detail: row.detail,
        })),
        nextCursor: rows.length > filter.limit ? String(page.at(-1)!.id) : null,
      };
    },
  };
}

export interface StaffAuditRow {
  readonly id: string;
  readonly occurredAt: string;
  readonly actorId: string;
  readonly actorEmail: string | null;
  readonly actorGroups: string[];
  readonly action: string;
  readonly subjectId: string | null;
  readonly subjectEmail: string | null;
  readonly reason: string;
  readonly detail: Record<string, unknown>;
}
