/**
 * The staff audit log (migrations/0004-camt054-approvals-and-audit.ts): one row per thing a staff member did that
 * moves or may move money, written in the same transaction as the change it records, so a change is never without
 * its row. The table is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); this module only inserts and
 * reads. It lives in cash operations' schema for now; the staff console will read it.
 */
import { uuidv7 } from '@tessera/contracts';
import type { Principal } from '@tessera/platform';
import type { Kysely } from 'kysely';
import type { RailsTables } from './rails.tables.ts';

/** What staff did (one word per action, `<subject>.<verb>`). */
export const AUDIT_ACTIONS = ['camt054.upload', 'camt054.approve', 'camt054.reject', 'camt054.book'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of the log. */
export interface AuditEntry {
  readonly id: string;
  readonly occurredAt: string;
  readonly actor: { readonly userId: string; readonly username: string };
  readonly action: AuditAction;
  readonly subjectType: string;
  readonly subjectId: string;
  readonly details: Record<string, unknown>;
}

/** Appends one entry (call it inside the transaction that makes the change). */
export async function appendAudit(
  db: Kysely<RailsTables>,
  entry: {
    readonly actor: Pick<Principal, 'userId' | 'username'>;
    readonly action: AuditAction;
    readonly subjectType: string;
    readonly subjectId: string;
    readonly details: Record<string, unknown>;
    readonly at: Date;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: uuidv7(entry.at.getTime()),
      occurred_at: entry.at,
      actor_user_id: entry.actor.userId,
      actor_username: entry.actor.username,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

/** Most entries one read returns. */
export const AUDIT_READ_MAX = 500;

/** The entries about one subject, oldest first (at most AUDIT_READ_MAX). */
export async function auditOf(
  db: Kysely<RailsTables>,
  subjectType: string,
  subjectId: string,
): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('occurred_at')
    .orderBy('id')
    .limit(AUDIT_READ_MAX)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    actor: { userId: row.actor_user_id, username: row.actor_username },
    action: row.action as AuditAction,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    details: row.details,
  }));
}
